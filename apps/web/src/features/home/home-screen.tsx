import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CoachMark } from '../../components/coach/coach-mark';
import { Notice } from '../../components/ui/notice';
import { NotOfflineYet } from '../../components/ui/not-offline-yet';
import { Page } from '../../components/ui/page';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { QuickLinks } from '../../components/tractor/quick-links';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { getCachedUser } from '../../lib/session';
import { useTractors } from '../../lib/signed-in/tractors';
import { useHome } from './api/get-home';
import { useTractorHome } from '../../lib/signed-in/tractor-home';
import { TractorOverview } from './components/tractor-overview';
import { WeatherWidget } from './components/weather/weather-widget';
import { PackExpired } from '../../components/subscription/pack-expired';
import { RenewalDialog } from '../../components/subscription/renewal-dialog';
import { packStateOf } from '../../lib/signed-in/subscription';
import { PendingStatus } from '../../components/ui/pending-status';

/** The chosen tractor's figures: HomeScreen holds their query (one poll), so what sits below can wait for them. */
function SelectedTractor({ figures }: { figures: ReturnType<typeof useTractorHome> }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = figures;
  if (data) return <TractorOverview data={data} />;
  if (error && isOffline(error)) return <NotOfflineYet onRetry={() => void refetch()} />;
  if (error) return <Notice tone="error">{errorMessage(t, error)}</Notice>;
  return isPending ? <PendingStatus retry={refetch} /> : null;
}

/** The home tab: a greeting, the chosen tractor's live picture (polled every 30 s), or how to add one. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { data, isPending, refetch } = useHome();
  const { selected } = useTractors();
  const added = (useLocation().state as { added?: boolean } | null)?.added === true;
  const firstName = data?.firstName ?? getCachedUser()?.firstName ?? '';
  // The tractor's pack has ended: the spec's renewal flag (its weather hidden too, spec §4).
  const expired = packStateOf(selected)?.state === 'expired';
  // Until the tractor's figures are in, what sits below them waits unseen: shown at once, the
  // weather and the links would jump down the screen when the figures arrive (a layout shift).
  const figures = useTractorHome(selected && !expired ? selected.vin : undefined);
  const below = !expired && figures.isPending;
  return (
    <Page title={t('tabs.home')}>
      <CoachMark flag="hideHomeCoachMark" title={t('coach.home.title')} tips={[t('coach.home.tip1'), t('coach.home.tip2'), t('coach.home.tip3')]} />
      <h2 className="greeting">{firstName ? t('home.greeting', { name: firstName }) : t('home.greetingPlain')}</h2>
      {added && <Notice tone="success">{t('addTractor.added')}</Notice>}
      {data && data.tractors.length === 0 && <NoTractors />}
      {selected && (
        <>
          <TractorSelect />
          <RenewalDialog key={`renew-${selected.vin}`} tractor={selected} />
          {expired ? <PackExpired tractor={selected} /> : <SelectedTractor key={selected.vin} figures={figures} />}
          <div hidden={below}>
            <WeatherWidget key={`weather-${selected.vin}`} vin={selected.vin} renewal={expired} />
            <QuickLinks label={t('home.more')} screens={['usage', 'diesel', 'engine', 'replay']} />
          </div>
        </>
      )}
      {!data && isPending && <PendingStatus retry={refetch} />}
    </Page>
  );
}
