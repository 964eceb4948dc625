import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { NotificationsCard } from '../../components/alerts/notifications-card';
import { CoachMark } from '../../components/coach/coach-mark';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { CheckAllIcon, SlidersIcon } from '../../components/tractor/icons';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useAlertTexts } from '../../lib/signed-in/alert-texts';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { useTractors } from '../../lib/signed-in/tractors';
import { useAlerts } from './api/get-alerts';
import { useMarkAllRead } from './api/mark-read';
import { AlertFilters } from './components/alert-filters';
import { AlertList } from './components/alert-list';
import { alertFilterStore, emptyMessage } from './filters';
import type { AlertFilter } from './filters';
import { PendingStatus } from '../../components/ui/pending-status';
import { Loading } from '../../components/ui/loading';

/**
 * #/alert, the alerts tab: the selected tractor's alerts (or all tractors'), critical or others,
 * by period, severity and unread, a page at a time; kept for offline use. Opening one marks it read.
 */
export function AlertsScreen() {
  const { t, lang, ready } = useAlertTexts();
  const { tractors, selected } = useTractors();
  const filter = useSyncExternalStore(alertFilterStore.subscribe, alertFilterStore.get);
  const change = (over: Partial<AlertFilter>) => alertFilterStore.set({ ...alertFilterStore.get(), ...over });
  const vin = selected?.vin;
  const list = useAlerts(filter, vin, ready && selected !== undefined);
  const markAll = useMarkAllRead();
  const alerts = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const anyUnread = alerts.some((a) => a.alertStatus === 'unread');
  // "Tap Listen": the button is always there for a signed-in owner (the server's voice when the phone has none).
  const tips = [t('coach.alerts.tip1', { tab: t('alerts.tab.critical') }), t('coach.alerts.tip2'), t('coach.alerts.tip3', { listen: t('voice.listen') })];

  return (
    <Page title={t('tabs.alerts')}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <CoachMark flag="hideAlertsCoachMark" title={t('coach.alerts.title')} tips={tips} />
          {tractors && tractors.length === 0 && <NoTractors />}
          {selected && (
            <>
              {!filter.allTractors && <TractorSelect />}
              {tractors && tractors.length > 1 && (
                <CheckboxField label={t('alerts.allTractors')} checked={filter.allTractors} onChange={(e) => change({ allTractors: e.target.checked })} />
              )}
              <AlertFilters filter={filter} onChange={change} />
              {markAll.error && <Notice tone="error">{errorMessage(t, markAll.error)}</Notice>}
              {/* Spec §8: a failed alerts fetch counts as an empty result (a list held from before stays). */}
              {(list.data ? alerts.length === 0 : list.isError) && <Notice>{t(`alerts.empty.${emptyMessage(filter)}`)}</Notice>}
              {alerts.length > 0 && (
                <>
                  {/* One row: how many, and "mark all read" beside it, so the first alert stays on the first screen. */}
                  <div className="list-head">
                    <p className="muted list-count" role="status">
                      {t('alerts.shown', { shown: formatDecimal(alerts.length, lang, 0), total: formatDecimal(total, lang, 0), count: total })}
                    </p>
                    {anyUnread && (
                      <Button
                        variant="secondary"
                        className="btn-small"
                        icon={<CheckAllIcon />}
                        busy={markAll.isPending}
                        onClick={() => markAll.mutate({ filter, vin })}
                      >
                        {t('alerts.markAllRead')}
                      </Button>
                    )}
                  </div>
                  <AlertList alerts={alerts} />
                </>
              )}
              {list.hasNextPage && (
                <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {t('alerts.loadMore')}
                </Button>
              )}
              {!list.data && list.error && !isOffline(list.error) && <Notice tone="error">{errorMessage(t, list.error)}</Notice>}
              {!list.data && list.isPending && <PendingStatus retry={list.refetch} />}
              <Link to={paths.alertConfiguration.getHref()} className="btn btn-plain link-button">
                <SlidersIcon /> <span>{t('alertConfig.title')}</span>
              </Link>
            </>
          )}
          {/* After the list: the alerts come first on a small screen; pushes are offered below them. */}
          <NotificationsCard hideWhenOn />
        </>
      )}
    </Page>
  );
}
