import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Workbox } from 'workbox-window';
import { Button } from '../components/ui/button';
import { RefreshIcon } from '../components/ui/icons';

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
    workbox.register().catch((error: unknown) => console.warn('Service worker not registered', error));
    wb.current = workbox;
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
