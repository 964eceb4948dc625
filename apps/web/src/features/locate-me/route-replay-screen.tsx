import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_WINDOW_DAYS, addDays } from '@tractorlink/domain/calendar';
import { istDate } from '@tractorlink/domain/time';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatIstTime, formatShortIsoDate } from '../../lib/signed-in/tractor-format';
import { useUnits } from '../../lib/signed-in/units';
import { isOffline } from '../../lib/query-client';
import { useTractors } from '../../lib/signed-in/tractors';
import { PackExpired } from '../../components/subscription/pack-expired';
import { packStateOf } from '../../lib/signed-in/subscription';
import { useTrack } from './api/get-track';
import type { MapHandle } from '../../components/map/leaflet-map';
import { MapView } from '../../components/map/map-view';
import { pointText } from '../../components/map/map-words';
import { ReplayControls } from './components/replay-controls';
import { trackFacts } from './track-facts';
import { Loading } from '../../components/ui/loading';

/** #/route-replay (beyond the spec): one day's path, worked passes apart from road travel, played back. */
export function RouteReplayScreen() {
  const { t, i18n } = useTranslation();
  const { tractors, selected } = useTractors();
  const [today] = useState(() => istDate(Date.now()));
  const [date, setDate] = useState(today);
  const [index, setIndex] = useState(0);
  const [map, setMap] = useState<MapHandle | null>(null);
  const dateId = useId();
  const track = useTrack(selected?.vin, date);
  const points = track.data?.points;

  useEffect(() => {
    if (!map) return;
    map.setTrack(points ?? []);
    map.fit((points ?? []).map((p) => ({ lat: p[1], lon: p[2] })));
  }, [map, points]);
  useEffect(() => {
    const p = points?.[index];
    map?.setCursor(p ? { lat: p[1], lon: p[2] } : null);
  }, [map, points, index]);

  const lang = i18n.language;
  const units = useUnits();
  // The route in words, for those who cannot see the map: start, end, distance and time taken.
  const facts = points ? trackFacts(points) : null;
  const mapSummary = facts
    ? t('replay.mapSummary', {
        date: formatShortIsoDate(date, lang),
        start: formatIstTime(facts.first[0], lang),
        from: pointText({ lat: facts.first[1], lon: facts.first[2] }),
        end: formatIstTime(facts.last[0], lang),
        to: pointText({ lat: facts.last[1], lon: facts.last[2] }),
        distance: units.distance(facts.distanceM).spoken,
        // Under an hour in minutes alone ("25 minutes", not "0 hours 25 minutes").
        duration: units.durationMinutes(facts.minutes).spoken,
      })
    : points && t('replay.noTrack');
  return (
    <Page title={t('replay.title')} backTo={paths.locateMe.getHref()}>
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
          <div className="field">
            <label htmlFor={dateId}>{t('replay.day')}</label>
            <input
              id={dateId}
              className="date-input"
              type="date"
              value={date}
              min={addDays(today, -CALENDAR_WINDOW_DAYS)}
              max={today}
              onChange={(e) => {
                if (e.target.value) {
                  setDate(e.target.value);
                  setIndex(0);
                }
              }}
            />
          </div>
          <MapView center={null} onReady={setMap} summary={mapSummary || undefined} />
          <ul className="chart-key map-key" aria-hidden="true">
            <li className="key-work">{t('replay.working')}</li>
            <li className="key-road">{t('replay.travelling')}</li>
          </ul>
          {points && facts && (
            <>
              {/*
               * The day in one line: from when to when, and how far along the route (not the number of points,
               * which is only how finely the server thinned the track). The map's words above already say this
               * to a screen reader, so it is not read a second time.
               */}
              <p data-testid="track-summary" aria-hidden="true">
                {t('replay.summary', {
                  start: formatIstTime(facts.first[0], lang),
                  end: formatIstTime(facts.last[0], lang),
                  distance: units.distance(facts.distanceM).shown,
                })}
              </p>
              <ReplayControls points={points} index={Math.min(index, points.length - 1)} onIndex={setIndex} />
            </>
          )}
          {points && points.length === 0 && <Notice>{t('replay.noTrack')}</Notice>}
          {track.error && !isOffline(track.error) && <Notice tone="error">{errorMessage(t, track.error)}</Notice>}
          {track.isPending && <Loading />}
        </>
      )}
    </Page>
  );
}
