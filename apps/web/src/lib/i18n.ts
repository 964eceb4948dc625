import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import en from '../locales/en.json';
import { storage } from './secure-storage';

/**
 * i18next with flat keys (`keySeparator: false`). English is bundled; the six other catalogues and
 * every language's legal text (namespace `terms`) are separate chunks fetched when first needed,
 * so they add nothing to the login screen. So are the signed-in screens' words (namespace `tractor`,
 * lib/signed-in/tractor-texts.ts).
 */

/** The signed-in screens' words: `t` looks there for a key the main catalogue does not have. */
export const TRACTOR_NS = 'tractor';

type Catalogue = Record<string, string>;
type Loader = () => Promise<{ default: Catalogue }>;

const ui = import.meta.glob<{ default: Catalogue }>(['../locales/*.json', '!../locales/en.json']);
const legal = import.meta.glob<{ default: Catalogue }>('../locales/terms/*.json');

function loader(table: Record<string, Loader>, folder: string, lang: string): Loader | undefined {
  return table[`../locales/${folder}${lang}.json`];
}

async function ensure(lang: LanguageCode, ns: 'translation' | 'terms'): Promise<void> {
  if (i18next.hasResourceBundle(lang, ns)) return;
  const load = ns === 'terms' ? loader(legal, 'terms/', lang) : loader(ui, '', lang);
  if (!load) return;
  const mod = await load();
  i18next.addResourceBundle(lang, ns, mod.default, true, true);
}

export function currentLanguage(): LanguageCode {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE;
}

/** The stored choice, else the default. */
function storedLanguage(): LanguageCode {
  const saved = storage.get('language');
  return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
}

export async function initI18n(lang: LanguageCode = storedLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    fallbackNS: TRACTOR_NS,
    // Words that land after a screen rendered (a namespace fetched late) re-render it.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  await applyLanguage(lang);
}

type NamespaceLoader = (lang: LanguageCode) => Promise<void>;
const inStep = new Set<NamespaceLoader>();

/**
 * A namespace in use (the signed-in words) has every language switch wait for its words too: the
 * screen changes language in one step, with no English in between.
 */
export function keepInStep(load: NamespaceLoader): void {
  inStep.add(load);
}

async function applyLanguage(lang: LanguageCode): Promise<void> {
  // Offline before a catalogue was ever cached: stay readable in English.
  const settle = (loading: Promise<void>) => loading.catch((error: unknown) => console.warn('Catalogue not available', lang, error));
  await Promise.all([settle(ensure(lang, 'translation')), ...[...inStep].map((load) => settle(load(lang)))]);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Switches the whole UI without a reload and remembers the choice on this phone. */
export async function changeAppLanguage(lang: LanguageCode): Promise<void> {
  storage.set('language', lang);
  await applyLanguage(lang);
}

/** Legal text is loaded only when the terms are opened. */
export async function loadTerms(lang: LanguageCode): Promise<void> {
  await Promise.all([ensure(lang, 'terms'), lang === DEFAULT_LANGUAGE ? undefined : ensure(DEFAULT_LANGUAGE, 'terms')]);
}

export { i18next };
