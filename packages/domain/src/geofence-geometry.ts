import { distanceMeters, type LatLon, toLocalMeters } from './geo';

/**
 * Geofence geometry, pure. Rings are lists of points (GeoJSON's rule: edges are straight in
 * latitude/longitude); a polygon is an outer ring and its holes; a district may be several polygons.
 *
 * Tests run on a compiled form: the rings projected once onto a plane in metres around the
 * area's centre (equirectangular, x = k·Δlon, y = k'·Δlat). That projection is linear in
 * latitude/longitude, so inside/outside is exactly as on the map; distances are off by at most
 * the change of cos(latitude) across the area (±0.3 % across a district, a few cm on a 25 m band).
 */

export type Ring = readonly LatLon[];
/** Outer ring first, then holes. */
export type Polygon = readonly Ring[];
export type MultiPolygon = readonly Polygon[];

export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Smallest box around the points; undefined when there are none. */
export function boundingBox(points: Iterable<LatLon>): BoundingBox | undefined {
  let box: BoundingBox | undefined;
  for (const p of points) {
    if (!box) box = { south: p.lat, west: p.lon, north: p.lat, east: p.lon };
    else {
      if (p.lat < box.south) box.south = p.lat;
      if (p.lat > box.north) box.north = p.lat;
      if (p.lon < box.west) box.west = p.lon;
      if (p.lon > box.east) box.east = p.lon;
    }
  }
  return box;
}

/** The box of every outer ring (holes lie inside them). */
export function multiPolygonBox(area: MultiPolygon): BoundingBox | undefined {
  return boundingBox(area.flatMap((polygon) => polygon[0] ?? []));
}

/** Metres per degree of longitude and latitude at `lat` (the projection's scale). */
function scales(lat: number): { kx: number; ky: number } {
  const o = { lat, lon: 0 };
  return { kx: toLocalMeters(o, { lat, lon: 1 }).x, ky: toLocalMeters(o, { lat: lat + 1, lon: 0 }).y };
}

/** The box of a circle: its centre ± the radius. */
export function circleBox(center: LatLon, radiusM: number): BoundingBox {
  const { kx, ky } = scales(center.lat);
  return { south: center.lat - radiusM / ky, north: center.lat + radiusM / ky, west: center.lon - radiusM / kx, east: center.lon + radiusM / kx };
}

/** Corners (SW, SE, NE, NW) of the north-up square of side `sideM` centred on `center`. */
export function squareCorners(center: LatLon, sideM: number): LatLon[] {
  const { kx, ky } = scales(center.lat);
  const dLat = sideM / 2 / ky;
  const dLon = sideM / 2 / kx;
  return [
    { lat: center.lat - dLat, lon: center.lon - dLon },
    { lat: center.lat - dLat, lon: center.lon + dLon },
    { lat: center.lat + dLat, lon: center.lon + dLon },
    { lat: center.lat + dLat, lon: center.lon - dLon },
  ];
}

const same = (a: LatLon, b: LatLon) => a.lat === b.lat && a.lon === b.lon;

/** The ring without its closing point (GeoJSON repeats the first point last) and without repeats in a row. */
export function normalizeRing(ring: Ring): LatLon[] {
  const out: LatLon[] = [];
  for (const p of ring) if (out.length === 0 || !same(out[out.length - 1] as LatLon, p)) out.push(p);
  while (out.length > 1 && same(out[0] as LatLon, out[out.length - 1] as LatLon)) out.pop();
  return out;
}

/** Ray casting (even–odd) in latitude/longitude; a point on an edge may fall either way. */
export function pointInRing(p: LatLon, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as LatLon;
    const b = ring[j] as LatLon;
    if (a.lat > p.lat !== b.lat > p.lat && p.lon < ((b.lon - a.lon) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lon) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of the holes. */
export function pointInPolygon(p: LatLon, polygon: Polygon): boolean {
  const [outer, ...holes] = polygon;
  return outer !== undefined && pointInRing(p, outer) && !holes.some((hole) => pointInRing(p, hole));
}

export function pointInMultiPolygon(p: LatLon, area: MultiPolygon): boolean {
  return area.some((polygon) => pointInPolygon(p, polygon));
}

/** Within `radiusM` of the centre, boundary included (a radius of 0 holds the centre only). */
export function pointInCircle(p: LatLon, center: LatLon, radiusM: number): boolean {
  return distanceMeters(p, center) <= radiusM;
}

/** Area in m² of one ring (shoelace on the local plane), whatever its winding. */
export function ringAreaM2(ring: Ring): number {
  const box = boundingBox(ring);
  if (!box || ring.length < 3) return 0;
  const origin = { lat: (box.south + box.north) / 2, lon: (box.west + box.east) / 2 };
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = toLocalMeters(origin, ring[j] as LatLon);
    const b = toLocalMeters(origin, ring[i] as LatLon);
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** Outer ring less its holes (never below 0). */
export function polygonAreaM2(polygon: Polygon): number {
  const [outer, ...holes] = polygon;
  if (!outer) return 0;
  return Math.max(0, ringAreaM2(outer) - holes.reduce((sum, h) => sum + ringAreaM2(h), 0));
}

export function multiPolygonAreaM2(area: MultiPolygon): number {
  return area.reduce((sum, polygon) => sum + polygonAreaM2(polygon), 0);
}

export const circleAreaM2 = (radiusM: number) => Math.PI * radiusM * radiusM;

// ── Simplification ────────────────────────────────────────────────────────────────────────────

/**
 * Douglas–Peucker on a ring: drops corners that lie within `toleranceM` of the line kept, so no
 * point of the simplified boundary is further than that from the original. The ring is split at
 * its first point and the point farthest from it, so it cannot collapse; a ring that would keep
 * fewer than 3 points is returned whole (normalised).
 */
export function simplifyRing(input: Ring, toleranceM: number): LatLon[] {
  const ring = normalizeRing(input);
  const n = ring.length;
  if (n <= 4 || !(toleranceM > 0)) return ring;
  const box = boundingBox(ring) as BoundingBox;
  const { kx, ky } = scales((box.south + box.north) / 2);
  const x = ring.map((p) => p.lon * kx);
  const y = ring.map((p) => p.lat * ky);
  const keep = new Uint8Array(n);
  let far = 0;
  for (let i = 1; i < n; i++)
    if (
      Math.hypot((x[i] as number) - (x[0] as number), (y[i] as number) - (y[0] as number)) >
      Math.hypot((x[far] as number) - (x[0] as number), (y[far] as number) - (y[0] as number))
    )
      far = i;
  keep[0] = 1;
  keep[far] = 1;
  // Index n stands for the ring's first point again (the closing edge).
  const at = (i: number) => i % n;
  const stack: [number, number][] = [
    [0, far],
    [far, n],
  ];
  const tolerance2 = toleranceM * toleranceM;
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const ax = x[at(a)] as number;
    const ay = y[at(a)] as number;
    const dx = (x[at(b)] as number) - ax;
    const dy = (y[at(b)] as number) - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD2 = tolerance2;
    for (let i = a + 1; i < b; i++) {
      const px = (x[i] as number) - ax;
      const py = (y[i] as number) - ay;
      let t = len2 === 0 ? 0 : (px * dx + py * dy) / len2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const d2 = (px - t * dx) ** 2 + (py - t * dy) ** 2;
      if (d2 > worstD2) {
        worstD2 = d2;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([a, worst], [worst, b]);
  }
  const out = ring.filter((_, i) => keep[i] === 1);
  return out.length >= 3 ? out : ring;
}

// ── Self-intersection ─────────────────────────────────────────────────────────────────────────

/** Sign of the turn a → b → c (0: collinear). */
function orient(a: LatLon, b: LatLon, c: LatLon): number {
  return Math.sign((b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon));
}

/** c lies on segment ab, given that the three are collinear. */
function onSegment(a: LatLon, b: LatLon, c: LatLon): boolean {
  return Math.min(a.lon, b.lon) <= c.lon && c.lon <= Math.max(a.lon, b.lon) && Math.min(a.lat, b.lat) <= c.lat && c.lat <= Math.max(a.lat, b.lat);
}

/** Segments ab and cd share at least one point (touching counts). */
export function segmentsIntersect(a: LatLon, b: LatLon, c: LatLon, d: LatLon): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * The ring crosses or touches itself: two edges that are not neighbours meet, or two neighbours
 * fold back onto each other (a spike). O(n²): meant for drawn shapes of at most a few hundred points.
 * The ring is normalised first, so a closing point or a point repeated in a row is not a crossing.
 */
export function ringSelfIntersects(input: Ring): boolean {
  const ring = normalizeRing(input);
  const n = ring.length;
  if (n < 3) return false;
  const at = (i: number) => ring[i % n] as LatLon;
  for (let i = 0; i < n; i++) {
    const a = at(i);
    const b = at(i + 1);
    // Neighbour: they share b; they overlap only if the turn at b is a full reversal.
    const c = at(i + 2);
    if (orient(a, b, c) === 0 && (onSegment(a, b, c) || onSegment(b, c, a))) return true;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing edge is the first edge's other neighbour
      if (segmentsIntersect(a, b, at(j), at(j + 1))) return true;
    }
  }
  return false;
}

// ── Compiled areas: what detection runs per position ──────────────────────────────────────────

/**
 * An area ready for many tests. Coordinates go in as numbers (no object per position): this runs
 * for every position of every watching tractor.
 */
export interface CompiledArea {
  readonly box: BoundingBox;
  /** Metres to the boundary: positive inside, negative outside, 0 on it. */
  signedDistance(lat: number, lon: number): number;
  contains(lat: number, lon: number): boolean;
  /** False when the point is certainly more than `marginM` outside (a box test, no edges). */
  near(lat: number, lon: number, marginM: number): boolean;
  /** Metres between two points on this area's plane (what signedDistance is measured in). */
  metersBetween(lat1: number, lon1: number, lat2: number, lon2: number): number;
}

/** A projected ring: x0, y0, x1, y1 … (open), with its own box for pruning. */
interface FlatRing {
  xy: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function flatten(ring: Ring, origin: LatLon, kx: number, ky: number): FlatRing {
  const points = normalizeRing(ring);
  const xy = new Float64Array(points.length * 2);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  points.forEach((p, i) => {
    const x = (p.lon - origin.lon) * kx;
    const y = (p.lat - origin.lat) * ky;
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  });
  return { xy, minX, minY, maxX, maxY };
}

function flatContains(r: FlatRing, x: number, y: number): boolean {
  if (x < r.minX || x > r.maxX || y < r.minY || y > r.maxY) return false;
  const xy = r.xy;
  const n = xy.length / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = xy[2 * i] as number;
    const yi = xy[2 * i + 1] as number;
    const xj = xy[2 * j] as number;
    const yj = xy[2 * j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Smallest squared distance from (x, y) to the ring's edges, or `best` if none is nearer. */
function flatDistance2(r: FlatRing, x: number, y: number, best: number): number {
  // The ring's box is farther than the best so far: no edge of it can be nearer.
  const bx = Math.max(r.minX - x, 0, x - r.maxX);
  const by = Math.max(r.minY - y, 0, y - r.maxY);
  if (bx * bx + by * by >= best) return best;
  const xy = r.xy;
  const n = xy.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const x1 = xy[2 * j] as number;
    const y1 = xy[2 * j + 1] as number;
    const dx = (xy[2 * i] as number) - x1;
    const dy = (xy[2 * i + 1] as number) - y1;
    const len2 = dx * dx + dy * dy;
    let t = len2 === 0 ? 0 : ((x - x1) * dx + (y - y1) * dy) / len2;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ex = x1 + t * dx - x;
    const ey = y1 + t * dy - y;
    const d2 = ex * ex + ey * ey;
    if (d2 < best) best = d2;
  }
  return best;
}

/** √(x² + y²): Math.hypot guards against overflow we cannot have here, at several times the cost. */
const planar = (x: number, y: number) => Math.sqrt(x * x + y * y);

/** A polygon set (a drawn polygon or square, or a district with its islands and holes). */
export function compileMultiPolygon(area: MultiPolygon): CompiledArea {
  const box = multiPolygonBox(area) ?? { south: 0, west: 0, north: 0, east: 0 };
  const origin = { lat: (box.south + box.north) / 2, lon: (box.west + box.east) / 2 };
  const { kx, ky } = scales(origin.lat);
  // Degenerate rings are kept: they hold nothing (ray casting finds no crossing) but still have a distance.
  const polygons = area.map((polygon) => polygon.map((ring) => flatten(ring, origin, kx, ky)));
  const outers = polygons.map((p) => p[0]).filter((r): r is FlatRing => r !== undefined);
  const minX = Math.min(...outers.map((r) => r.minX));
  const maxX = Math.max(...outers.map((r) => r.maxX));
  const minY = Math.min(...outers.map((r) => r.minY));
  const maxY = Math.max(...outers.map((r) => r.maxY));
  const containsXY = (x: number, y: number) => {
    for (const rings of polygons) {
      const outer = rings[0];
      if (!outer || !flatContains(outer, x, y)) continue;
      let inHole = false;
      for (let h = 1; h < rings.length && !inHole; h++) inHole = flatContains(rings[h] as FlatRing, x, y);
      if (!inHole) return true;
    }
    return false;
  };
  return {
    box,
    contains: (lat, lon) => containsXY((lon - origin.lon) * kx, (lat - origin.lat) * ky),
    signedDistance(lat, lon) {
      const x = (lon - origin.lon) * kx;
      const y = (lat - origin.lat) * ky;
      let best = Infinity;
      for (const rings of polygons) for (const r of rings) best = flatDistance2(r, x, y, best);
      const d = best === Infinity ? Infinity : Math.sqrt(best);
      return containsXY(x, y) ? d : -d;
    },
    near: (lat, lon, marginM) => {
      const x = (lon - origin.lon) * kx;
      const y = (lat - origin.lat) * ky;
      return x >= minX - marginM && x <= maxX + marginM && y >= minY - marginM && y <= maxY + marginM;
    },
    metersBetween: (lat1, lon1, lat2, lon2) => planar((lon2 - lon1) * kx, (lat2 - lat1) * ky),
  };
}

/** A circle: signed distance is the radius less the distance from the centre. */
export function compileCircle(center: LatLon, radiusM: number): CompiledArea {
  const { kx, ky } = scales(center.lat);
  const distance = (lat: number, lon: number) => planar((lon - center.lon) * kx, (lat - center.lat) * ky);
  return {
    box: circleBox(center, radiusM),
    signedDistance: (lat, lon) => radiusM - distance(lat, lon),
    contains: (lat, lon) => distance(lat, lon) <= radiusM,
    near: (lat, lon, marginM) => Math.abs((lon - center.lon) * kx) <= radiusM + marginM && Math.abs((lat - center.lat) * ky) <= radiusM + marginM,
    metersBetween: (lat1, lon1, lat2, lon2) => planar((lon2 - lon1) * kx, (lat2 - lat1) * ky),
  };
}
