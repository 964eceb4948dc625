import { namespaceTexts } from './namespace-texts';

/**
 * The renewal, payment, history and invoice screens' words are the namespace `subscription`, one
 * chunk per language fetched with the first of those screens (see namespace-texts.ts). The renewal
 * dialog and the pack-expired prompts, shown on the tractor screens, are in the `tractor` words.
 */
const SUBSCRIPTION_NS = 'subscription';

const texts = namespaceTexts(
  SUBSCRIPTION_NS,
  import.meta.glob<{ default: Record<string, string> }>('../../locales/subscription/*.json'),
  '../../locales/subscription/',
);

export const loadSubscriptionTexts = texts.load;

export function useSubscriptionTexts() {
  return texts.useTexts();
}
