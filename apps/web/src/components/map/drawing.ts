import { distanceMeters, toLocalMeters } from '@tractorlink/domain/geo';
import type { LatLon } from '@tractorlink/domain/geo';
import { squareCorners } from '@tractorlink/domain/geofence-geometry';
import type { GeofenceShape } from '@tractorlink/domain/geofences';

/**
 * Our own small drawing tool for custom geofences (issue 6) and hire fields (issue 17), pure so it is tested without a map:
 * - circle: the first tap places the centre, the next tap a point of the edge (the radius);
 * - square (north-up): the first tap places the centre, the next tap a point of an edge (half the side);
 * - polygon: each tap adds a corner; tapping the first corner again (or Finish) closes it; Undo and Clear.
 * Sizes are whole metres; the radius and side can also be typed.
 */
export interface Drawing {
  center: LatLon | null;
  radiusM: number | null;
  sideM: number | null;
  corners: LatLon[];
  closed: boolean;
}

export const EMPTY_DRAWING: Drawing = { center: null, radiusM: null, sideM: null, corners: [], closed: false };

/** A tap this close (CSS px) to the first corner closes the polygon: a fingertip. */
export const CLOSE_TAP_PX = 24;

/** The radius a tap on the edge gives: its distance from the centre, in whole metres. */
export function radiusFromTap(center: LatLon, tap: LatLon): number {
  return Math.round(distanceMeters(center, tap));
}

/** The side of the north-up square whose edge passes through the tap: twice the larger of the east and north offsets. */
export function sideFromTap(center: LatLon, tap: LatLon): number {
  const { x, y } = toLocalMeters(center, tap);
  return Math.round(2 * Math.max(Math.abs(x), Math.abs(y)));
}

/**
 * One tap of the map. `nearFirst` says whether the tap lies on the polygon's first corner (the map
 * knows the pixels); a closed polygon ignores taps until Undo or Clear.
 */
export function tap(d: Drawing, shape: GeofenceShape, p: LatLon, nearFirst = false): Drawing {
  if (shape === 'polygon') {
    if (d.closed) return d;
    if (nearFirst && d.corners.length >= 3) return { ...d, closed: true };
    return { ...d, corners: [...d.corners, p] };
  }
  if (!d.center) return { ...d, center: p };
  return shape === 'circle' ? { ...d, radiusM: radiusFromTap(d.center, p) } : { ...d, sideM: sideFromTap(d.center, p) };
}

/** Finish: closes a polygon of at least three corners. */
export function finish(d: Drawing): Drawing {
  return d.corners.length >= 3 ? { ...d, closed: true } : d;
}

export const canFinish = (d: Drawing) => !d.closed && d.corners.length >= 3;

/** Undo the last step: reopen a closed polygon, else drop its last corner; for a circle or square, the size, then the centre. */
export function undo(d: Drawing, shape: GeofenceShape): Drawing {
  if (shape === 'polygon') return d.closed ? { ...d, closed: false } : { ...d, corners: d.corners.slice(0, -1) };
  const size = shape === 'circle' ? 'radiusM' : 'sideM';
  return d[size] !== null ? { ...d, [size]: null } : { ...d, center: null };
}

export function canUndo(d: Drawing, shape: GeofenceShape): boolean {
  return shape === 'polygon' ? d.corners.length > 0 : d.center !== null;
}

/** A typed size ('' clears it); not a number keeps nothing. */
export function typedSize(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? null : Math.round(n);
}

/** Whether anything is drawn for the shape (spec §5: coordinates must not be empty). */
export function isEmpty(d: Drawing, shape: GeofenceShape): boolean {
  return shape === 'polygon' ? d.corners.length === 0 : d.center === null;
}

/** The body fields of the drawing, only those the shape takes (the schema refuses the others). */
export function drawingFields(d: Drawing, shape: GeofenceShape) {
  const at = (p: LatLon) => ({ latitude: p.lat, longitude: p.lon });
  if (shape === 'polygon') return { shape, coordinates: d.corners.map(at) };
  const coordinates = d.center ? [at(d.center)] : [];
  if (shape === 'circle') return { shape, coordinates, ...(d.radiusM !== null ? { radiusM: d.radiusM } : {}) };
  return { shape, coordinates, ...(d.sideM !== null ? { sideM: d.sideM } : {}) };
}

/** A saved custom geofence back into a drawing (for editing). */
export function drawingOf(g: {
  shape: GeofenceShape | null;
  coordinates: { latitude: number; longitude: number }[];
  radiusM: number | null;
  sideM: number | null;
}): Drawing {
  const points = g.coordinates.map((c) => ({ lat: c.latitude, lon: c.longitude }));
  if (g.shape === 'polygon') return { ...EMPTY_DRAWING, corners: points, closed: points.length >= 3 };
  return { ...EMPTY_DRAWING, center: points[0] ?? null, radiusM: g.radiusM, sideM: g.sideM };
}

/** What the map shows of a drawing: the area (dashed while being drawn) and the points placed. */
export type DrawnArea =
  | { kind: 'circle'; center: LatLon; radiusM: number; draft?: boolean }
  | { kind: 'polygons'; polygons: LatLon[][][]; draft?: boolean; tone?: 'worked' }
  | { kind: 'line'; points: LatLon[] }
  | { kind: 'dots'; points: LatLon[] };

export function drawnAreas(d: Drawing, shape: GeofenceShape): DrawnArea[] {
  if (shape === 'polygon') {
    const out: DrawnArea[] = [];
    if (d.closed) out.push({ kind: 'polygons', polygons: [[d.corners]] });
    else if (d.corners.length > 1) out.push({ kind: 'line', points: d.corners });
    if (d.corners.length > 0) out.push({ kind: 'dots', points: d.corners });
    return out;
  }
  if (!d.center) return [];
  const dot: DrawnArea = { kind: 'dots', points: [d.center] };
  if (shape === 'circle') return d.radiusM ? [{ kind: 'circle', center: d.center, radiusM: d.radiusM }, dot] : [dot];
  return d.sideM ? [{ kind: 'polygons', polygons: [[squareCorners(d.center, d.sideM)]] }, dot] : [dot];
}
