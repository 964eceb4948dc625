import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { GeofenceType } from '@tractorlink/domain/geofences';
import type { MapHandle } from '../../../components/map/leaflet-map';
import { MapView } from '../../../components/map/map-view';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';
import { useGeofenceTexts } from '../../../lib/signed-in/geofence-texts';
import { byPlaceName, placeName } from '../place-names';
import { useBoundaryDistricts, useBoundaryOutline, useBoundaryStates } from '../api/get-boundaries';

interface BoundaryPickerProps {
  type: Exclude<GeofenceType, 'custom'>;
  state: string;
  district: string;
  onChange: (next: { state: string; district: string }) => void;
  /** Already translated, by select. */
  stateError: string | undefined;
  districtError: string | undefined;
}

interface SelectProps {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}

function Select({ label, value, error, onChange, children }: SelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A state, then (for a district geofence) a district of that state only (spec §5), from the
 * boundaries the operator loaded; a state without a boundary of the kind needed cannot be chosen.
 * The chosen area's outline is drawn on the map.
 */
export function BoundaryPicker({ type, state, district, onChange, stateError, districtError }: BoundaryPickerProps) {
  const { t, lang } = useGeofenceTexts();
  const states = useBoundaryStates(true);
  const districts = useBoundaryDistricts(state, type === 'district');
  const outline = useBoundaryOutline(state || null, type === 'district' ? district || null : null);
  const shown = type === 'state' || district ? outline.data : undefined;
  const [map, setMap] = useState<MapHandle | null>(null);

  useEffect(() => {
    if (!map) return;
    const polygons = shown ? shown.geometry.coordinates.map((poly) => poly.map((ring) => ring.map(([lon, lat]) => ({ lat, lon })))) : [];
    map.setAreas(polygons.length ? [{ kind: 'polygons', polygons }] : []);
    if (shown) map.fitBox(shown.bounds);
  }, [map, shown]);

  // In the order of the names the owner reads (the file's own for their language first).
  const stateList = [...(states.data?.data ?? [])].sort(byPlaceName(t, lang, (s) => s.state));
  const districtList = [...(districts.data?.data ?? [])].sort(byPlaceName(t, lang, (d) => d.district));
  const usable = (s: { boundary: boolean; districts: number }) => (type === 'state' ? s.boundary : s.districts > 0);
  // The outline drawn, named in words for those who cannot see the map.
  const stateShown = stateList.find((s) => s.state === state);
  const districtShown = districtList.find((d) => d.district === district);
  const shownName = [
    districtShown && placeName(t, districtShown.district, districtShown.names, lang),
    stateShown && placeName(t, stateShown.state, stateShown.names, lang),
  ]
    .filter(Boolean)
    .join(', ');
  const summary = shown && shownName ? t('boundary.summary', { name: shownName }) : t('boundary.summaryNone');
  return (
    <>
      <Select label={t('geofence.state')} value={state} error={stateError} onChange={(next) => onChange({ state: next, district: '' })}>
        <option value="">{t('geofence.chooseState')}</option>
        {stateList.map((s) => (
          <option key={s.state} value={s.state} disabled={!usable(s)}>
            {usable(s) ? placeName(t, s.state, s.names, lang) : t('geofence.noBoundary', { name: placeName(t, s.state, s.names, lang) })}
          </option>
        ))}
      </Select>
      {type === 'district' && (
        <Select label={t('geofence.district')} value={district} error={districtError} onChange={(next) => onChange({ state, district: next })}>
          <option value="">{state ? t('geofence.chooseDistrict') : t('geofence.stateFirst')}</option>
          {districtList.map((d) => (
            <option key={d.district} value={d.district}>
              {placeName(t, d.district, d.names, lang)}
            </option>
          ))}
        </Select>
      )}
      {states.error && !states.data && <Notice tone="error">{errorMessage(t, states.error)}</Notice>}
      {outline.error && <Notice tone="error">{errorMessage(t, outline.error)}</Notice>}
      <MapView center={null} onReady={setMap} className="draw-map" summary={summary} />
    </>
  );
}
