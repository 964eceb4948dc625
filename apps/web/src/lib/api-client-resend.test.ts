import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from './api-client';
import { LOADING_HIDE_AFTER_FAILURE_MS, loadingStore, resetLoadingForTests } from './loading';
import { resetSessionForTests, setAccessTokenForTests } from './session';
import { jsonResponse } from '../test/signed-in';

/**
 * Spec §8 "other errors: the request is sent again once with rebuilt headers", and "an 'Unknown
 * Error' status" (no answer at all: the browser's status 0) hiding the loading indicator after 1.5 s.
 */
let sent: (string | undefined)[];

function answer(handler: (n: number, auth: string | undefined) => Response | Promise<Response>) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      sent.push(auth);
      return handler(sent.length, auth);
    }),
  );
}

beforeEach(() => {
  resetSessionForTests();
  resetLoadingForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setAccessTokenForTests(null);
});

describe('API client: the one resend of a failed request (spec §8)', () => {
  it('builds the headers again: a token another call refreshed meanwhile is the one sent, and nothing goes a third time', async () => {
    setAccessTokenForTests('old');
    answer((n, auth) => {
      if (n === 1) {
        // While this call was out, another one's refresh replaced the token.
        setAccessTokenForTests('new');
        return jsonResponse(503, { error: { code: 'INTERNAL', message: 'busy' } });
      }
      return auth === 'Bearer new' ? jsonResponse(200, { ok: true }) : jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'old' } });
    });
    await expect(apiJson('home')).resolves.toEqual({ ok: true });
    expect(sent).toEqual(['Bearer old', 'Bearer new']);
  });

  it('sends a request that twice met a 5xx exactly twice, then passes the error on', async () => {
    setAccessTokenForTests('token');
    answer(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'down' } }));
    await expect(apiJson('home')).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
    expect(sent).toEqual(['Bearer token', 'Bearer token']);
  });

  it("hides the loading indicator 1.5 s after a request that got no answer at all ('Unknown Error')", async () => {
    vi.useFakeTimers();
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiJson('home')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(sent).toHaveLength(2);
    expect(loadingStore.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(LOADING_HIDE_AFTER_FAILURE_MS - 1);
    expect(loadingStore.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loadingStore.getSnapshot()).toBe(false);
  });
});
