/** The manifest of a language (manifests.ts writes them): English is the plain one. */
export function manifestFile(lang: string): string {
  return lang === 'en' ? 'manifest.webmanifest' : `manifest-${lang}.webmanifest`;
}
