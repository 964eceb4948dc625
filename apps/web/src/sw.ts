/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CACHE_URLS, assetName, splitManifest } from './sw-cache-plan';
import type { CacheUrlsMessage } from './sw-cache-plan';
import './sw-outbox-sync';
import { OPEN_ROUTE, hashOf, notificationFor, pageMessageFor, parsePayload, targetUrl } from './sw-push';
import type { SwToPage } from './sw-push';
import { VOICE_CACHE } from './lib/voice-cache';

/**
 * Service worker: precaches the app shell (what the app opens on: the login screen, the signed-in
 * shell and home, in English; src/sw-cache-plan.ts) so it opens offline after one visit, keeps every
 * other screen's code and each language's words once the app has used them, answers page navigations
 * with index.html (never /api/), and shows push notifications. API responses are not cached here (keeping data is the app's
 * job, encrypted, cleared on logout), except the server voice's audio.
 */
declare const self: ServiceWorkerGlobalScope;

const { shell, onFirstUse } = splitManifest(self.__WB_MANIFEST);
precacheAndRoute(shell);
cleanupOutdatedCaches();

// The shared bill and live pages (issue 17) are pages of their own, not the app's routes.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/api\//, /\/(bill|live)\.html$/] }));

// Screens and languages on first use: cache first, by URL. A hashed name changes with its content, so
// a kept copy is always right; files of older versions are dropped when this version takes over.
const ASSETS_CACHE = 'tl-assets-v1';
const known = new Set(onFirstUse.map((url) => new URL(url, self.registration.scope).href));

async function keep(cache: Cache, url: string): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (res.ok) await cache.put(url, res.clone());
  return res;
}

async function cacheFirst(url: string): Promise<Response> {
  const cache = await caches.open(ASSETS_CACHE);
  return (await cache.match(url)) ?? keep(cache, url);
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && known.has(url.href),
  ({ url }) => cacheFirst(url.href),
);

/**
 * An update keeps what the owner used: the new version of each file kept before (same name, new
 * hash) is fetched while the update installs, so a screen that opened offline still does after it.
 */
async function renewKept(): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE);
  const keptNames = new Set((await cache.keys()).map((r) => assetName(r.url)));
  for (const url of known) {
    if (keptNames.has(assetName(url)) && !(await cache.match(url))) await keep(cache, url).catch(() => undefined);
  }
}

/** Drops the files no longer part of this version. */
async function dropOld(): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE);
  for (const request of await cache.keys()) if (!known.has(request.url)) await cache.delete(request);
}

self.addEventListener('install', (event) => event.waitUntil(renewKept()));
// The first version takes the page at once, so what the first session opens next is kept too; an
// update only ever activates when the owner said yes (update prompt), and the page then reloads.
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), dropOld()])));

// The server voice (GET tts): the same URL is always the same audio, so a Listen heard once plays
// again offline and costs no data. Cache first, at most VOICE_MAX answers (the oldest go). Audio is
// all it keeps: the words were on the owner's screen already.
const VOICE_MAX = 200;
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.endsWith('/api/v1/tts'),
  async ({ request }) => {
    const cache = await caches.open(VOICE_CACHE);
    const kept = await cache.match(request);
    if (kept) return kept;
    const res = await fetch(request);
    if (res.status === 200) {
      await cache.put(request, res.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - VOICE_MAX))) await cache.delete(old);
    }
    return res;
  },
);

self.addEventListener('message', (event) => {
  const data = event.data as CacheUrlsMessage | { type?: string } | null;
  // The page asks before the new version takes over (update prompt), never silently.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // What the page loaded before this worker controlled it (its language, the first screens): kept now,
  // mostly from the HTTP cache, so they open offline as well.
  if (data?.type === CACHE_URLS && 'urls' in data && Array.isArray(data.urls)) {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(ASSETS_CACHE);
        for (const url of data.urls) if (known.has(url) && !(await cache.match(url))) await keep(cache, url).catch(() => undefined);
      })(),
    );
  }
});

async function appWindows(): Promise<readonly WindowClient[]> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.filter((w) => w.url.startsWith(self.registration.scope));
}

// Spec §4: show the alert (title and body in the owner's language, from the server), and tell open
// copies of the app so they refetch the list and the unread count at once.
self.addEventListener('push', (event) => {
  const payload = parsePayload(event.data);
  const { title, options } = notificationFor(payload);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, options);
      const message = pageMessageFor(payload);
      if (!message) return;
      for (const w of await appWindows()) w.postMessage(message);
    })(),
  );
});

// A tap opens the alert: in the app already open (focused, then routed without a reload), or anew.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetUrl((event.notification.data as { url?: string } | null)?.url, self.registration.scope);
  event.waitUntil(
    (async () => {
      const open = (await appWindows())[0];
      if (!open) {
        await self.clients.openWindow(target);
        return;
      }
      const focused = await open.focus().catch(() => open);
      const hash = hashOf(target);
      if (hash) {
        const message: SwToPage = { type: OPEN_ROUTE, hash };
        focused.postMessage(message);
      } else if (focused.url !== target) {
        await focused.navigate(target).catch(() => undefined);
      }
    })(),
  );
});
