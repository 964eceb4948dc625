import { namespaceTexts } from './namespace-texts';

/** The reminder screens' words are the namespace `reminders`, fetched with those screens (the popup's few words are in `tractor`). */
const REMINDERS_NS = 'reminders';

const texts = namespaceTexts(REMINDERS_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/reminders/*.json'), '../../locales/reminders/');

export const loadReminderTexts = texts.load;

export function useReminderTexts() {
  return texts.useTexts();
}
