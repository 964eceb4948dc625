import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice';
import { NotOfflineYet } from '../../../components/ui/not-offline-yet';
import { Page } from '../../../components/ui/page';
import { PeriodPicker } from '../../../components/calendar/period-picker';
import { useUsagePeriod } from '../../../components/calendar/saved-period';
import { NoTractors } from '../../../components/tractor/no-tractors';
import { TractorSelect } from '../../../components/tractor/tractor-select';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { isOffline } from '../../../lib/query-client';
import { useTractors } from '../../../lib/signed-in/tractors';
import { PackExpired } from '../../../components/subscription/pack-expired';
import { packStateOf } from '../../../lib/signed-in/subscription';
import type { UsagePeriod } from '@tractorlink/domain/calendar';
import { PendingStatus } from '../../../components/ui/pending-status';
import { HISTORY_LOADER_TIMEOUT_MS } from '../../../lib/loading';

interface TractorPageProps {
  title: string;
  children: (vin: string, period: UsagePeriod) => ReactNode;
}

/** The frame of the diesel and engine pages: back to the usage tab, tractor and period choice. */
export function TractorPage({ title, children }: TractorPageProps) {
  const { tractors, selected } = useTractors();
  const period = useUsagePeriod();
  return (
    <Page title={title} backTo={paths.usage.getHref()}>
      {tractors && tractors.length === 0 && <NoTractors />}
      {selected && packStateOf(selected)?.state === 'expired' && (
        <>
          <TractorSelect />
          <PackExpired tractor={selected} action="subscribeNow" />
        </>
      )}
      {selected && packStateOf(selected)?.state !== 'expired' && (
        <>
          <TractorSelect />
          <PeriodPicker period={period} />
          {children(selected.vin, period)}
        </>
      )}
    </Page>
  );
}

/** Loading, failure, or offline with nothing kept yet (what to do, and Try again). */
export function QueryState({ error, pending, retry }: { error: unknown; pending: boolean; retry: () => unknown }) {
  const { t } = useTranslation();
  if (error && isOffline(error)) return <NotOfflineYet heading="h3" onRetry={() => void retry()} />;
  if (error) return <Notice tone="error">{errorMessage(t, error)}</Notice>;
  return pending ? <PendingStatus retry={retry} timeoutMs={HISTORY_LOADER_TIMEOUT_MS} /> : null;
}
