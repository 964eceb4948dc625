import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next, keepInStep } from '../i18n';
import { createStore } from '../store';

type Catalogue = Record<string, string>;
type Bundles = Record<string, () => Promise<{ default: Catalogue }>>;

/**
 * A catalogue namespace of its own for a group of screens (the alert screens, the geofence screens,
 * all signed-in screens), one chunk per language fetched with the first of those screens: in the main
 * catalogue the words would weigh on the login screen (DESIGN §1 budget). Keys not found there fall
 * back to the main catalogue (common.*, error.* …), then to the signed-in words (i18n.ts
 * `fallbackNS`). `bundles` is the namespace's `import.meta.glob` of `<folder><lang>.json` files.
 */
export function namespaceTexts(ns: string, bundles: Bundles, folder: string) {
  const loadedVersion = createStore(0);
  const pending = new Map<string, Promise<void>>();
  const has = (lang: string) => i18next.hasResourceBundle(lang, ns);
  let inStep = false;

  /** Fetches one language's words once (the service worker keeps the chunk for offline use). */
  function load(lang: string = i18next.resolvedLanguage ?? i18next.language): Promise<void> {
    if (has(lang)) return Promise.resolve();
    const fetchBundle = bundles[`${folder}${lang}.json`];
    if (!fetchBundle) return Promise.resolve();
    let p = pending.get(lang);
    if (!p) {
      p = fetchBundle()
        .then((mod) => {
          i18next.addResourceBundle(lang, ns, mod.default, true, true);
          loadedVersion.set(loadedVersion.get() + 1);
          // In use from now on: a language switch waits for these words too. Without it a screen
          // already opened once showed its raw keys ('hire.title') after a switch until they came.
          if (!inStep) {
            inStep = true;
            keepInStep(load);
          }
        })
        .finally(() => pending.delete(lang));
      pending.set(lang, p);
    }
    return p;
  }

  /** `t` (this namespace first, then the main catalogue) and whether the current language's words are in. */
  function useTexts() {
    const { t, i18n } = useTranslation([ns, 'translation'], { nsMode: 'fallback' });
    useSyncExternalStore(loadedVersion.subscribe, loadedVersion.get);
    const lang = i18n.resolvedLanguage ?? i18n.language;
    const ready = has(lang);
    useEffect(() => {
      if (!ready) load(lang).catch((error: unknown) => console.warn(`Words of ${ns} not available`, lang, error));
    }, [lang, ready]);
    return { t, lang, ready };
  }

  return { load, useTexts };
}
