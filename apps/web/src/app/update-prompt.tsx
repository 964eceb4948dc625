import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Workbox } from 'workbox-window';
import { Button } from '../components/ui/button';
import { RefreshIcon } from '../components/ui/icons';
import { CACHE_URLS } from '../sw-cache-plan';
import type { CacheUrlsMessage } from '../sw-cache-plan';
import { OPEN_ROUTE } from '../sw-push';
import type { SwToPage } from '../sw-push';

/**
 * The scripts this page loaded before the first service worker controlled it (the owner's language,
 * the first screens): the worker keeps them, so they open offline too (src/sw-cache-plan.ts).
 */
function loadedAssets(): CacheUrlsMessage {
  const assets = new URL('assets/', document.baseURI).href;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((url) => url.startsWith(assets));
  return { type: CACHE_URLS, urls };
}

/**
 * Registers the service worker from the bundle (CSP: no inline script) and, when a new version is
 * waiting, asks before reloading instead of swapping the app under the owner's fingers.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const wb = useRef<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const workbox = new Workbox('./sw.js', { scope: './' });
    workbox.addEventListener('waiting', () => setWaiting(true));
    workbox.addEventListener('activated', (event) => {
      if (!event.isUpdate) event.sw?.postMessage(loadedAssets());
    });
    // A tapped notification while the app is open: show its screen without reloading.
    const onMessage = (event: MessageEvent) => {
      const data = event.data as SwToPage | null;
      if (data?.type === OPEN_ROUTE && data.hash?.startsWith('#/')) window.location.hash = data.hash;
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker.startMessages();
    workbox.register().catch((error: unknown) => console.warn('Service worker not registered', error));
    wb.current = workbox;
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <p>{t('update.available')}</p>
      <Button
        icon={<RefreshIcon />}
        onClick={() => {
          wb.current?.addEventListener('controlling', () => window.location.reload());
          wb.current?.messageSkipWaiting();
        }}
      >
        {t('update.reload')}
      </Button>
    </div>
  );
}
