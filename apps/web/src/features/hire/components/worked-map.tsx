import { useEffect, useMemo, useRef, useState } from 'react';
import type { JobDetail } from '@tractorlink/domain/hire-api';
import type { MapHandle } from '../../../components/map/leaflet-map';
import { joinSentences } from '@tractorlink/domain/spoken-text';
import { MapView } from '../../../components/map/map-view';
import { pointText } from '../../../components/map/map-words';
import { useHireTexts } from '../../../lib/signed-in/hire-texts';
import { acresText } from '../format';
import { jobAreas, jobPoints } from '../map-shapes';

/**
 * The ground the job's implement covered (filled) and the field's boundary (dashed) on the map. Leaflet
 * comes with this component only (MapView loads it), never with the ledger or the forms.
 */
export function WorkedMap({ job }: { job: Pick<JobDetail, 'workedArea' | 'boundary' | 'position' | 'coveredAcres' | 'fieldAcres'> }) {
  const { t, lang } = useHireTexts();
  const [map, setMap] = useState<MapHandle | null>(null);
  const areas = useMemo(() => jobAreas(job), [job]);
  const points = useMemo(() => jobPoints(job), [job]);
  useEffect(() => map?.setAreas(areas), [map, areas]);
  // Fitted once the map is up, and again only when the shape itself changes (not on every refetch).
  const shapeKey = JSON.stringify(points.length ? [points[0], points.at(-1), points.length] : null);
  const latest = useRef(points);
  useEffect(() => {
    latest.current = points;
  });
  useEffect(() => {
    if (map && latest.current.length) map.fit(latest.current);
  }, [map, shapeKey]);
  // The map in words: the acres covered and the field drawn, else where the work started.
  const acres = (value: number) => acresText(t, value, lang);
  const summary = joinSentences(
    [
      job.workedArea && `${t('hire.job.keyWorked')}: ${acres(job.coveredAcres)}`,
      job.boundary && job.fieldAcres !== null && `${t('hire.job.keyField')}: ${acres(job.fieldAcres)}`,
      !job.workedArea && !job.boundary && job.position && t('map.pointAt', { place: pointText({ lat: job.position.lat, lon: job.position.lng }) }),
    ],
    lang,
  );
  return <MapView center={null} onReady={setMap} className="map-small hire-map" summary={summary} />;
}
