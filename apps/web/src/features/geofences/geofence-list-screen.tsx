import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CoachMark } from '../../components/coach/coach-mark';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { Button } from '../../components/ui/button';
import { PlusIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { useGeofences } from './api/get-geofences';
import { geofenceTarget } from './api/pending-geofences';
import { ActiveSwitch } from './components/active-switch';
import { closeDraft } from './draft';
import { kindLine } from './geofence-words';
import { Loading } from '../../components/ui/loading';

/** What the list says after a change made on another screen (spec §8); 'queued': kept on the phone to send later. */
export type ListNotice = 'created' | 'deleted' | 'queued';

/**
 * #/geofence-list, the geofence tab: the owner's geofences with what they are, how many tractors
 * each watches and an active switch; kept for offline use. A new one until the limit of 50.
 */
export function GeofenceListScreen() {
  const { t, lang, ready } = useGeofenceTexts();
  const { data, error, isPending } = useGeofences();
  const notice = (useLocation().state as { done?: ListNotice } | null)?.done;
  // Coming back to the list leaves any form behind.
  useEffect(() => closeDraft(), []);
  const full = data ? data.total >= data.limit : false;

  return (
    <Page title={t('tabs.geofences')}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <CoachMark
            flag="hideGeofenceCoachMark"
            title={t('coach.geofences.title')}
            tips={[t('coach.geofences.tip1'), t('coach.geofences.tip2'), t('coach.geofences.tip3')]}
          />
          {notice && <Notice tone="success">{notice === 'queued' ? t('outbox.waiting') : t(`geofence.${notice}`)}</Notice>}
          {full ? (
            <>
              <Button icon={<PlusIcon />} disabled aria-describedby="geofence-full">
                {t('geofence.create')}
              </Button>
              <p id="geofence-full" className="muted">
                {t('geofence.full', { max: data?.limit })}
              </p>
            </>
          ) : (
            <Link to={paths.createGeofence.getHref()} className="btn btn-primary">
              <PlusIcon /> <span>{t('geofence.create')}</span>
            </Link>
          )}
          {data && data.data.length === 0 && <Notice>{t('geofence.none')}</Notice>}
          {data && data.data.length > 0 && (
            <>
              <p className="muted list-count">
                {/* How many there are, and the most the owner can make: never '1 of 50', which reads as 1 shown of 50. */}
                {t('geofence.count', { count: data.total, n: formatDecimal(data.total, lang, 0), max: formatDecimal(data.limit, lang, 0) })}
              </p>
              <ul className="card-list" aria-label={t('geofence.listLabel')}>
                {data.data.map((g) => (
                  <li key={g.id} className="card geofence-card" data-geofence={g.name}>
                    <div className="geofence-text">
                      <h2>
                        <Link to={paths.geofenceDetails.getHref(g.id)}>{g.name}</Link>
                      </h2>
                      <p className="muted">{kindLine(t, g)}</p>
                      <p className="muted">{t('geofence.watching', { shown: formatDecimal(g.vins.length, lang, 0) })}</p>
                      <OutboxNote target={geofenceTarget(g.id)} />
                    </div>
                    <ActiveSwitch geofence={g} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
          {!data && isPending && <Loading />}
        </>
      )}
    </Page>
  );
}
