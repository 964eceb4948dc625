import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../i18n';
import { createStore } from '../store';

/**
 * The alert screens' words (alert names and descriptions of the 23 types, units, filters, receivers,
 * notifications) are a namespace of their own, `alerts`, one chunk per language fetched with the
 * first alert screen: in the main catalogue they would weigh on the login screen (DESIGN §1 budget).
 * Keys not found there fall back to the main catalogue (common.*, error.* …).
 */
export const ALERTS_NS = 'alerts';

type Catalogue = Record<string, string>;
const bundles = import.meta.glob<{ default: Catalogue }>('../../locales/alerts/*.json');
const loadedVersion = createStore(0);
const pending = new Map<string, Promise<void>>();

function has(lang: string): boolean {
  return i18next.hasResourceBundle(lang, ALERTS_NS);
}

/** Fetches one language's alert words once (the service worker keeps the chunk for offline use). */
export function loadAlertTexts(lang: string = i18next.resolvedLanguage ?? i18next.language): Promise<void> {
  if (has(lang)) return Promise.resolve();
  const load = bundles[`../../locales/alerts/${lang}.json`];
  if (!load) return Promise.resolve();
  let p = pending.get(lang);
  if (!p) {
    p = load()
      .then((mod) => {
        i18next.addResourceBundle(lang, ALERTS_NS, mod.default, true, true);
        loadedVersion.set(loadedVersion.get() + 1);
      })
      .finally(() => pending.delete(lang));
    pending.set(lang, p);
  }
  return p;
}

/**
 * `t` for the alert screens (alerts namespace first, then the main catalogue) and whether the
 * current language's alert words are in; screens show a loading line until they are.
 */
export function useAlertTexts() {
  const { t, i18n } = useTranslation([ALERTS_NS, 'translation'], { nsMode: 'fallback' });
  useSyncExternalStore(loadedVersion.subscribe, loadedVersion.get);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const ready = has(lang);
  useEffect(() => {
    if (!ready) loadAlertTexts(lang).catch((error: unknown) => console.warn('Alert words not available', lang, error));
  }, [lang, ready]);
  return { t, lang, ready };
}
