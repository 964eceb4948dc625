import { TRACTOR_NS, i18next, keepInStep } from '../i18n';
import { namespaceTexts } from './namespace-texts';

/**
 * The signed-in screens' words (tractor, status, diesel, engine, service, usage, calendar, charts,
 * locate, replay, my tractors, home, tabs, side menu, settings, change PIN …) are the namespace
 * `tractor`, one chunk per language (see namespace-texts.ts): in the main catalogue they would weigh
 * on the login screen (DESIGN §1). The router fetches them beside the signed-in shell's chunk and
 * renders the shell once they are in; screens keep plain `useTranslation()`, which finds them through
 * i18n.ts's `fallbackNS`.
 */
const texts = namespaceTexts(TRACTOR_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/tractor/*.json'), '../../locales/tractor/');

/** Fetches one language's signed-in words once (the current language by default). */
export const loadTractorTexts = texts.load;

const loadQuietly = (lang: string) => texts.load(lang).catch((error: unknown) => console.warn(`Words of ${TRACTOR_NS} not available`, lang, error));

// From now on a language switch brings these words in before it shows (no English in between).
keepInStep(loadQuietly);
// A switch begun before this module loaded (the account's language, applied at login) fetches them
// afterwards; the screens re-render when they land (i18n.ts binds to the store's 'added').
i18next.on('languageChanged', (lang: string) => void loadQuietly(lang));

/**
 * `t` for a piece of the signed-in UI that may show outside the signed-in shell (the about screen's
 * coach mark), and whether the words are in: it fetches them if they are not.
 */
export function useTractorTexts() {
  return texts.useTexts();
}
