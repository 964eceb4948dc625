import { useSyncExternalStore } from 'react';
import { apiJson, apiRequest } from '../api-client';
import { storage } from '../secure-storage';
import { onSessionEnd } from '../session';
import { createStore } from '../store';

/**
 * Web Push on this phone (spec §7 "after notification permission is granted, a device token is
 * requested and stored"; DESIGN §1 push with the app closed). The device token is the browser's push
 * endpoint, kept under the spec key `deviceToken`, which survives signing out: it means "this phone
 * wants alerts". Logging out removes the subscription from the server (so the next person to log in
 * here does not get this owner's alerts) and keeps the browser's; the next sign-in registers it again
 * without asking, since the permission is already given. Turning alerts off in settings drops both.
 */

export type PushState = 'noServiceWorker' | 'noPush' | 'denied' | 'off' | 'on';
export type PushFailure = 'denied' | 'failed' | 'noServiceWorker' | 'noPush';

export class PushError extends Error {
  constructor(readonly reason: PushFailure) {
    super(reason);
    this.name = 'PushError';
  }
}

const TOKEN_KEY = 'deviceToken';
/** A push service that never answers (no network, headless browsers) must not hang the button. */
const SUBSCRIBE_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 10_000;

const version = createStore(0);
const changed = () => version.set(version.get() + 1);

/** The spec §8 alerts: what this browser lacks, if anything. */
function pushSupport(): 'ok' | 'noServiceWorker' | 'noPush' {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker) return 'noServiceWorker';
  if (typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window)) return 'noPush';
  return 'ok';
}

export function pushState(): PushState {
  const support = pushSupport();
  if (support !== 'ok') return support;
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && storage.get(TOKEN_KEY) ? 'on' : 'off';
}

export function usePushState(): PushState {
  useSyncExternalStore(version.subscribe, version.get);
  return pushState();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushError('failed')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return withTimeout(navigator.serviceWorker.ready, READY_TIMEOUT_MS);
}

async function postSubscription(sub: PushSubscription): Promise<void> {
  await apiRequest('pushsubscription', { method: 'POST', body: sub.toJSON() });
  storage.set(TOKEN_KEY, sub.endpoint);
}

/**
 * "Turn on alerts on this phone": call it straight from a tap (browsers allow the permission prompt
 * only on a user gesture). Permission → the server's VAPID key → PushManager.subscribe → POST.
 */
export async function turnOnAlerts(): Promise<void> {
  const support = pushSupport();
  if (support !== 'ok') throw new PushError(support);
  try {
    // First, while the tap still counts as a user gesture.
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') throw new PushError('denied');
    const [reg, { publicKey }] = await Promise.all([registration(), apiJson<{ publicKey: string }>('pushsubscription/key', { auth: false })]);
    const key = applicationServerKey(publicKey);
    let sub = await reg.pushManager.getSubscription();
    if (sub && !sameKey(sub, key)) {
      // Subscribed earlier with another server key: that subscription cannot carry our pushes.
      await sub.unsubscribe().catch(() => false);
      sub = null;
    }
    sub ??= await withTimeout(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), SUBSCRIBE_TIMEOUT_MS);
    await postSubscription(sub);
  } catch (error) {
    if (error instanceof PushError) throw error;
    console.warn('Alerts could not be turned on', error);
    throw new PushError('failed');
  } finally {
    changed();
  }
}

function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const held = sub.options?.applicationServerKey;
  if (!held) return true;
  const a = new Uint8Array(held);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

/** Settings' "turn off alerts on this phone": the server forgets it, the browser too. */
export async function turnOffAlerts(): Promise<void> {
  const endpoint = storage.get(TOKEN_KEY);
  try {
    if (endpoint) await apiRequest('pushsubscription', { method: 'DELETE', body: { endpoint } });
    if (pushSupport() === 'ok') {
      const reg = await navigator.serviceWorker.getRegistration();
      await (await reg?.pushManager.getSubscription())?.unsubscribe();
    }
    storage.remove(TOKEN_KEY);
  } finally {
    changed();
  }
}

/**
 * On logout, before the session ends: the server stops sending this owner's alerts here. The
 * browser keeps its subscription and the device token (spec §4 keeps `deviceToken`). Failures are
 * swallowed (spec §8): offline, the subscription is cleaned up by the push service's 410 later.
 */
export async function forgetPushOnLogout(): Promise<void> {
  const endpoint = storage.get(TOKEN_KEY);
  if (!endpoint) return;
  await apiRequest('pushsubscription', { method: 'DELETE', body: { endpoint } }).catch(() => undefined);
}

let resumed = false;

/**
 * Once per start of a signed-in session: a phone that wants alerts (device token kept, permission
 * given) is registered again for whoever is signed in now, and a subscription the push service
 * replaced is sent anew. No prompt: nothing here asks for permission.
 */
export async function resumePush(): Promise<void> {
  if (resumed || pushState() !== 'on') return;
  resumed = true;
  try {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg) return;
    const sub = await reg.pushManager.getSubscription();
    if (!sub) {
      // The browser dropped it (site data cleared, expired): alerts are off until turned on again.
      storage.remove(TOKEN_KEY);
      return;
    }
    await postSubscription(sub);
  } catch {
    resumed = false;
  } finally {
    changed();
  }
}

// A new session (after logout and login) registers the phone again.
onSessionEnd(() => {
  resumed = false;
});
