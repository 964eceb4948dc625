import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OfflineIcon, TractorIcon } from '../components/ui/icons';
import { useOnline } from '../lib/connectivity';
import { storage } from '../lib/secure-storage';

/**
 * Spec §2 banners: a 'user offline' (or 'tractor offline') banner button opens a small popover with the
 * no-internet message and/or 'not transmitting' when the stored error status is set.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  // Read on each navigation start (spec §2), not on every render.
  const [seen, setSeen] = useState(() => ({ path: location.pathname, tractorDown: Boolean(storage.get('errorStatus')) }));
  if (seen.path !== location.pathname) setSeen({ path: location.pathname, tractorDown: Boolean(storage.get('errorStatus')) });
  const tractorDown = seen.tractorDown;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  if (online && !tractorDown) return null;
  return (
    <div className="banner" ref={wrapper}>
      <button type="button" className="banner-button" aria-expanded={open} aria-controls={popoverId} onClick={() => setOpen((o) => !o)}>
        {online ? <TractorIcon /> : <OfflineIcon />}
        <span>{online ? t('banner.tractorOffline') : t('banner.userOffline')}</span>
      </button>
      {open && (
        <div id={popoverId} className="popover" role="status">
          {!online && <p>{t('offline.message')}</p>}
          {tractorDown && <p>{t('tractor.notTransmitting')}</p>}
        </div>
      )}
    </div>
  );
}
