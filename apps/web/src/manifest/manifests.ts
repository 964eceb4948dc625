// Types only from the domain package: vite.config.ts loads this file with Node, which runs no .ts from packages.
import type { LanguageCode } from '@tractorlink/domain/languages';
import en from '../locales/en.json' with { type: 'json' };
import gu from '../locales/gu.json' with { type: 'json' };
import hi from '../locales/hi.json' with { type: 'json' };
import mr from '../locales/mr.json' with { type: 'json' };
import pa from '../locales/pa.json' with { type: 'json' };
import ta from '../locales/ta.json' with { type: 'json' };
import te from '../locales/te.json' with { type: 'json' };
import tractorEn from '../locales/tractor/en.json' with { type: 'json' };
import tractorGu from '../locales/tractor/gu.json' with { type: 'json' };
import tractorHi from '../locales/tractor/hi.json' with { type: 'json' };
import tractorMr from '../locales/tractor/mr.json' with { type: 'json' };
import tractorPa from '../locales/tractor/pa.json' with { type: 'json' };
import tractorTa from '../locales/tractor/ta.json' with { type: 'json' };
import tractorTe from '../locales/tractor/te.json' with { type: 'json' };
import { manifestFile } from './manifest-file.ts';

/**
 * The web app manifests (issue 19 item 6), written by the build: one per language, each with the
 * description and the shortcuts' names in that language, taken from the app's own catalogues (the
 * about screen's summary; the tab and Locate me names). The app links the owner's one
 * (app/manifest-link.ts). Why one per language: no browser reads the manifest's `*_localized` members
 * yet (Chromium: issues.chromium.org/issues/380491647), which every manifest carries as well, for the
 * day one does. The name stays TractorLink in every language (the brand is written one way).
 */

type Words = Record<string, string>;
const MAIN: Record<LanguageCode, Words> = { en, hi, mr, pa, gu, ta, te };
const TRACTOR: Record<LanguageCode, Words> = { en: tractorEn, hi: tractorHi, mr: tractorMr, pa: tractorPa, gu: tractorGu, ta: tractorTa, te: tractorTe };
const LANGUAGE_CODES = Object.keys(MAIN) as LanguageCode[];

function word(table: Record<LanguageCode, Words>, lang: LanguageCode, key: string): string {
  const text = table[lang][key];
  if (!text) throw new Error(`manifest: no ${lang} text for ${key}`);
  return text;
}

const localized = (table: Record<LanguageCode, Words>, key: string) => Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, word(table, lang, key)]));

const ICON = [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

/** A long press on the home-screen icon goes straight to what an owner opens most. */
const SHORTCUTS = [
  { key: 'tabs.home', url: './#/tabs/home' },
  { key: 'tabs.alerts', url: './#/alert' },
  { key: 'locate.title', url: './#/locate-me' },
] as const;

/** The richer install dialog's pictures (public/screenshots, made by tools/manifest-screenshots.mjs). */
const SCREENSHOTS = [
  { src: 'screenshots/home-narrow.png', sizes: '720x1480', type: 'image/png', form_factor: 'narrow', label: 'home' },
  { src: 'screenshots/alerts-narrow.png', sizes: '720x1480', type: 'image/png', form_factor: 'narrow', label: 'alerts' },
  { src: 'screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'home' },
] as const;

/** The screenshots' labels, in the manifest's language. */
const SCREENSHOT_LABEL = { home: 'tabs.home', alerts: 'tabs.alerts' } as const;

export function manifestFor(lang: LanguageCode) {
  return {
    // A stable identity: the installed app stays the same app whichever language's manifest it came from.
    id: './',
    name: 'TractorLink',
    short_name: 'TractorLink',
    description: word(MAIN, lang, 'about.summary'),
    description_localized: localized(MAIN, 'about.summary'),
    lang,
    dir: 'ltr',
    start_url: './',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#1b5e20',
    background_color: '#ffffff',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      // Android's launcher crops a maskable icon to its own shape; it picks the size nearest its need (192 on most phones).
      { src: 'icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: SHORTCUTS.map(({ key, url }) => ({ name: word(TRACTOR, lang, key), name_localized: localized(TRACTOR, key), url, icons: ICON })),
    screenshots: SCREENSHOTS.map(({ label, ...shot }) => ({ ...shot, label: word(TRACTOR, lang, SCREENSHOT_LABEL[label]) })),
  };
}

/** Every language's manifest, by file name. */
export function allManifests(): Record<string, string> {
  return Object.fromEntries(LANGUAGE_CODES.map((lang) => [manifestFile(lang), `${JSON.stringify(manifestFor(lang), null, 2)}\n`]));
}
