/**
 * The worked area, the field's boundary and a day's track as a small SVG drawing: no map library and
 * no tiles (the shared pages must stay tiny and open on a weak signal), north up, metres to scale.
 * `layout` is pure (tested); `drawOutline` builds the element.
 */

/** [lon, lat], as GeoJSON has it. */
export type LonLat = readonly [number, number];

export interface OutlineInput {
  /** Polygons (rings of [lon, lat]; the first ring the outside, others holes): the ground worked. */
  worked?: readonly (readonly (readonly LonLat[])[])[];
  /** The drawn field: its corners. */
  boundary?: readonly LonLat[] | null;
  /** A track, oldest first. */
  track?: readonly LonLat[] | null;
  /** Where the tractor is now. */
  position?: LonLat | null;
}

export interface Layout {
  width: number;
  height: number;
  /** A point in the drawing's own units (y down). */
  at: (p: LonLat) => [number, number];
}

const M_PER_DEG = 111_320;
/** The drawing is this wide in its own units; its height follows the shape (within bounds). */
const WIDTH = 320;
const PAD = 12;
const MAX_HEIGHT = WIDTH * 1.2;
const MIN_HEIGHT = WIDTH * 0.5;

/** Scales the points' box into WIDTH × height (equirectangular at the box's latitude: exact enough for a field). */
export function layout(points: readonly LonLat[]): Layout | null {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const kx = M_PER_DEG * Math.cos((((south + north) / 2) * Math.PI) / 180);
  // At least 60 m across, so one point (or a thin strip) is drawn at a sensible scale.
  const spanX = Math.max((east - west) * kx, 60);
  const spanY = Math.max((north - south) * M_PER_DEG, 60);
  const scale = Math.min((WIDTH - 2 * PAD) / spanX, (MAX_HEIGHT - 2 * PAD) / spanY);
  const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, spanY * scale + 2 * PAD));
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    width: WIDTH,
    height: round(height),
    at: ([lon, lat]) => [round(WIDTH / 2 + (lon - cx) * kx * scale), round(height / 2 - (lat - cy) * M_PER_DEG * scale)],
  };
}

/** An SVG path of closed rings. */
export function ringsPath(rings: readonly (readonly LonLat[])[], at: Layout['at']): string {
  return rings
    .filter((r) => r.length >= 3)
    .map((r) => `M${r.map((p) => at(p).join(' ')).join('L')}Z`)
    .join('');
}

/** Every point that decides the drawing's box. */
export function pointsOf(input: OutlineInput): LonLat[] {
  return [...(input.worked ?? []).flat(2), ...(input.boundary ?? []), ...(input.track ?? []), ...(input.position ? [input.position] : [])];
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function el(name: string, attrs: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The drawing, labelled for screen readers (the figures are written beside it); null when there is nothing to draw. */
export function drawOutline(input: OutlineInput, label: string): SVGElement | null {
  const box = layout(pointsOf(input));
  if (!box) return null;
  const svg = el('svg', { viewBox: `0 0 ${box.width} ${box.height}`, role: 'img', 'aria-label': label, class: 'outline' });
  svg.append(el('rect', { width: String(box.width), height: String(box.height), class: 'outline-ground' }));
  for (const polygon of input.worked ?? []) {
    const d = ringsPath(polygon, box.at);
    if (d) svg.append(el('path', { d, 'fill-rule': 'evenodd', class: 'outline-worked' }));
  }
  if (input.boundary && input.boundary.length >= 3) svg.append(el('path', { d: ringsPath([input.boundary], box.at), class: 'outline-field' }));
  if (input.track && input.track.length > 1) {
    svg.append(el('polyline', { points: input.track.map((p) => box.at(p).join(',')).join(' '), class: 'outline-track' }));
  }
  if (input.position) {
    const [x, y] = box.at(input.position);
    svg.append(el('circle', { cx: String(x), cy: String(y), r: '9', class: 'outline-now' }));
  }
  return svg;
}
