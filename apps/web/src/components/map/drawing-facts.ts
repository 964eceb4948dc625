import type { LatLon } from '@tractorlink/domain/geo';
import { circleAreaM2, ringAreaM2, squareCorners } from '@tractorlink/domain/geofence-geometry';
import type { GeofenceShape } from '@tractorlink/domain/geofences';
import type { Drawing } from './drawing';

/** What a drawing is, as the map's summary tells it to those who cannot see the map: its shape and size. */
export type DrawingFacts =
  | { kind: 'none' }
  /** A circle's or a square's centre, its size not set yet. */
  | { kind: 'centre'; center: LatLon }
  | { kind: 'circle'; center: LatLon; radiusM: number; areaM2: number }
  | { kind: 'square'; center: LatLon; sideM: number; areaM2: number }
  /** A polygon still being drawn: its corners so far. */
  | { kind: 'corners'; corners: number }
  | { kind: 'polygon'; corners: number; areaM2: number };

export function drawingFacts(d: Drawing, shape: GeofenceShape): DrawingFacts {
  if (shape === 'polygon') {
    if (d.corners.length === 0) return { kind: 'none' };
    return d.closed ? { kind: 'polygon', corners: d.corners.length, areaM2: ringAreaM2(d.corners) } : { kind: 'corners', corners: d.corners.length };
  }
  if (!d.center) return { kind: 'none' };
  if (shape === 'circle')
    return d.radiusM ? { kind: 'circle', center: d.center, radiusM: d.radiusM, areaM2: circleAreaM2(d.radiusM) } : { kind: 'centre', center: d.center };
  return d.sideM
    ? { kind: 'square', center: d.center, sideM: d.sideM, areaM2: ringAreaM2(squareCorners(d.center, d.sideM)) }
    : { kind: 'centre', center: d.center };
}
