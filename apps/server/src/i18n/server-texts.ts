import { isLanguageCode, type LanguageCode } from '@tractorlink/domain/languages';
import en from '../../../web/src/locales/server/en.json';
import gu from '../../../web/src/locales/server/gu.json';
import hi from '../../../web/src/locales/server/hi.json';
import mr from '../../../web/src/locales/server/mr.json';
import pa from '../../../web/src/locales/server/pa.json';
import ta from '../../../web/src/locales/server/ta.json';
import te from '../../../web/src/locales/server/te.json';

/**
 * What the server itself writes to people (push titles, SMS, the alert list's names), from the JSON
 * catalogues beside the web's (`apps/web/src/locales/server/<lang>.json`, which the web never loads).
 * The same `{{name}}` placeholders as the web's catalogues; the web's catalogue test checks that every
 * language has every key. esbuild bundles the JSON into the server (scripts/server-build.mjs).
 */
export type ServerTextKey = keyof typeof en;

const CATALOGUES: Record<LanguageCode, Record<ServerTextKey, string>> = { en, hi, mr, pa, gu, ta, te };

/** The text in `language` (English for an unknown one), its `{{placeholders}}` filled. */
export function serverText(language: string, key: ServerTextKey, values: Record<string, string> = {}): string {
  const text = CATALOGUES[isLanguageCode(language) ? language : 'en'][key];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
