/** The seven languages of the product, each named in its own script (spec §1). */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English' },
  { code: 'hi', nativeName: 'हिन्दी' },
  { code: 'mr', nativeName: 'मराठी' },
  { code: 'pa', nativeName: 'ਪੰਜਾਬੀ' },
  { code: 'gu', nativeName: 'ગુજરાતી' },
  { code: 'ta', nativeName: 'தமிழ்' },
  { code: 'te', nativeName: 'తెలుగు' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}
