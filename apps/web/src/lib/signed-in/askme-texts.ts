import { namespaceTexts } from './namespace-texts';

/**
 * Ask me's words (the screen, its quick questions and the answer templates) are the namespace
 * `askme`, one chunk per language fetched with that screen (see namespace-texts.ts). The side menu
 * fetches them too, for its "Ask me" entry, only once the menu is opened.
 */
const ASKME_NS = 'askme';

const texts = namespaceTexts(ASKME_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/askme/*.json'), '../../locales/askme/');

export const loadAskMeTexts = texts.load;

export function useAskMeTexts() {
  return texts.useTexts();
}
