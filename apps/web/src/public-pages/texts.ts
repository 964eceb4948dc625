import type { LanguageCode } from '@tractorlink/domain/languages';

/**
 * The words a customer reads (issue 17): the shared bill and live-location pages, and the text of a
 * shared link. One small catalogue per language (locales/public/<lang>.json), each a file of its own,
 * fetched once the page knows the customer's language. No i18next: these pages carry no app shell.
 */
export type Texts = Readonly<Record<string, string>>;

/**
 * The product's languages (domain languages.ts LANGUAGE_CODES, kept equal by a test): imported from
 * there, the module would come in the app's shared chunk, and that chunk brings the framework with it.
 */
export const PAGE_LANGUAGES: readonly LanguageCode[] = ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'];
const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const isPageLanguage = (code: string): code is LanguageCode => (PAGE_LANGUAGES as readonly string[]).includes(code);

/**
 * Each catalogue's URL (fetched as JSON, not imported as a module: a dynamic import() would bring
 * Vite's preload helper, which lives in the app's shared chunk, and that chunk the framework).
 */
const catalogues = import.meta.glob<string>('../locales/public/*.json', { query: '?url&no-inline', import: 'default', eager: true });

async function fetchCatalogue(code: LanguageCode): Promise<Texts> {
  const url = catalogues[`../locales/public/${code}.json`];
  if (!url) throw new Error(`no catalogue for ${code}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`catalogue ${code}: ${res.status}`);
  return (await res.json()) as Texts;
}

/** One language's words; English when the language is unknown or its file cannot be had. */
export async function loadTexts(lang: string): Promise<{ lang: LanguageCode; texts: Texts }> {
  const code = isPageLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  try {
    return { lang: code, texts: await fetchCatalogue(code) };
  } catch {
    if (code === DEFAULT_LANGUAGE) return { lang: code, texts: {} };
    return { lang: DEFAULT_LANGUAGE, texts: await fetchCatalogue(DEFAULT_LANGUAGE).catch(() => ({})) };
  }
}

/** A text with its {{placeholders}} filled; a missing key shows as itself (the catalogue test keeps them complete). */
export function fill(texts: Texts, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  return (texts[key] ?? key).replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A text about `count` of something, in the language's form for that count (Intl.PluralRules, as
 * i18next picks in the app): `<key>_one` for "1 acre", `<key>_other` for "2 acres"; a key without forms as it is.
 */
export function fillCount(texts: Texts, lang: string, key: string, count: number, values: Readonly<Record<string, string | number>> = {}): string {
  const form = `${key}_${new Intl.PluralRules(lang).select(count)}`;
  return fill(texts, form in texts ? form : `${key}_other` in texts ? `${key}_other` : key, values);
}
