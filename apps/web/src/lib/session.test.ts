import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { env } from '../config/env';
import { storage } from './secure-storage';
import { afterPush, bootSession, endSession, getAccessToken, refreshAccessToken, resetSessionForTests, sessionStore, startSession } from './session';
import { testOwner } from '../test/owner';
import { VOICE_CACHE } from './voice-cache';
import { jsonResponse } from '../test/signed-in';

const user = testOwner();
const tokens = (access: string): TokenResponse => ({ access_token: access, token_type: 'Bearer', expires_in: 900, user });
const json = jsonResponse;

let refreshes = 0;
function answerRefresh(answer: () => Response | Promise<Response>) {
  refreshes = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/refreshtoken')) refreshes += 1;
      return answer();
    }),
  );
}

beforeAll(async () => {
  await storage.load();
});

beforeEach(() => {
  resetSessionForTests();
  storage.clearExceptKept();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetSessionForTests();
});

describe('session at start (spec §4)', () => {
  it('without a stored session, is signed out without calling the server', async () => {
    answerRefresh(() => json(200, tokens('a')));
    await bootSession();
    expect(sessionStore.getSnapshot()).toBe('signedOut');
    expect(refreshes).toBe(0);
  });

  it('with a stored session, gets an access token before the guard decides', async () => {
    storage.set('refreshCall', 'true');
    answerRefresh(() => json(200, tokens('boot-token')));
    const boot = bootSession();
    expect(sessionStore.getSnapshot()).toBe('unknown');
    await boot;
    expect(sessionStore.getSnapshot()).toBe('signedIn');
    expect(getAccessToken()).toBe('boot-token');
  });

  it('a refused refresh at start signs out', async () => {
    storage.set('refreshCall', 'true');
    answerRefresh(() => json(401, { error: { code: 'SESSION_EXPIRED', message: '' } }));
    await bootSession();
    expect(sessionStore.getSnapshot()).toBe('signedOut');
    expect(storage.get('refreshCall')).toBeUndefined();
  });

  it('a refresh answered "too many requests" at start keeps the session (a shared carrier address is not a refusal)', async () => {
    storage.set('refreshCall', 'true');
    storage.setJson('userData', user);
    answerRefresh(() => json(429, { error: { code: 'RATE_LIMITED', message: '' } }));
    await bootSession();
    expect(sessionStore.getSnapshot()).toBe('signedIn');
    expect(storage.get('refreshCall')).toBe('true');
    expect(storage.getJson('userData')).toEqual(user);
  });

  it('offline at start stays signed in with the cached owner, and refreshes once back online', async () => {
    storage.set('refreshCall', 'true');
    storage.setJson('userData', user);
    answerRefresh(() => Promise.reject(new TypeError('Failed to fetch')));
    await bootSession();
    expect(sessionStore.getSnapshot()).toBe('signedIn');
    expect(storage.getJson('userData')).toEqual(user);
    expect(refreshes).toBe(1);

    answerRefresh(() => json(200, tokens('online-token')));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(getAccessToken()).toBe('online-token'));
    expect(refreshes).toBe(1);
  });

  it('keeps a not-remembered session flag in sessionStorage only, so it ends with the browser', async () => {
    answerRefresh(() => json(200, tokens('x')));
    startSession(tokens('first'), false);
    expect(sessionStorage.getItem('refreshCall')).toBe('true');
    expect(storage.get('refreshCall')).toBeUndefined();
    resetSessionForTests();
    await bootSession();
    expect(sessionStore.getSnapshot()).toBe('signedIn');

    startSession(tokens('second'), true);
    expect(storage.get('refreshCall')).toBe('true');
    expect(sessionStorage.getItem('refreshCall')).toBeNull();
  });

  it("signing out deletes the server voice's cache (its URLs hold the spoken texts)", () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    startSession(tokens('a'), true);
    endSession();
    expect(deleted).toEqual([VOICE_CACHE]);
  });

  it('stores no token and no PIN, only the owner data', () => {
    startSession(tokens('secret-access-token'), true);
    const everything = ['refreshCall', 'userData', 'mobNum', 'user', 'token'].map((k) => storage.get(k) ?? '').join(' ');
    expect(everything).not.toContain('secret-access-token');
    expect(storage.get('token')).toBeUndefined();
  });
});

describe('timed refresh (spec §4)', () => {
  it('refreshes at the configured interval while refreshCall is true, and stops when it is not', async () => {
    vi.useFakeTimers();
    answerRefresh(() => json(200, tokens('tick')));
    startSession(tokens('start'), true);
    expect(refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(env.tokenRefreshIntervalMs);
    expect(refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(env.tokenRefreshIntervalMs);
    expect(refreshes).toBe(2);

    storage.remove('refreshCall');
    await vi.advanceTimersByTimeAsync(env.tokenRefreshIntervalMs * 3);
    expect(refreshes).toBe(2);
  });
});

describe('a refresh refused after a push (spec §8: ignored; spec §4 at the next need)', () => {
  it('keeps the session while the push refetch runs, then the refresh timer ends it without asking the server again', async () => {
    vi.useFakeTimers();
    answerRefresh(() => json(401, { error: { code: 'SESSION_EXPIRED', message: 'revoked' } }));
    startSession(tokens('start'), true);
    await expect(afterPush(() => refreshAccessToken('start'))).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(refreshes).toBe(1);
    expect(sessionStore.getSnapshot()).toBe('signedIn');
    expect(storage.getJson('userData')).toEqual(user);

    await vi.advanceTimersByTimeAsync(env.tokenRefreshIntervalMs);
    expect(refreshes).toBe(1);
    expect(sessionStore.getSnapshot()).toBe('signedOut');
    expect(storage.get('userData')).toBeUndefined();
  });

  it('a refresh the timer started before the push is not one after push: its refusal ends the session', async () => {
    let answer!: (res: Response) => void;
    answerRefresh(() => new Promise<Response>((resolve) => (answer = resolve)));
    startSession(tokens('start'), true);
    const timed = refreshAccessToken();
    const joined = afterPush(() => refreshAccessToken('start'));
    await vi.waitFor(() => expect(refreshes).toBe(1));
    answer(json(401, { error: { code: 'SESSION_EXPIRED', message: 'revoked' } }));
    await expect(timed).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    await expect(joined).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(sessionStore.getSnapshot()).toBe('signedOut');
  });
});
