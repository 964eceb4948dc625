/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ALERT_RECEIVED, OPEN_ROUTE, hashOf, notificationFor, parsePayload, targetUrl } from './sw-push';
import type { SwToPage } from './sw-push';

/**
 * Service worker: precaches the app shell so it opens offline after one visit, answers page
 * navigations with index.html (never /api/), and shows push notifications. API responses are not
 * cached here: keeping data is the app's job (encrypted, cleared on logout).
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/api\//] }));

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
      if (payload.type !== 'alert') return;
      const message: SwToPage = { type: ALERT_RECEIVED, alertId: payload.alertId, vin: payload.vin };
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
