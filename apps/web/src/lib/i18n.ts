import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import en from '../locales/en.json';
import { storage } from './secure-storage';

/**
 * i18next with flat keys (`keySeparator: false`). English is bundled; the six other catalogues and
 * every language's legal text (namespace `terms`) are separate chunks fetched when first needed,
 * so they add nothing to the login screen.
 */

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
export function storedLanguage(): LanguageCode {
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
    react: { useSuspense: false },
  });
  await applyLanguage(lang);
}

async function applyLanguage(lang: LanguageCode): Promise<void> {
  try {
    await ensure(lang, 'translation');
  } catch (error) {
    // Offline before the catalogue was ever cached: stay readable in English.
    console.warn('Catalogue not available', lang, error);
  }
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
