import { useState } from 'react';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { BellIcon, BellOffIcon } from '../tractor/icons';
import { useAlertTexts } from '../../lib/signed-in/alert-texts';
import { PushError, turnOffAlerts, turnOnAlerts, usePushState } from '../../lib/signed-in/push';
import type { PushFailure } from '../../lib/signed-in/push';

interface NotificationsCardProps {
  /** The alerts tab shows the card only until alerts are on; settings always, to turn them off. */
  hideWhenOn?: boolean;
}

const FAILURE_KEY: Record<PushFailure, string> = {
  denied: 'push.denied',
  failed: 'push.failed',
  noServiceWorker: 'pwa.noServiceWorker',
  noPush: 'pwa.noPush',
};

/**
 * "Turn on alerts on this phone": Web Push asked for only when the owner taps (spec §6 notification
 * permission; browsers refuse prompts without a gesture), with the spec §8 messages when this browser
 * has no service worker or no push.
 */
export function NotificationsCard({ hideWhenOn = false }: NotificationsCardProps) {
  const { t, ready } = useAlertTexts();
  const state = usePushState();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);
  const [done, setDone] = useState<'on' | 'off' | null>(null);

  if (!ready || (state === 'on' && hideWhenOn && done !== 'on')) return null;
  const run = async (action: () => Promise<void>, result: 'on' | 'off') => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await action();
      setDone(result);
    } catch (error) {
      setFailure(error instanceof PushError ? error.reason : 'failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card push-card" aria-labelledby="push-title">
      <h2 id="push-title">
        {state === 'on' ? <BellIcon /> : <BellOffIcon />} {t('push.title')}
      </h2>
      {state === 'noServiceWorker' || state === 'noPush' ? (
        <Notice tone="error">{t(FAILURE_KEY[state])}</Notice>
      ) : state === 'denied' ? (
        <Notice tone="error">{t('push.denied')}</Notice>
      ) : state === 'on' ? (
        <>
          <p>{t('push.on')}</p>
          {!hideWhenOn && (
            <Button variant="secondary" icon={<BellOffIcon />} busy={busy} onClick={() => void run(turnOffAlerts, 'off')}>
              {t('push.turnOff')}
            </Button>
          )}
        </>
      ) : (
        <>
          <p>{t('push.why')}</p>
          <Button icon={<BellIcon />} busy={busy} onClick={() => void run(turnOnAlerts, 'on')}>
            {t('push.turnOn')}
          </Button>
        </>
      )}
      {failure && !(failure === 'denied' && state === 'denied') && <Notice tone="error">{t(FAILURE_KEY[failure])}</Notice>}
      {done === 'on' && state === 'on' && <Notice tone="success">{t('push.turnedOn')}</Notice>}
      {done === 'off' && <Notice tone="success">{t('push.turnedOff')}</Notice>}
    </section>
  );
}
