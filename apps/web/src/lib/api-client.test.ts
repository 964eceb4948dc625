import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COACH_MARK_KEYS } from '@tractorlink/domain/storage-keys';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { apiJson } from './api-client';
import { ApiError } from './api-error';
import { registerDialog } from './dialogs';
import { HISTORY_LOADER_TIMEOUT_MS, LOADER_TIMEOUT_MS, LOADING_HIDE_AFTER_FAILURE_MS, loadingStore, resetLoadingForTests } from './loading';
import { storage } from './secure-storage';
import { getAccessToken, resetSessionForTests, sessionStore, setAccessTokenForTests } from './session';
import { testOwner } from '../test/owner';
import { jsonResponse } from '../test/signed-in';

const user = testOwner('mr');

const json = jsonResponse;
const refused = (status: number, code: string) => json(status, { error: { code, message: code } });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let calls: { url: string; auth: string | undefined }[];

function mockFetch(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      calls.push({ url, auth });
      return handler(url, init);
    }),
  );
}

const refreshCalls = () => calls.filter((c) => c.url.endsWith('/refreshtoken')).length;

beforeAll(async () => {
  await storage.load();
});

beforeEach(() => {
  resetSessionForTests();
  resetLoadingForTests();
  storage.clearExceptKept();
  for (const k of ['mobNum', 'language', 'deviceid', 'deviceToken', 'selectedTractorRegno', ...COACH_MARK_KEYS]) storage.remove(k);
  window.location.hash = '#/tabs/home';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('API client: single-flight token refresh (spec §4)', () => {
  it('three parallel 401s cause exactly one refresh, then all three are retried and succeed', async () => {
    setAccessTokenForTests('expired');
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((r) => (releaseRefresh = r));
    mockFetch(async (url, init) => {
      if (url.endsWith('/refreshtoken')) {
        expect(init.credentials).toBe('same-origin');
        await refreshGate;
        return json(200, { access_token: 'fresh', token_type: 'Bearer', expires_in: 900, user } satisfies TokenResponse);
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer fresh' ? json(200, { path: url }) : refused(401, 'UNAUTHENTICATED');
    });

    const all = Promise.all([apiJson('home'), apiJson('profile'), apiJson('image?imageName=a.jpg')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.auth === 'Bearer expired')).toHaveLength(3));
    releaseRefresh();
    const results = await all;

    expect(refreshCalls()).toBe(1);
    expect(results).toEqual([{ path: '/api/v1/home' }, { path: '/api/v1/profile' }, { path: '/api/v1/image?imageName=a.jpg' }]);
    expect(calls.filter((c) => c.auth === 'Bearer fresh')).toHaveLength(3);
    expect(getAccessToken()).toBe('fresh');
    expect(sessionStore.getSnapshot()).toBe('signedIn');
  });

  it('a 401 arriving after the refresh finished retries with the new token instead of refreshing again', async () => {
    setAccessTokenForTests('expired');
    let slow!: () => void;
    const gate = new Promise<void>((r) => (slow = r));
    mockFetch(async (url, init) => {
      if (url.endsWith('/refreshtoken')) return json(200, { access_token: 'fresh', token_type: 'Bearer', expires_in: 900, user });
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer fresh') return json(200, { ok: true });
      if (url.endsWith('/slow')) await gate;
      return refused(401, 'UNAUTHENTICATED');
    });
    const late = apiJson('slow');
    await apiJson('home');
    slow();
    await expect(late).resolves.toEqual({ ok: true });
    expect(refreshCalls()).toBe(1);
  });

  it('a refused refresh ends the session: storage cleared except kept keys, coach marks hidden, login shown, error passed on', async () => {
    storage.set('mobNum', '9876543210');
    storage.set('language', 'hi');
    storage.set('deviceid', 'device-0000-0000-0001');
    storage.set('deviceToken', 'push-endpoint-of-this-phone');
    storage.set('selectedTractorRegno', 'MH15 AB 1234');
    storage.set('refreshCall', 'true');
    storage.setJson('userData', user);
    storage.set('path', '/tabs/home');
    storage.set('queryCache', '{}');
    setAccessTokenForTests('expired');
    mockFetch((url) => (url.endsWith('/refreshtoken') ? refused(401, 'SESSION_EXPIRED') : refused(401, 'UNAUTHENTICATED')));
    const closeDialog = vi.fn();
    const unregister = registerDialog(closeDialog);

    const results = await Promise.allSettled([apiJson('home'), apiJson('profile'), apiJson('profile')]);
    unregister();

    expect(refreshCalls()).toBe(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const reason = (r as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.code).toBe('SESSION_EXPIRED');
    }
    expect(storage.get('userData')).toBeUndefined();
    expect(storage.get('refreshCall')).toBeUndefined();
    expect(storage.get('path')).toBeUndefined();
    expect(storage.get('queryCache')).toBeUndefined();
    expect(storage.get('mobNum')).toBe('9876543210');
    expect(storage.get('language')).toBe('hi');
    expect(storage.get('deviceid')).toBe('device-0000-0000-0001');
    expect(storage.get('deviceToken')).toBe('push-endpoint-of-this-phone');
    expect(storage.get('selectedTractorRegno')).toBe('MH15 AB 1234');
    for (const k of COACH_MARK_KEYS) expect(storage.isCoachMarkHidden(k)).toBe(true);
    expect(closeDialog).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(sessionStore.getSnapshot()).toBe('signedOut');
    expect(window.location.hash).toBe('#/login');
  });

  it('a 401 arriving after a refused refresh ended the session does not call refreshtoken again', async () => {
    storage.set('mobNum', '9876543210');
    setAccessTokenForTests('expired');
    let slow!: () => void;
    const gate = new Promise<void>((r) => (slow = r));
    mockFetch(async (url) => {
      if (url.endsWith('/refreshtoken')) return refused(401, 'SESSION_EXPIRED');
      if (url.endsWith('/slow')) await gate;
      return refused(401, 'UNAUTHENTICATED');
    });
    const late = apiJson('slow');
    await expect(apiJson('home')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    window.location.hash = '#/register';
    slow();
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toBe(1);
    // The owner who went on to register is not sent back to the login screen by it.
    expect(window.location.hash).toBe('#/register');
    expect(sessionStore.getSnapshot()).toBe('signedOut');
  });

  it('shows the coach marks again when no mobile number was saved', async () => {
    for (const k of COACH_MARK_KEYS) storage.set(k, 'true');
    setAccessTokenForTests('expired');
    mockFetch((url) => (url.endsWith('/refreshtoken') ? refused(401, 'SESSION_REVOKED') : refused(401, 'UNAUTHENTICATED')));
    await expect(apiJson('home')).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    for (const k of COACH_MARK_KEYS) expect(storage.isCoachMarkHidden(k)).toBe(false);
  });

  it.each([
    ['a server fault', () => refused(503, 'INTERNAL'), 'INTERNAL'],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch')), 'NETWORK'],
  ])('does not retry the refresh call itself after %s, and keeps the session', async (_what, fail, code) => {
    storage.set('refreshCall', 'true');
    storage.setJson('userData', user);
    setAccessTokenForTests('expired');
    mockFetch((url) => (url.endsWith('/refreshtoken') ? fail() : refused(401, 'UNAUTHENTICATED')));
    await expect(apiJson('home')).rejects.toMatchObject({ code });
    expect(refreshCalls()).toBe(1);
    // A passing fault is not a refusal: the owner stays signed in with cached data.
    expect(storage.get('refreshCall')).toBe('true');
    expect(storage.get('userData')).toBeDefined();
  });
});

describe('API client: other failures (spec §8)', () => {
  it('sends a request that met a 5xx once more', async () => {
    let n = 0;
    mockFetch(() => (++n === 1 ? refused(502, 'INTERNAL') : json(200, { ok: true })));
    await expect(apiJson('home')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('lets go of the answers it does not read (a 401 before the refresh, a 5xx before the resend)', async () => {
    // An unread body holds its connection until all of it has come: on a slow link, one of six.
    setAccessTokenForTests('expired');
    const dropped: Response[] = [];
    let failedOnce = false;
    mockFetch((url, init) => {
      if (url.endsWith('/refreshtoken')) return json(200, { access_token: 'fresh', token_type: 'Bearer', expires_in: 900, user });
      const auth = (init.headers as Record<string, string>).Authorization;
      const res = auth !== 'Bearer fresh' ? refused(401, 'UNAUTHENTICATED') : failedOnce ? json(200, { ok: true }) : refused(503, 'UNAVAILABLE');
      if (auth === 'Bearer fresh') failedOnce = true;
      if (!res.ok) dropped.push(res);
      return res;
    });
    await expect(apiJson('home')).resolves.toEqual({ ok: true });
    expect(dropped).toHaveLength(2);
    await vi.waitFor(() => expect(dropped.every((res) => res.bodyUsed || res.body?.locked)).toBe(true));
  });

  it('sends a request that met no network once more, then reports NETWORK', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiJson('home')).rejects.toMatchObject({ code: 'NETWORK', isNetwork: true });
    expect(calls).toHaveLength(2);
  });

  it('does not resend a refusal (4xx) and passes its code on', async () => {
    mockFetch(() => json(401, { error: { code: 'LOGIN_INVALID', message: 'Invalid mobile number and PIN' } }));
    await expect(apiJson('login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({ code: 'LOGIN_INVALID', status: 401 });
    expect(calls).toHaveLength(1);
    expect(refreshCalls()).toBe(0);
  });

  it('keeps the loading indicator 1.5 s after a failure, then hides it', async () => {
    vi.useFakeTimers();
    mockFetch(() => refused(400, 'VALIDATION_FAILED'));
    await expect(apiJson('profile', { method: 'PUT', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(loadingStore.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(LOADING_HIDE_AFTER_FAILURE_MS - 1);
    expect(loadingStore.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loadingStore.getSnapshot()).toBe(false);
  });

  it('lets the loading indicator go after 6 s of a stalled call, 13 s for history (spec §9), and the answer still counts', async () => {
    vi.useFakeTimers();
    const answers: ((r: Response) => void)[] = [];
    mockFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const home = apiJson<{ ok: boolean }>('home');
    vi.advanceTimersByTime(LOADER_TIMEOUT_MS - 1);
    expect(loadingStore.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loadingStore.getSnapshot()).toBe(false);
    void apiJson('subscription/history', { loaderTimeoutMs: HISTORY_LOADER_TIMEOUT_MS });
    vi.advanceTimersByTime(LOADER_TIMEOUT_MS);
    expect(loadingStore.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(HISTORY_LOADER_TIMEOUT_MS - LOADER_TIMEOUT_MS);
    expect(loadingStore.getSnapshot()).toBe(false);
    answers[0]?.(json(200, { ok: true }));
    await expect(home).resolves.toEqual({ ok: true });
    expect(loadingStore.getSnapshot()).toBe(false);
  });

  it('hides the loading indicator at once when the caller drops the call (not a failure: nobody waits on it)', async () => {
    vi.useFakeTimers();
    mockFetch(
      (_url, init) => new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const left = new AbortController();
    const call = apiJson('home', { signal: left.signal });
    expect(loadingStore.getSnapshot()).toBe(true);
    left.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
    expect(loadingStore.getSnapshot()).toBe(false);
  });

  it('hides the loading indicator at once after a success', async () => {
    mockFetch(() => json(200, { ok: true }));
    await apiJson('home');
    expect(loadingStore.getSnapshot()).toBe(false);
  });
});
