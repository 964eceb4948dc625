import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADER_TIMEOUT_MS } from '../../lib/loading';
import { useLoaderTimeout } from '../../hooks/use-loader-timeout';
import { Button } from './button';
import { Loading } from './loading';
import { Notice } from './notice';

interface PendingStatusProps {
  /** Asks again (the query's refetch). */
  retry: () => unknown;
  /** Spec §9: 6 s, or 13 s for history. */
  timeoutMs?: number;
}

/**
 * "Loading…" while a screen's data is on its way. Past the spec's loader time-out it says the link is
 * slow and offers Try again, which shows "Loading…" again for another full wait.
 */
export function PendingStatus({ retry, timeoutMs = LOADER_TIMEOUT_MS }: PendingStatusProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Waiting
      key={attempt}
      timeoutMs={timeoutMs}
      retry={() => {
        setAttempt((n) => n + 1);
        void retry();
      }}
    />
  );
}

function Waiting({ retry, timeoutMs }: Required<PendingStatusProps>) {
  const { t } = useTranslation();
  const timedOut = useLoaderTimeout(true, timeoutMs);
  // Busy while it waits; past the time-out the region is not busy, so the alert saying so is read.
  if (!timedOut) return <Loading />;
  return (
    <>
      <Notice tone="error">{t('common.slow')}</Notice>
      <Button variant="secondary" onClick={retry}>
        {t('common.tryAgain')}
      </Button>
    </>
  );
}
