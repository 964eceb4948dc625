import { fromLocalMeters, type LatLon, toLocalMeters } from '../geo';
import { simplifyRing } from '../geofence-geometry';

/**
 * The worked area as a small outline for a map (a bill page loads it over a phone's data): the
 * working stretches rasterised on a coarse grid, the grid's boundary traced into rings, the rings
 * simplified. Only for showing; the acres come from the 0.5 m coverage (acreage.ts).
 */
export const OUTLINE_CELL_M = 2;
/** Strips this much narrower than a cell between passes close up (GPS error), as the acreage's gap fill does. */
const PAD_M = 0.5;
const SIMPLIFY_M = 1.5;
/** Unworked patches smaller than this inside the worked area are not drawn. */
const MIN_HOLE_M2 = 30;
/** Past this many corners in all, the outline is simplified harder. */
const MAX_VERTICES = 1500;

/** GeoJSON MultiPolygon coordinates: polygons of rings of [lon, lat], each ring closed. */
export type MultiPolygonCoordinates = [number, number][][][];

const OFFSET = 1 << 15;
const SPAN = 1 << 16;
const keyOf = (cx: number, cy: number) => (cx + OFFSET) * SPAN + (cy + OFFSET);

export function workedOutline(swaths: readonly { from: LatLon; to: LatLon }[], widthM: number): MultiPolygonCoordinates | null {
  const first = swaths[0];
  if (!first) return null;
  const origin = first.from;
  const cells = rasterise(swaths, widthM, origin);
  if (cells.size === 0) return null;
  const rings = traceRings(cells);
  for (let tolerance = SIMPLIFY_M; ; tolerance *= 2) {
    const polygons = assemble(rings, origin, tolerance);
    const vertices = polygons.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
    if (vertices <= MAX_VERTICES || tolerance > 50) return polygons.length > 0 ? polygons : null;
  }
}

/** Cells (keyed) whose centre lies within half the width (and a little) of a working stretch. */
function rasterise(swaths: readonly { from: LatLon; to: LatLon }[], widthM: number, origin: LatLon): Set<number> {
  const cells = new Set<number>();
  const reach = widthM / 2 + PAD_M;
  for (const s of swaths) {
    const a = toLocalMeters(origin, s.from);
    const b = toLocalMeters(origin, s.to);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const x0 = Math.floor((Math.min(a.x, b.x) - reach) / OUTLINE_CELL_M);
    const x1 = Math.floor((Math.max(a.x, b.x) + reach) / OUTLINE_CELL_M);
    const y0 = Math.floor((Math.min(a.y, b.y) - reach) / OUTLINE_CELL_M);
    const y1 = Math.floor((Math.max(a.y, b.y) + reach) / OUTLINE_CELL_M);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const px = (cx + 0.5) * OUTLINE_CELL_M - a.x;
        const py = (cy + 0.5) * OUTLINE_CELL_M - a.y;
        let t = len2 === 0 ? 0 : (px * dx + py * dy) / len2;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        if ((px - t * dx) ** 2 + (py - t * dy) ** 2 <= reach * reach) cells.add(keyOf(cx, cy));
      }
    }
  }
  return cells;
}

type Vertex = [number, number];

/**
 * The boundary of the cell set as closed rings of grid corners: each cell side with an empty
 * neighbour is an edge, directed with the worked cell on its left, so outer rings run
 * counter-clockwise and holes clockwise; edges are then chained end to start.
 */
function traceRings(cells: Set<number>): Vertex[][] {
  const edges = new Map<number, Vertex[]>();
  const vkey = (x: number, y: number) => keyOf(x, y);
  const add = (from: Vertex, to: Vertex) => {
    const k = vkey(from[0], from[1]);
    const list = edges.get(k);
    if (list) list.push(to);
    else edges.set(k, [to]);
  };
  for (const key of cells) {
    const cx = Math.floor(key / SPAN) - OFFSET;
    const cy = (key % SPAN) - OFFSET;
    if (!cells.has(keyOf(cx, cy - 1))) add([cx, cy], [cx + 1, cy]);
    if (!cells.has(keyOf(cx + 1, cy))) add([cx + 1, cy], [cx + 1, cy + 1]);
    if (!cells.has(keyOf(cx, cy + 1))) add([cx + 1, cy + 1], [cx, cy + 1]);
    if (!cells.has(keyOf(cx - 1, cy))) add([cx, cy + 1], [cx, cy]);
  }
  const rings: Vertex[][] = [];
  for (const [startKey, outs] of edges) {
    while (outs.length > 0) {
      const start: Vertex = [Math.floor(startKey / SPAN) - OFFSET, (startKey % SPAN) - OFFSET];
      const ring: Vertex[] = [start];
      let at = start;
      let next = outs.pop() as Vertex;
      let dir: Vertex = [next[0] - at[0], next[1] - at[1]];
      while (!(next[0] === start[0] && next[1] === start[1])) {
        ring.push(next);
        at = next;
        const choices = edges.get(vkey(at[0], at[1])) as Vertex[];
        // Where two worked cells touch only at a corner, turn left: each keeps its own ring.
        const left: Vertex = [at[0] - dir[1], at[1] + dir[0]];
        let pick = choices.findIndex((v) => v[0] === left[0] && v[1] === left[1]);
        if (pick < 0) pick = choices.length - 1;
        next = choices.splice(pick, 1)[0] as Vertex;
        dir = [next[0] - at[0], next[1] - at[1]];
      }
      rings.push(withoutStraightCorners(ring));
    }
  }
  return rings;
}

function withoutStraightCorners(ring: Vertex[]): Vertex[] {
  return ring.filter((p, i) => {
    const a = ring[(i + ring.length - 1) % ring.length] as Vertex;
    const b = ring[(i + 1) % ring.length] as Vertex;
    return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) !== 0;
  });
}

const signedArea = (ring: readonly Vertex[]) => {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as Vertex;
    const b = ring[i] as Vertex;
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return (twice / 2) * OUTLINE_CELL_M * OUTLINE_CELL_M;
};

function insideRing(p: Vertex, ring: readonly Vertex[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as Vertex;
    const b = ring[j] as Vertex;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** Outer rings with the holes inside them, on the map, simplified, [lon, lat] closed rings. */
function assemble(rings: Vertex[][], origin: LatLon, toleranceM: number): MultiPolygonCoordinates {
  const outers = rings.filter((r) => signedArea(r) > 0);
  const holes = rings.filter((r) => signedArea(r) < -MIN_HOLE_M2);
  const toMap = (ring: readonly Vertex[]): [number, number][] => {
    const points = ring.map(([x, y]) => fromLocalMeters(origin, x * OUTLINE_CELL_M, y * OUTLINE_CELL_M));
    const simple = simplifyRing(points, toleranceM);
    const out = simple.map((p): [number, number] => [Math.round(p.lon * 1e6) / 1e6, Math.round(p.lat * 1e6) / 1e6]);
    out.push(out[0] as [number, number]);
    return out;
  };
  return outers.map((outer) => {
    // A hole's corner (offset half a cell inward) lies inside exactly the outer ring around it.
    const own = holes.filter((h) => {
      const [x, y] = h[0] as Vertex;
      return insideRing([x + 0.5, y + 0.5], outer) || insideRing([x - 0.5, y - 0.5], outer);
    });
    return [toMap(outer), ...own.map(toMap)];
  });
}
