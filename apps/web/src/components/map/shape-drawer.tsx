import { useEffect, useRef, useState } from 'react';
import { GEOFENCE_RADIUS_M, GEOFENCE_SIDE_M } from '@tractorlink/domain/geofences';
import type { GeofenceShape } from '@tractorlink/domain/geofences';
import type { LatLon } from '@tractorlink/domain/geo';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { formatDecimal, shownCount } from '../../lib/signed-in/tractor-format';
import { useTractorPosition } from '../../lib/signed-in/tracking';
import { useTractors } from '../../lib/signed-in/tractors';
import { CLOSE_TAP_PX, canFinish, canUndo, drawnAreas, finish, tap, typedSize, undo, EMPTY_DRAWING } from './drawing';
import type { Drawing, DrawnArea } from './drawing';
import { drawingFacts } from './drawing-facts';
import type { DrawingFacts } from './drawing-facts';
import { acresFigure, pointText } from './map-words';
import type { Box, MapHandle, MapLayer } from './leaflet-map';
import { LayerToggle } from './layer-toggle';
import { MapView } from './map-view';

interface ShapeDrawerProps {
  shape: GeofenceShape;
  drawing: Drawing;
  onChange: (d: Drawing) => void;
  /** A place found by search: the map centres there once. */
  focus: LatLon | null;
  onFocused: () => void;
  /** A saved geofence's box: the map opens fitted to it. */
  fitTo?: Box | undefined;
  /** Already translated. */
  error: string | undefined;
  /** Shown under the drawing, not drawn by it (a hire job's worked area under its field's boundary). */
  background?: readonly DrawnArea[] | undefined;
}

/** What to do next, read out as the drawing changes. */
function stepKey(shape: GeofenceShape, d: Drawing): string {
  if (shape === 'polygon') return d.closed ? 'draw.polygonClosed' : d.corners.length >= 3 ? 'draw.polygonMore' : 'draw.polygonStart';
  if (!d.center) return 'draw.placeCenter';
  return shape === 'circle' ? 'draw.circleEdge' : 'draw.squareEdge';
}

/**
 * The map on which a custom geofence (or a hire job's field) is drawn by tapping (drawing.ts has the rules), with Undo,
 * Clear and Finish, the radius or side as a number, and "place at the map's centre" for those who
 * do not tap (keyboard, screen reader): the map moves under a fixed centre.
 */
export function ShapeDrawer({ shape, drawing, onChange, focus, onFocused, fitTo, error, background }: ShapeDrawerProps) {
  const { t, lang } = useGeofenceTexts();
  const [map, setMap] = useState<MapHandle | null>(null);
  const [layer, setLayer] = useState<MapLayer>('road');
  useEffect(() => map?.setLayer(layer), [map, layer]);
  const latest = useRef({ drawing, onChange, shape });
  /** The map has been placed (or the owner has started drawing): it is not moved again but to a found place. */
  const fitted = useRef(false);
  useEffect(() => {
    latest.current = { drawing, onChange, shape };
  });

  useEffect(() => {
    if (!map) return;
    map.onTap((p) => {
      const { drawing: d, onChange: change, shape: s } = latest.current;
      const first = d.corners[0];
      fitted.current = true;
      change(tap(d, s, p, first !== undefined && map.pixelsBetween(first, p) <= CLOSE_TAP_PX));
    });
    return () => map.onTap(null);
  }, [map]);

  useEffect(() => map?.setAreas([...(background ?? []), ...drawnAreas(drawing, shape)]), [map, drawing, shape, background]);

  // Once the map is up: a found place, else the saved box, else what is already drawn, else the
  // tractor's last position (India as a whole only until that is known, and never over a drawing).
  const { selected } = useTractors();
  const tractorAt = useTractorPosition(selected?.vin);
  const [startLat, startLon] = [tractorAt?.lat, tractorAt?.lon];
  const box = useRef(fitTo);
  useEffect(() => {
    if (!map) return;
    const { drawing: d } = latest.current;
    const points = d.center ? [d.center] : d.corners;
    if (focus) {
      map.centerOn(focus);
      onFocused();
    } else if (fitted.current) return;
    else if (box.current) map.fitBox(box.current);
    else if (points.length > 0) map.fit(points);
    else if (startLat !== undefined && startLon !== undefined) map.centerOn({ lat: startLat, lon: startLon });
    else return;
    fitted.current = true;
  }, [map, focus, onFocused, startLat, startLon]);

  // The drawing in words (shape, centre, size, area), read in the map's region.
  const metres = (m: number) => t('unitSpoken.m', { value: formatDecimal(m, lang, 0), count: m });
  const acres = (m2: number) => t('unit.acres', { value: acresFigure(m2, lang), count: shownCount(acresFigure(m2, lang)) });
  const summaryOf = (facts: DrawingFacts): string => {
    switch (facts.kind) {
      case 'none':
        return t('draw.summary.none');
      case 'centre':
        return t('draw.summary.centre', { point: pointText(facts.center) });
      case 'circle':
        return t('draw.summary.circle', { point: pointText(facts.center), radius: metres(facts.radiusM), area: acres(facts.areaM2) });
      case 'square':
        return t('draw.summary.square', { point: pointText(facts.center), side: metres(facts.sideM), area: acres(facts.areaM2) });
      case 'corners':
        return t('draw.summary.corners', { corners: formatDecimal(facts.corners, lang, 0) });
      case 'polygon':
        return t('draw.summary.polygon', { corners: formatDecimal(facts.corners, lang, 0), area: acres(facts.areaM2) });
    }
  };

  const sized = shape !== 'polygon' && drawing.center !== null;
  const sizeKey = shape === 'circle' ? 'radiusM' : 'sideM';
  const bounds = shape === 'circle' ? GEOFENCE_RADIUS_M : GEOFENCE_SIDE_M;
  const size = drawing[sizeKey];

  return (
    <div className="shape-drawer">
      <p className="draw-step" role="status">
        {t(stepKey(shape, drawing), { count: drawing.corners.length })}
      </p>
      {/* The satellite view shows the field's own edges, which a road map does not. */}
      <div className="map-tools">
        <LayerToggle layer={layer} onChange={setLayer} />
      </div>
      <MapView center={null} onReady={setMap} className="draw-map draw-crosshair" summary={summaryOf(drawingFacts(drawing, shape))} />
      <div className="draw-tools">
        <Button
          variant="secondary"
          disabled={!map || (shape === 'polygon' && drawing.closed)}
          onClick={() => map && onChange(tap(drawing, shape, map.middle()))}
        >
          {t('draw.placeAtCenter')}
        </Button>
        <Button variant="secondary" disabled={!canUndo(drawing, shape)} onClick={() => onChange(undo(drawing, shape))}>
          {t('draw.undo')}
        </Button>
        <Button variant="secondary" disabled={!canUndo(drawing, shape)} onClick={() => onChange(EMPTY_DRAWING)}>
          {t('draw.clear')}
        </Button>
        {shape === 'polygon' && (
          <Button variant="secondary" disabled={!canFinish(drawing)} onClick={() => onChange(finish(drawing))}>
            {t('draw.finish')}
          </Button>
        )}
      </div>
      {sized && (
        <TextField
          label={t(shape === 'circle' ? 'draw.radius' : 'draw.side')}
          hint={t('draw.sizeRange', { min: formatDecimal(bounds.min, lang, 0), max: formatDecimal(bounds.max, lang, 0) })}
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          value={size === null ? '' : String(size)}
          onChange={(e) => onChange({ ...drawing, [sizeKey]: typedSize(e.target.value) })}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
