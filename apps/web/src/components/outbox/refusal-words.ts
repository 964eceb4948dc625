import type { TFunction } from 'i18next';
import type { OutboxEntry, Refusal } from '../../lib/outbox/types';

/** The server's reason in the owner's words: a field rule's own message when it names one, else its code's. */
export function refusalReason(t: TFunction, refusal: Refusal): string {
  const field = refusal.details?.[0]?.code;
  return t([...(field ? [`error.${field}`] : []), `error.${refusal.code}`, 'error.UNKNOWN']);
}

/** "Rename tractor: “Kisan 475” was not saved. <reason>" — one refused write, said whole. */
export function refusalLine(t: TFunction, entry: OutboxEntry): string {
  const action = t([`outbox.kind.${entry.kind}`, 'outbox.kind.other']);
  return t('outbox.refusedLine', { action, name: entry.label, reason: entry.refusal ? refusalReason(t, entry.refusal) : '' });
}
