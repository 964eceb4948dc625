import { useTranslation } from 'react-i18next';
import { CoachMark } from '../../components/coach/coach-mark';
import { Notice } from '../../components/ui/notice';
import { NotOfflineYet } from '../../components/ui/not-offline-yet';
import { Page } from '../../components/ui/page';
import { useUsagePeriod } from '../../components/calendar/saved-period';
import { QuickLinks } from '../../components/tractor/quick-links';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useTractors } from '../../lib/signed-in/tractors';
import { useUsage } from './api/get-usage';
import { PeriodPicker } from '../../components/calendar/period-picker';
import { UsageSummaries } from './components/usage-summaries';
import { PackExpired } from '../../components/subscription/pack-expired';
import { packStateOf } from '../../lib/signed-in/subscription';
import { PendingStatus } from '../../components/ui/pending-status';

/** #/tabs/tractor: how the tractor was used in the chosen period (refreshed every 300 s). */
export function UsageScreen() {
  const { t } = useTranslation();
  const { tractors, selected } = useTractors();
  const period = useUsagePeriod();
  const { data, error, isPending, refetch } = useUsage(selected?.vin, period);
  return (
    <Page title={t('usage.title')}>
      <CoachMark flag="hideTractorUsageCoachMark" title={t('coach.usage.title')} tips={[t('coach.usage.tip1'), t('coach.usage.tip2'), t('coach.usage.tip3')]} />
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
          {data && !data.hasData && <Notice>{t('usage.noData')}</Notice>}
          {data && data.hasData && <UsageSummaries data={data} />}
          {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
          {!data && isOffline(error) && <NotOfflineYet onRetry={() => void refetch()} />}
          {!data && isPending && <PendingStatus retry={refetch} />}
          <QuickLinks label={t('usage.more')} screens={['diesel', 'engine']} />
        </>
      )}
    </Page>
  );
}
