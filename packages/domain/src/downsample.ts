/**
 * Thinning long series to what a phone chart or map can draw, keeping their shape: charts use
 * largest-triangle-three-buckets (peaks and dips survive), route replay keeps every turn and every
 * start or end of work, then spaces the rest evenly.
 */

/** [x, y] pairs sorted by x. */
export type Point2 = [number, number];

/**
 * Largest-triangle-three-buckets (Steinarsson 2013): the first and last points, and per bucket the
 * point forming the largest triangle with its neighbours' choices. At most `max` points.
 */
export function lttb(points: readonly Point2[], max: number): Point2[] {
  if (max >= points.length || points.length <= 2) return points.slice();
  if (max < 3) return [points[0] as Point2, points[points.length - 1] as Point2].slice(0, Math.max(max, 0));
  const out: Point2[] = [points[0] as Point2];
  const every = (points.length - 2) / (max - 2);
  let a = 0;
  for (let i = 0; i < max - 2; i++) {
    // Average of the next bucket: the third corner of the triangle.
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, points.length);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += (points[j] as Point2)[0];
      avgY += (points[j] as Point2)[1];
    }
    const n = Math.max(nextEnd - nextStart, 1);
    avgX /= n;
    avgY /= n;
    const [ax, ay] = points[a] as Point2;
    let best = -1;
    let bestIndex = Math.floor(i * every) + 1;
    for (let j = Math.floor(i * every) + 1; j < Math.floor((i + 1) * every) + 1; j++) {
      const [x, y] = points[j] as Point2;
      const area = Math.abs((ax - avgX) * (y - ay) - (ax - x) * (avgY - ay));
      if (area > best) {
        best = area;
        bestIndex = j;
      }
    }
    out.push(points[bestIndex] as Point2);
    a = bestIndex;
  }
  out.push(points[points.length - 1] as Point2);
  return out;
}

/** A replay point: [epoch seconds, lat, lon, speed km/h, working 0/1]. */
export type TrackPoint = [number, number, number, number, 0 | 1];

/** A change of heading larger than this between two legs is a turn worth keeping. */
export const TURN_MIN_DEGREES = 30;

function bearing(a: TrackPoint, b: TrackPoint): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b[2] - a[2]) * rad) * Math.cos(b[1] * rad);
  const x = Math.cos(a[1] * rad) * Math.sin(b[1] * rad) - Math.sin(a[1] * rad) * Math.cos(b[1] * rad) * Math.cos((b[2] - a[2]) * rad);
  return Math.atan2(y, x) / rad;
}

function turnDegrees(a: TrackPoint, b: TrackPoint, c: TrackPoint): number {
  if ((a[1] === b[1] && a[2] === b[2]) || (b[1] === c[1] && b[2] === c[2])) return 0;
  const d = Math.abs(bearing(a, b) - bearing(b, c)) % 360;
  return d > 180 ? 360 - d : d;
}

/** Spreads `count` picks evenly over `indices` (sorted). */
function evenly(indices: readonly number[], count: number): number[] {
  if (count >= indices.length) return indices.slice();
  if (count <= 0) return [];
  if (count === 1) return [indices[0] as number];
  const step = (indices.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => indices[Math.round(i * step)] as number);
}

/**
 * At most `max` points of a track, in time order: the first and last, every point where work
 * starts or stops (and the one before it), and turns sharper than TURN_MIN_DEGREES; the rest of
 * the budget is spread evenly over the remaining points. If the kept points alone exceed the
 * budget they are themselves spread evenly.
 */
export function thinTrack(points: readonly TrackPoint[], max: number): TrackPoint[] {
  if (points.length <= max) return points.slice();
  const keep = new Set<number>([0, points.length - 1]);
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1] as TrackPoint;
    const cur = points[i] as TrackPoint;
    if (prev[4] !== cur[4]) {
      keep.add(i - 1);
      keep.add(i);
    }
    const next = points[i + 1];
    if (next && turnDegrees(prev, cur, next) > TURN_MIN_DEGREES) keep.add(i);
  }
  const kept = [...keep].sort((a, b) => a - b);
  let chosen: number[];
  if (kept.length >= max) {
    chosen = evenly(kept, max);
  } else {
    const rest = points.map((_, i) => i).filter((i) => !keep.has(i));
    chosen = [...kept, ...evenly(rest, max - kept.length)].sort((a, b) => a - b);
  }
  return chosen.map((i) => points[i] as TrackPoint);
}
