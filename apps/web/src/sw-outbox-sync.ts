/// <reference lib="webworker" />
import { OUTBOX_REPLAY, OUTBOX_SYNC_TAG } from './lib/outbox/sync-message';
import type { OutboxReplayAnswer, OutboxReplayRequest } from './lib/outbox/sync-message';

/**
 * Background Sync for the outbox (issue 19 item 1): the app registers the tag `tl-outbox` when a
 * write could not be sent; the browser fires `sync` here once the connection is back, even when no
 * tab has noticed yet. Sending needs the session's access token, which lives only in a page, so the
 * worker asks each open window of the app to send its outbox and waits for the answer. With no window
 * open, or writes still waiting, the sync fails and the browser tries it again later; the app's next
 * start sends them anyway.
 */
declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** A window's answer, or null when it gave none in time (a tab frozen in the background). */
function ask(client: Client, timeoutMs: number): Promise<OutboxReplayAnswer | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<OutboxReplayAnswer>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    const request: OutboxReplayRequest = { type: OUTBOX_REPLAY };
    client.postMessage(request, [channel.port2]);
  });
}

/** Asks the app's open windows to send; rejects (so the browser syncs again later) unless one sent everything. */
export async function replayInWindows(windows: readonly Client[], timeoutMs = 60_000): Promise<void> {
  if (windows.length === 0) throw new Error('No window of the app is open to send the outbox');
  const answers = await Promise.all(windows.map((w) => ask(w, timeoutMs)));
  if (!answers.some((a) => a?.waiting === 0)) throw new Error('Writes still wait to be sent');
}

// Not in the unit tests' window (no service worker there): only the worker listens.
if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((all) => replayInWindows(all.filter((w) => w.url.startsWith(self.registration.scope)))),
    );
  });
}
