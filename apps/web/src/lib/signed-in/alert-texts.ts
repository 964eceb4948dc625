import { namespaceTexts } from './namespace-texts';

/**
 * The alert screens' words (alert names and descriptions of the 23 types, units, filters, receivers,
 * notifications) are a namespace of their own, `alerts`, one chunk per language fetched with the
 * first alert screen (see namespace-texts.ts).
 */
export const ALERTS_NS = 'alerts';

const texts = namespaceTexts(ALERTS_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/alerts/*.json'), '../../locales/alerts/');

/** Fetches one language's alert words once. */
export const loadAlertTexts = texts.load;

/**
 * `t` for the alert screens (alerts namespace first, then the main catalogue) and whether the
 * current language's alert words are in; screens show a loading line until they are.
 */
export function useAlertTexts() {
  return texts.useTexts();
}
