import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from './api-client';
import { LOADING_HIDE_AFTER_FAILURE_MS, loadingStore, resetLoadingForTests } from './loading';
import { resetSessionForTests, setAccessTokenForTests } from './session';
import { jsonResponse } from '../test/signed-in';

/**
 * Spec §8 "other errors: the request is sent again once with rebuilt headers" (other than the 401
 * before it: no answer, 5xx, 408; not a refusal), and "an 'Unknown
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

  it('sends a request answered 408 (it did not reach the server whole, so nothing was done) once more, with headers built again', async () => {
    setAccessTokenForTests('old');
    answer((n) => {
      if (n === 1) {
        setAccessTokenForTests('new');
        return new Response('Request Timeout', { status: 408 });
      }
      return jsonResponse(200, { ok: true });
    });
    await expect(apiJson('profile', { method: 'PUT', body: { firstName: 'Ramesh' } })).resolves.toEqual({ ok: true });
    expect(sent).toEqual(['Bearer old', 'Bearer new']);
  });

  it.each([
    ['a wrong OTP', 'otp/verify', false, 'OTP_INVALID'],
    ['a wrong old PIN', 'changepin', true, 'PIN_OLD_INVALID'],
  ])('sends %s once: a refusal is not an "other error", and sent again it would count twice against the tries', async (_what, path, auth, code) => {
    setAccessTokenForTests('token');
    answer(() => jsonResponse(400, { error: { code, message: code } }));
    await expect(apiJson(path, { method: 'POST', body: { pin: '1234' }, auth })).rejects.toMatchObject({ status: 400, code });
    expect(sent).toHaveLength(1);
  });

  it('sends a request answered 429 once and passes its wait on (it is minutes: sent again at once it is refused again)', async () => {
    answer(() => jsonResponse(429, { error: { code: 'PIN_LOCKED', message: 'wait', retryAfterSeconds: 900 } }));
    await expect(apiJson('login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 429,
      code: 'PIN_LOCKED',
      retryAfterSeconds: 900,
    });
    expect(sent).toHaveLength(1);
  });
});
