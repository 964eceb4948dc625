import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../secure-storage';
import { endSession } from '../session';
import { PushError, applicationServerKey, forgetPushOnLogout, pushState, resumePush, turnOffAlerts, turnOnAlerts } from './push';

/**
 * The subscribe path a headless browser cannot walk (it has no push service): a phone's browser
 * stood in for by fakes of the service worker registration, PushManager and Notification.
 */
const KEY = 'BDWhMtFeXZN9QTJ3FcmGhBSl-SR67-mEJa3duJ7-BDNI8dkR4eWmYClQXiOAU2X43TbtU18wWsBFMM3oh75a_lc';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const SUB_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function fakeBrowser(permission: NotificationPermission, grant: NotificationPermission = 'granted') {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean>; toJSON: () => unknown; options: { applicationServerKey: ArrayBuffer } } | null = null;
  const makeSub = (key: Uint8Array) => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.slice().buffer as ArrayBuffer },
    toJSON: () => SUB_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (o: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = makeSub(o.applicationServerKey);
      return current;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = grant;
    return grant;
  });
  const FakeNotification = Object.assign(function Notification() {}, { permission, requestPermission });
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      serviceWorker: Object.assign(new EventTarget(), { ready: Promise.resolve(registration), getRegistration: async () => registration }),
    }),
  );
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('pushsubscription/key'))
        return new Response(JSON.stringify({ publicKey: KEY }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response(null, { status: 204 });
    }),
  );
  return { calls, pushManager, requestPermission, current: () => current };
}

beforeAll(async () => {
  await storage.load();
});

beforeEach(() => {
  storage.remove('deviceToken');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Web Push on this phone', () => {
  it('turns the VAPID key into the 65 bytes of a P-256 point', () => {
    const bytes = applicationServerKey(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('turn on: permission, the key, subscribe (user-visible only), POST the subscription, keep the device token', async () => {
    const b = fakeBrowser('default');
    expect(pushState()).toBe('off');
    await turnOnAlerts();
    expect(b.requestPermission).toHaveBeenCalledTimes(1);
    expect(b.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: applicationServerKey(KEY) });
    expect(b.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/pushsubscription/key', 'POST /api/v1/pushsubscription']);
    expect(b.calls[1]?.body).toEqual(SUB_JSON);
    expect(storage.get('deviceToken')).toBe(ENDPOINT);
    expect(pushState()).toBe('on');
  });

  it('a refused permission subscribes nothing', async () => {
    const b = fakeBrowser('default', 'denied');
    await expect(turnOnAlerts()).rejects.toEqual(new PushError('denied'));
    expect(b.pushManager.subscribe).not.toHaveBeenCalled();
    expect(b.calls).toEqual([]);
    expect(pushState()).toBe('denied');
  });

  it('logout removes the subscription from the server and keeps the device token (spec §4); the next session registers it again', async () => {
    const b = fakeBrowser('default');
    await turnOnAlerts();
    b.calls.length = 0;
    await forgetPushOnLogout();
    expect(b.calls).toEqual([{ method: 'DELETE', url: '/api/v1/pushsubscription', body: { endpoint: ENDPOINT } }]);
    expect(storage.get('deviceToken')).toBe(ENDPOINT);
    expect(b.current()).not.toBeNull();
    b.calls.length = 0;
    await resumePush();
    expect(b.calls).toEqual([{ method: 'POST', url: '/api/v1/pushsubscription', body: SUB_JSON }]);
  });

  it.each([
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server fault', () => Promise.resolve(Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 503 }))],
  ])('push failures are swallowed (spec §8): with %s, registering again at a session start and forgetting at logout end quietly', async (_what, fail) => {
    fakeBrowser('default');
    await turnOnAlerts();
    // A new session: the phone that wants alerts is registered again.
    endSession();
    const failing = vi.fn(fail);
    vi.stubGlobal('fetch', failing);
    await expect(resumePush()).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(2);
    await expect(forgetPushOnLogout()).resolves.toBeUndefined();
    expect(storage.get('deviceToken')).toBe(ENDPOINT);
    expect(pushState()).toBe('on');
  });

  it('turn off (settings): the server and the browser both forget it', async () => {
    const b = fakeBrowser('default');
    await turnOnAlerts();
    b.calls.length = 0;
    await turnOffAlerts();
    expect(b.calls).toEqual([{ method: 'DELETE', url: '/api/v1/pushsubscription', body: { endpoint: ENDPOINT } }]);
    expect(b.current()).toBeNull();
    expect(storage.get('deviceToken')).toBeUndefined();
    expect(pushState()).toBe('off');
  });
});
