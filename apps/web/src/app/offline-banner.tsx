import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { OfflineIcon, TractorIcon } from '../components/ui/icons';
import { useOnline } from '../lib/connectivity';
import { useWaitingCount } from '../lib/outbox/summary';
import { hasStoredErrorStatus, useTractorReach } from '../lib/tractor-reach';
import type { TractorReach } from '../lib/tractor-reach';
import { bannerContent } from './banner-content';
import type { BannerMessage } from './banner-content';

/** The error status is read once per navigation (spec §2 'on navigation start'), not on every render. */
function useErrorStatusAtNavigation(): boolean {
  const location = useLocation();
  const [seen, setSeen] = useState(() => ({ path: location.pathname, down: hasStoredErrorStatus() }));
  if (seen.path !== location.pathname) setSeen({ path: location.pathname, down: hasStoredErrorStatus() });
  return seen.down;
}

function Message({ kind, reach }: { kind: BannerMessage; reach: TractorReach | null }) {
  const { t, i18n } = useTranslation();
  if (kind === 'noInternet') return <p>{t('offline.message')}</p>;
  if (kind === 'notTransmitting') return <p>{t('tractor.notTransmitting')}</p>;
  const time = (s: number | null) => (s === null ? t('tractor.neverUpdated') : formatIstDateTime(s, i18n.language));
  return (
    <>
      <p>{t('banner.outOfReach', { name: reach?.name ?? '' })}</p>
      <p>
        {t('tractor.lastUpdated')} <span dir="ltr">{time(reach?.lastUpdated ?? null)}</span>
      </p>
      <p>
        {t('banner.offlineSince')} <span dir="ltr">{time(reach?.offlineSince ?? null)}</span>
      </p>
    </>
  );
}

/**
 * Spec §2 banners. A banner button ('user offline' or 'tractor offline') opens a small popover with
 * one of its four variants; separately, a 'Tractor Offline' strip shows when the stored error status
 * was set as this navigation started. Offline, the button also counts the owner's changes kept on the
 * phone to send when the signal returns (the outbox), and the popover says so.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const reach = useTractorReach();
  const errorAtStart = useErrorStatusAtNavigation();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const content = bannerContent(online, reach, errorAtStart || hasStoredErrorStatus());
  const waiting = useWaitingCount();
  const showWaiting = !online && waiting > 0;

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

  return (
    <>
      {errorAtStart && (
        <p className="banner-strip" data-testid="tractor-offline-strip">
          <TractorIcon /> {t('banner.tractorOfflineStrip')}
        </p>
      )}
      {content && (
        <div className="banner" ref={wrapper}>
          <button
            type="button"
            className="banner-button"
            aria-expanded={open}
            aria-controls={popoverId}
            // The count is a number on screen; said in words, after the label it extends.
            aria-label={showWaiting ? `${t(`banner.${content.label}`)}, ${t('banner.waiting', { count: waiting })}` : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {content.label === 'userOffline' ? <OfflineIcon /> : <TractorIcon />}
            <span>{t(`banner.${content.label}`)}</span>
            {showWaiting && (
              <span className="banner-count" aria-hidden="true" data-testid="outbox-count">
                {waiting}
              </span>
            )}
          </button>
          {open && (
            <div id={popoverId} className="popover" role="status">
              {content.messages.map((m) => (
                <Message key={m} kind={m} reach={reach} />
              ))}
              {showWaiting && <p>{t('banner.waiting', { count: waiting })}</p>}
            </div>
          )}
        </div>
      )}
    </>
  );
}
