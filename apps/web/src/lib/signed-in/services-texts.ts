import { namespaceTexts } from './namespace-texts';

/**
 * The service booking screens' words (book, summary, status, service information, requests) are the
 * namespace `services`, fetched with the first of those screens; the side menu's entry and the home
 * link are in `tractor`, the error codes in the main catalogue.
 */
const SERVICES_NS = 'services';

const texts = namespaceTexts(SERVICES_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/services/*.json'), '../../locales/services/');

export const loadServiceTexts = texts.load;

export function useServiceTexts() {
  return texts.useTexts();
}
