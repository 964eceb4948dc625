import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { distanceMeters } from '@tractorlink/domain/geo';
import { joinSentences } from '@tractorlink/domain/spoken-text';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { Button } from '../../components/ui/button';
import { CoachMark } from '../../components/coach/coach-mark';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { LocateIcon, RouteIcon } from '../../components/tractor/icons';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { paths } from '../../config/paths';
import { currentLanguage } from '../../lib/i18n';
import { Said } from '../../components/tractor/said';
import { sayIn, useUnits } from '../../lib/signed-in/units';
import { useMyPosition } from '../../lib/signed-in/geolocation';
import { useTractors } from '../../lib/signed-in/tractors';
import { PackExpired } from '../../components/subscription/pack-expired';
import { packStateOf } from '../../lib/signed-in/subscription';
import { useDieselStations } from './api/get-diesel-stations';
import { useTracking } from '../../lib/signed-in/tracking';
import { useTractorHome } from '../../lib/signed-in/tractor-home';
import { DirectionsLink } from '../../components/map/directions-link';
import { LayerToggle } from '../../components/map/layer-toggle';
import type { MapHandle, MapLayer, Point } from '../../components/map/leaflet-map';
import { MapView } from '../../components/map/map-view';
import { pointText } from '../../components/map/map-words';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { StationList } from './components/station-list';
import { Loading } from '../../components/ui/loading';

/** #/locate-me: the tractor and the owner on a map, the distance, directions and diesel stations nearby. */
export function LocateMeScreen() {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  const { tractors, selected } = useTractors();
  const tracking = useTracking();
  const item = tracking.data?.data.find((d) => d.vin === selected?.vin);
  const tractorAt: Point | null = item && item.latitude !== null && item.longitude !== null ? { lat: item.latitude, lon: item.longitude } : null;
  const stations = useDieselStations(tractorAt, currentLanguage());
  // The place's name in the owner's language (the home card's): a farmer cannot read coordinates.
  const place = useTractorHome(selected?.vin).data?.address ?? null;
  const { me, failure, busy, locate } = useMyPosition();
  const [map, setMap] = useState<MapHandle | null>(null);
  const [layer, setLayer] = useState<MapLayer>('road');

  // Numbers, not the point object: a poll that brings the same position must not move the map.
  const lat = tractorAt?.lat ?? null;
  const lon = tractorAt?.lon ?? null;
  useEffect(() => map?.setLayer(layer), [map, layer]);
  useEffect(() => {
    if (!map) return;
    const p = lat !== null && lon !== null ? { lat, lon } : null;
    map.setTractor(p);
    map.setUser(me ? { lat: me.lat, lon: me.lon } : null);
    map.fit([p, me].filter((x): x is Point => x !== null));
  }, [map, lat, lon, me]);
  useEffect(() => {
    map?.setStations((stations.data ?? []).map((s) => ({ lat: s.latitude, lon: s.longitude, name: s.name })));
  }, [map, stations.data]);

  const lang = i18n.language;
  const distance = tractorAt && me ? sayIn((d) => t('locate.distance', { distance: d }), units.distance(distanceMeters(me, tractorAt))) : null;
  // What the map shows, in words: the tractor's place, the owner's distance from it, the stations marked.
  const mapSummary = joinSentences(
    [
      tractorAt && selected ? t('map.tractorAt', { name: selected.Veh_Name, place: [place, pointText(tractorAt)].filter(Boolean).join(', ') }) : null,
      !tractorAt && tracking.data ? t('location.notAvailable') : null,
      me ? distance?.spoken : t('map.youUnknown', { button: t('locate.myLocation') }),
      stations.data ? t('map.stations', { n: formatDecimal(stations.data.length, lang, 0) }) : null,
    ],
    lang,
  );
  return (
    <Page title={t('locate.title')} backTo={paths.home.getHref()}>
      <CoachMark
        flag="hideLocateCoachMark"
        title={t('coach.locate.title')}
        tips={[t('coach.locate.tip1'), t('coach.locate.tip2', { button: t('locate.myLocation') }), t('coach.locate.tip3')]}
      />
      {tractors && tractors.length === 0 && <NoTractors />}
      {selected && packStateOf(selected)?.state === 'expired' && (
        <>
          <TractorSelect />
          <PackExpired tractor={selected} />
        </>
      )}
      {selected && packStateOf(selected)?.state !== 'expired' && (
        <>
          <TractorSelect />
          <div className="map-tools">
            <LayerToggle layer={layer} onChange={setLayer} />
            <Button variant="secondary" icon={<LocateIcon />} busy={busy} onClick={() => void locate()}>
              {t('locate.myLocation')}
            </Button>
          </div>
          <MapView center={tractorAt} onReady={setMap} summary={mapSummary} />
          <ul className="chart-key map-key" aria-hidden="true">
            <li className="key-tractor">{t('locate.keyTractor')}</li>
            <li className="key-user">{t('locate.keyYou')}</li>
            <li className="key-station">{t('locate.keyStation')}</li>
          </ul>
          {failure && <Notice tone="error">{t(failure)}</Notice>}
          <section className="card" aria-labelledby="where-title">
            <h2 id="where-title">{t('locate.where', { name: selected.Veh_Name })}</h2>
            {tractorAt ? (
              <>
                {place && <p data-testid="tractor-place">{place}</p>}
                <p dir="ltr" className={place ? 'muted' : undefined} data-testid="tractor-position">
                  {tractorAt.lat.toFixed(5)}, {tractorAt.lon.toFixed(5)}
                </p>
              </>
            ) : (
              tracking.data && <p>{t('location.notAvailable')}</p>
            )}
            {item?.lastUpdated != null && (
              <p className="muted">
                {t('tractor.lastUpdated')} <span dir="ltr">{formatIstDateTime(item.lastUpdated, lang)}</span>
              </p>
            )}
            {distance && (
              <p className="big-figure" data-testid="distance">
                <Said figure={distance} />
              </p>
            )}
            <DirectionsLink to={tractorAt} />
          </section>
          <section className="card" aria-labelledby="stations-title">
            <h2 id="stations-title">{t('locate.stations')}</h2>
            {stations.data ? <StationList stations={stations.data} /> : stations.isError ? <p>{t('locate.stationsFailed')}</p> : tractorAt && <Loading />}
          </section>
          <Link to={paths.routeReplay.getHref()} className="btn btn-secondary">
            <RouteIcon /> <span>{t('replay.title')}</span>
          </Link>
        </>
      )}
    </Page>
  );
}
