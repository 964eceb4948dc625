import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';

/** One namespace's words in one language, as its catalogue file holds them (src/locales/<folder>/<lang>.json). */
export const catalogueOf = (folder: string, lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../locales', folder, `${lang}.json`), 'utf8')) as Record<string, string>;

/**
 * `t` of one language over the namespaces' catalogue files: the first is the default, the others its
 * fallbacks (as i18n.ts's fallbackNS), plural forms chosen as the app chooses them (Intl.PluralRules).
 * For tests of words and formatting helpers that need no rendering.
 */
export async function catalogueT(lang: string, ...folders: [string, ...string[]]): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: Object.fromEntries(folders.map((folder) => [folder, catalogueOf(folder, lang)])) },
    ns: folders,
    defaultNS: folders[0],
    fallbackNS: folders.length > 1 ? folders.slice(1) : false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}
