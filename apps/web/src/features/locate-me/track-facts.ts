import { distanceMeters } from '@tractorlink/domain/geo';
import type { TrackPoint } from '../../components/map/leaflet-map';

/** A day's route as its map's words tell it: where and when it started and ended, how far and how long. */
export interface TrackFacts {
  first: TrackPoint;
  last: TrackPoint;
  /** Along the points, in metres. */
  distanceM: number;
  /** From the first point to the last. */
  minutes: number;
}

export function trackFacts(points: readonly TrackPoint[]): TrackFacts | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  let distanceM = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as TrackPoint;
    const b = points[i] as TrackPoint;
    distanceM += distanceMeters({ lat: a[1], lon: a[2] }, { lat: b[1], lon: b[2] });
  }
  return { first, last, distanceM, minutes: Math.round((last[0] - first[0]) / 60) };
}
