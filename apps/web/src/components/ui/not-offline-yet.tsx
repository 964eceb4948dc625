import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { OfflineIcon, RefreshIcon } from './icons';

interface NotOfflineYetProps {
  /** Asks again: for the screen's code, or its data. */
  onRetry: () => void;
  /** h2 within a screen, h3 inside a card with its own heading; none when the page's title says it already. */
  heading?: 'h2' | 'h3' | null;
}

/**
 * Issue 19 item 2: what a screen shows, instead of a blank page, when neither its code nor its data was
 * ever kept on this phone and there is no network: what happened, what to do, a button to try again.
 * (Data screens also ask again by themselves when the network is back: app/network-recovery.ts.)
 */
export function NotOfflineYet({ onRetry, heading: Heading = 'h2' }: NotOfflineYetProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className="not-offline-yet"
      aria-labelledby={Heading ? headingId : undefined}
      aria-label={Heading ? undefined : t('offline.notYet')}
      data-testid="not-offline-yet"
    >
      <OfflineIcon />
      {Heading && <Heading id={headingId}>{t('offline.notYet')}</Heading>}
      <p>{t('offline.notYetHelp')}</p>
      <Button variant="secondary" icon={<RefreshIcon />} onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </section>
  );
}
