/**
 * Between the service worker's Background Sync (sw-outbox-sync.ts) and the open app (outbox.ts): the
 * worker asks each window to send its outbox and waits for the answer on the message's port.
 */
export const OUTBOX_SYNC_TAG = 'tl-outbox';
export const OUTBOX_REPLAY = 'OUTBOX_REPLAY';

export interface OutboxReplayRequest {
  type: typeof OUTBOX_REPLAY;
}

/** The window's answer: how many writes still wait to be sent (0: all done, or only refused ones left). */
export interface OutboxReplayAnswer {
  waiting: number;
}

export function isReplayRequest(data: unknown): data is OutboxReplayRequest {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_REPLAY;
}
