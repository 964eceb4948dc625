/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OPEN_ROUTE, hashOf, notificationFor, pageMessageFor, parsePayload, targetUrl } from './sw-push';
import type { SwToPage } from './sw-push';

/**
 * Service worker: precaches the app shell so it opens offline after one visit, answers page
 * navigations with index.html (never /api/), and shows push notifications. API responses are not
 * cached here (keeping data is the app's job, encrypted, cleared on logout), except the server
 * voice's audio.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/api\//] }));

// The server voice (GET tts): the same URL is always the same audio, so a Listen heard once plays
// again offline and costs no data. Cache first, at most VOICE_MAX answers (the oldest go). Audio is
// all it keeps: the words were on the owner's screen already.
const VOICE_CACHE = 'tl-voice-v1';
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

// The page asks before the new version takes over (update prompt), never silently.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
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
