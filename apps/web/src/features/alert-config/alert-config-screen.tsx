import { useState } from 'react';
import { Link } from 'react-router';
import { ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import type { AlertType } from '@tractorlink/domain/alerts-catalog';
import { NotificationsCard } from '../../components/alerts/notifications-card';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { RefreshIcon } from '../../components/ui/icons';
import { PeopleIcon } from '../../components/tractor/icons';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useAlertTexts } from '../../lib/signed-in/alert-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useAlertConfig } from './api/get-alert-config';
import { useResetAlertConfigs } from './api/reset-alert-configs';
import { AlertTypeCard } from './components/alert-type-card';
import { Loading } from '../../components/ui/loading';

type GroupKey = 'engine' | 'fuel' | 'security' | 'service';
const GROUPS: readonly GroupKey[] = ['engine', 'fuel', 'security', 'service'];
const GROUP_OF: Record<string, GroupKey> = {
  A0100: 'fuel',
  A0103: 'fuel',
  A0104: 'fuel',
  A0111: 'fuel',
  A0101: 'security',
  A0105: 'security',
  A0107: 'security',
  A0109: 'security',
  A0110: 'security',
};
/** The screen's group of a type, catalogue order kept within each: engine health is the rest. */
const groupOf = (type: AlertType): GroupKey => GROUP_OF[type.id] ?? (type.source === 'service' ? 'service' : 'engine');

/** #/alert-configuration (side menu): per tractor, each alert type on or off with its limits; receivers. */
export function AlertConfigScreen() {
  const { t, ready } = useAlertTexts();
  const { tractors, selected } = useTractors();
  const { data, error, isPending } = useAlertConfig(selected?.vin);
  const byId = new Map(data?.data.map((c) => [c.alertTypeId, c]));
  const reset = useResetAlertConfigs();
  const [confirming, setConfirming] = useState(false);
  // The cards keep what they were opened with; after a reset they start again from the answer.
  const [generation, setGeneration] = useState(0);
  return (
    <Page title={t('alertConfig.title')} backTo={paths.alerts.getHref()}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <p className="lead">{t('alertConfig.intro')}</p>
          <Link to={paths.alertReceivers.getHref()} className="btn btn-secondary">
            <PeopleIcon /> <span>{t('receivers.title')}</span>
          </Link>
          <NotificationsCard />
          {tractors && tractors.length === 0 && <NoTractors />}
          {selected && <TractorSelect />}
          {selected &&
            data?.vin === selected.vin &&
            GROUPS.map((g) => (
              <section key={g} className="config-group" aria-labelledby={`group-${g}`}>
                <h2 id={`group-${g}`}>{t(`alertConfig.group.${g}`)}</h2>
                {ALERT_TYPES.filter((type) => groupOf(type) === g).map((type) => (
                  <AlertTypeCard key={`${selected.vin}-${type.id}-${generation}`} vin={selected.vin} type={type} item={byId.get(type.id)} />
                ))}
              </section>
            ))}
          {selected && data?.vin === selected.vin && (
            <>
              {reset.isSuccess && <Notice tone="success">{reset.data.queued ? t('outbox.waiting') : t('alertConfig.resetDone')}</Notice>}
              <Button variant="secondary" icon={<RefreshIcon />} onClick={() => setConfirming(true)}>
                {t('alertConfig.reset')}
              </Button>
              <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('alertConfig.reset')}>
                <p>{t('alertConfig.resetConfirm', { name: selected.Veh_Name })}</p>
                {reset.error && <Notice tone="error">{errorMessage(t, reset.error)}</Notice>}
                <div className="button-row">
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    busy={reset.isPending}
                    onClick={() =>
                      reset.mutate(
                        { vin: selected.vin, label: selected.Veh_Name },
                        {
                          onSuccess: () => {
                            setGeneration((g) => g + 1);
                            setConfirming(false);
                          },
                        },
                      )
                    }
                  >
                    {t('common.ok')}
                  </Button>
                </div>
              </Dialog>
            </>
          )}
          {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
          {!data && isPending && selected && <Loading />}
        </>
      )}
    </Page>
  );
}
