import { namespaceTexts } from './namespace-texts';

/**
 * The hire ledger's words (issue 17: ledger, customer, job, payment, sharing) are the namespace
 * `hire`, fetched with the first of those screens; the side menu's entry is in `tractor`, the API's
 * error codes in the main catalogue. The customer's own words (the shared bill and live pages, the
 * text of a shared link) are the public pages' catalogues (locales/public), not these.
 */
const HIRE_NS = 'hire';

const texts = namespaceTexts(HIRE_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/hire/*.json'), '../../locales/hire/');

export const loadHireTexts = texts.load;

export function useHireTexts() {
  return texts.useTexts();
}
