import { describe, expect, it } from 'vitest';
import { isReplayRequest } from './lib/outbox/sync-message';
import type { OutboxReplayAnswer } from './lib/outbox/sync-message';
import { replayInWindows } from './sw-outbox-sync';

/** A window of the app as the worker sees it: it answers a replay request with what still waits (or never). */
function appWindow(waiting: number | null): Client & { asked: number } {
  const w = {
    asked: 0,
    url: 'https://app.example/#/tabs/home',
    postMessage(message: unknown, transfer: Transferable[]) {
      if (!isReplayRequest(message)) throw new Error('not a replay request');
      w.asked += 1;
      const port = transfer[0] as MessagePort;
      const answer: OutboxReplayAnswer = { waiting: waiting ?? 0 };
      if (waiting !== null) port.postMessage(answer);
    },
  };
  return w as unknown as Client & { asked: number };
}

describe('Background Sync asks the open app to send its outbox (issue 19)', () => {
  it('succeeds once a window has sent everything', async () => {
    const w = appWindow(0);
    await expect(replayInWindows([w])).resolves.toBeUndefined();
    expect(w.asked).toBe(1);
  });

  it('fails, so the browser syncs again later, while writes still wait or no window answers', async () => {
    await expect(replayInWindows([appWindow(2)])).rejects.toThrow('still wait');
    await expect(replayInWindows([appWindow(null)], 50)).rejects.toThrow('still wait');
  });

  it('fails with no window open (the next start of the app sends them)', async () => {
    await expect(replayInWindows([])).rejects.toThrow('No window');
  });
});
