import { beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n';
import { storage } from '../lib/secure-storage';

/** A namespace's loader (loadTractorTexts, loadHireTexts …): fetches its words in one language. */
type LoadWords = (lang: string) => Promise<unknown>;

/**
 * Before the file's tests: the secure storage read and the app in English, with the words of each
 * namespace the screen under test uses. Call at the top level of a test file.
 */
export function englishBeforeAll(...namespaces: LoadWords[]): void {
  beforeAll(async () => {
    await storage.load();
    await initI18n('en');
    await Promise.all(namespaces.map((load) => load('en')));
  });
}
