import type { Receiver, ReceiverRequest } from '@tractorlink/domain/receivers-api';
import { currentLanguage } from '../../../lib/i18n';
import type { OutboxEntry } from '../../../lib/outbox/types';

/**
 * The owner's receiver writes still on the phone (the outbox) laid over the server's list: a receiver
 * added offline (under its local id), a change, a removal. Laying them twice changes nothing.
 */

export const receiverTarget = (id: string): string => `receiver:${id}`;
const idOf = (e: OutboxEntry): string => e.localId ?? e.target.slice('receiver:'.length);

export function overlayReceivers(list: Receiver[], entries: readonly OutboxEntry[]): Receiver[] {
  let out = list;
  for (const e of entries) {
    if (!e.kind.startsWith('receiver.')) continue;
    const id = idOf(e);
    if (e.kind === 'receiver.delete') out = out.filter((r) => r.id !== id);
    else if (e.kind === 'receiver.update') out = out.map((r) => (r.id === id ? { ...r, ...(e.body as ReceiverRequest) } : r));
    else if (e.kind === 'receiver.create' && !out.some((r) => r.id === id)) out = [...out, { id, language: currentLanguage(), ...(e.body as ReceiverRequest) }];
  }
  return out;
}
