import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DirectionsLink } from '../../components/map/directions-link';
import type { MapHandle, Point } from '../../components/map/leaflet-map';
import { MapView } from '../../components/map/map-view';
import { pointText } from '../../components/map/map-words';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { LocateIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useAlertTexts } from '../../lib/signed-in/alert-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useAlert } from './api/get-alert';
import { useMarkRead } from './api/mark-read';
import { alertWords } from './alert-words';
import { ListenButton } from '../../components/voice/listen-button';
import { joinSentences } from '@tractorlink/domain/spoken-text';
import { Loading } from '../../components/ui/loading';

/** #/alert-detail/:id: what happened, value against limit, when, which tractor, where; read aloud. */
export function AlertDetailScreen() {
  const { id = '' } = useParams();
  const { t, lang, ready } = useAlertTexts();
  const { data: alert, error, isPending } = useAlert(id);
  const markRead = useMarkRead();
  const marked = useRef<string | null>(null);
  const [map, setMap] = useState<MapHandle | null>(null);
  const { select } = useTractors();

  // Spec §9: opening an alert marks it read (status 1); once per alert, even if the screen re-renders.
  const unread = alert?.alertStatus === 'unread';
  const { mutate } = markRead;
  // Once the server has taken the mark, this alert is read whatever an older answer in the cache says
  // (a detail fetched just before the mark can land after it on a busy phone).
  const markedOnServer = markRead.isSuccess && markRead.variables?.[0] === id;
  useEffect(() => {
    if (!unread || marked.current === id) return;
    marked.current = id;
    mutate([id]);
  }, [unread, id, mutate]);

  const lat = alert?.latitude ?? null;
  const lon = alert?.longitude ?? null;
  const point: Point | null = lat !== null && lon !== null ? { lat, lon } : null;
  useEffect(() => {
    if (!map) return;
    const p = lat !== null && lon !== null ? { lat, lon } : null;
    map.setTractor(p);
    if (p) map.fit([p]);
  }, [map, lat, lon]);

  const w = alert && ready ? alertWords(t, lang, alert) : null;
  return (
    <Page title={w?.name ?? t('tabs.alerts')} backTo={paths.alerts.getHref()}>
      {alert && w && (
        <>
          <section className={`card alert-card${alert.critical ? ' is-critical' : ''}`} aria-labelledby="alert-name">
            <h2 id="alert-name">{w.name}</h2>
            <p className="alert-tags">
              {alert.critical && <span className="tag tag-critical">{t('alerts.tab.critical')}</span>}
              <span className={`tag tag-${alert.alertSeverity.toLowerCase()}`}>{t('alerts.severityIs', { severity: w.severity })}</span>
            </p>
            <p data-testid="alert-description">{w.description}</p>
            <dl className="facts">
              {w.reading && (
                <>
                  <dt>{t('alerts.reading')}</dt>
                  <dd data-testid="alert-reading">{w.reading}</dd>
                </>
              )}
              <dt>{t('alerts.time')}</dt>
              <dd dir="ltr" data-testid="alert-time">
                {w.time}
              </dd>
              <dt>{t('tractor.choose')}</dt>
              <dd>{w.tractor}</dd>
              <dt>{t('alerts.status')}</dt>
              <dd data-testid="alert-status">{alert.alertStatus === 'unread' && !markedOnServer ? t('alerts.unread') : t('alerts.read')}</dd>
            </dl>
            <ListenButton
              text={joinSentences(
                [w.name, w.description, w.reading, w.tractor, t('alerts.atTime', { time: w.time.replace(' | ', ', ') }), alert.address],
                lang,
              )}
            />
          </section>
          <section className="card" aria-labelledby="alert-where">
            <h2 id="alert-where">{t('alerts.where')}</h2>
            {point ? (
              <>
                {alert.address && (
                  <p className="alert-place" data-testid="alert-place">
                    {alert.address}
                  </p>
                )}
                <MapView
                  center={point}
                  onReady={setMap}
                  className="map-small"
                  summary={t('map.tractorAt', { name: w.tractor, place: [alert.address, pointText(point)].filter(Boolean).join(', ') })}
                />
                <p dir="ltr" className="muted" data-testid="alert-position">
                  {point.lat.toFixed(5)}, {point.lon.toFixed(5)}
                </p>
              </>
            ) : (
              <p>{t('location.notAvailable')}</p>
            )}
            <div className="button-column">
              <DirectionsLink to={point} />
              {/* Locate me shows the selected tractor: make it this alert's. */}
              <Link to={paths.locateMe.getHref()} className="btn btn-secondary" onClick={() => select(alert.vin)}>
                <LocateIcon /> <span>{t('locate.title')}</span>
              </Link>
            </div>
          </section>
        </>
      )}
      {!alert && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {!alert && error && isOffline(error) && <Notice>{t('alerts.offlineDetail')}</Notice>}
      {(!ready || (!alert && isPending)) && <Loading />}
    </Page>
  );
}
