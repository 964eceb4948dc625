import { CELL_METERS, type CellGrid, FieldCoverage, fillGapsAlong, forBandRuns, swathFrame } from '../field-coverage';
import { type LatLon, toLocalMeters } from '../geo';

/**
 * FieldCoverage's rule (field-coverage.ts: the same 0.5 m cells from the same origin, the same swath
 * band with flat ends, the same gap fill between passes; a test checks the areas are identical) on
 * one flat bitmap over the job's extent instead of a map of tiles. A job's swaths are all known before
 * it is measured, so the extent is; a probe is then an array read, not a map lookup, and the gap fill
 * (most of the cost: each cell beside a pass looks up to the gap's width outward) runs several times
 * faster. An extent too large for one bitmap goes to FieldCoverage itself.
 */
const MAX_CELLS = 16_000_000;

export interface Coverage {
  readonly areaM2: number;
  addSwath(from: LatLon, to: LatLon, widthM: number, gapFillM?: number): number;
}

/** The coverage for swaths within `reachM` of the given points: flat when the extent allows, else FieldCoverage. */
export function jobCoverage(origin: LatLon, points: readonly LatLon[], reachM: number): Coverage {
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (const p of points) {
    const { x, y } = toLocalMeters(origin, p);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const cx0 = Math.floor((minX - reachM) / CELL_METERS) - 2;
  const cy0 = Math.floor((minY - reachM) / CELL_METERS) - 2;
  const cols = Math.ceil((maxX + reachM) / CELL_METERS) + 2 - cx0 + 1;
  const rows = Math.ceil((maxY + reachM) / CELL_METERS) + 2 - cy0 + 1;
  if (cols * rows > MAX_CELLS) return new FieldCoverage(origin);
  return new FlatCoverage(origin, cx0, cy0, cols, rows);
}

export interface Swath {
  from: LatLon;
  to: LatLon;
}

/**
 * The area the swaths cover (in their order), overlaps once, as one FieldCoverage would count it.
 * Swaths far enough apart never meet (a swath and its gap fill reach `reach` from its line), so each
 * group of near ones (a field) gets a bitmap of its own extent: a day's fields kilometres apart do not
 * need one bitmap spanning them all.
 */
export function coveredAreaM2(swaths: readonly Swath[], widthM: number, gapFillM: number): number {
  const first = swaths[0];
  if (!first) return 0;
  const origin = first.from;
  const reach = widthM / 2 + gapFillM + 2 * CELL_METERS;
  const groups: { box: [number, number, number, number]; members: number[] }[] = [];
  let last: (typeof groups)[number] | undefined;
  swaths.forEach((s, i) => {
    const a = toLocalMeters(origin, s.from);
    const b = toLocalMeters(origin, s.to);
    const box: [number, number, number, number] = [
      Math.min(a.x, b.x) - reach,
      Math.min(a.y, b.y) - reach,
      Math.max(a.x, b.x) + reach,
      Math.max(a.y, b.y) + reach,
    ];
    const meets = (g: (typeof groups)[number]) => box[0] <= g.box[2] && g.box[0] <= box[2] && box[1] <= g.box[3] && g.box[1] <= box[3];
    // Mostly the group of the swath before.
    const hits = last && meets(last) ? [last] : groups.filter(meets);
    const into = hits[0] ?? { box, members: [] };
    if (!hits[0]) groups.push(into);
    for (const other of hits.slice(1)) {
      into.members.push(...other.members);
      for (const k of [0, 1] as const) into.box[k] = Math.min(into.box[k], other.box[k]);
      for (const k of [2, 3] as const) into.box[k] = Math.max(into.box[k], other.box[k]);
      groups.splice(groups.indexOf(other), 1);
    }
    into.members.push(i);
    for (const k of [0, 1] as const) into.box[k] = Math.min(into.box[k], box[k]);
    for (const k of [2, 3] as const) into.box[k] = Math.max(into.box[k], box[k]);
    last = into;
  });
  let area = 0;
  for (const g of groups) {
    const members = g.members.sort((x, y) => x - y).map((i) => swaths[i] as Swath);
    const coverage = jobCoverage(
      origin,
      members.flatMap((s) => [s.from, s.to]),
      reach,
    );
    for (const s of members) coverage.addSwath(s.from, s.to, widthM, gapFillM);
    area += coverage.areaM2;
  }
  return area;
}

class FlatCoverage implements Coverage {
  private readonly bits: Uint8Array;
  private cells = 0;

  constructor(
    readonly origin: LatLon,
    private readonly cx0: number,
    private readonly cy0: number,
    private readonly cols: number,
    private readonly rows: number,
  ) {
    this.bits = new Uint8Array(cols * rows);
  }

  get areaM2(): number {
    return this.cells * CELL_METERS * CELL_METERS;
  }

  addSwath(from: LatLon, to: LatLon, widthM: number, gapFillM = 0): number {
    const frame = swathFrame(this.origin, from, to, widthM);
    if (!frame) return 0;
    let added = 0;
    forBandRuns(frame.a, frame.ux, frame.uy, frame.length, frame.half, (fromCx, toCx, cy) => {
      for (let cx = fromCx; cx <= toCx; cx++) added += this.mark(cx, cy);
    });
    if (gapFillM > 0) added += fillGapsAlong(this.grid, frame, gapFillM);
    this.cells += added;
    return added * CELL_METERS * CELL_METERS;
  }

  /** What gap filling reads and marks (fillGapsAlong, the same rule as the owner's field figure). */
  private readonly grid: CellGrid = {
    isSet: (cx, cy) => this.isSet(cx, cy),
    anySet: (fromCx, toCx, cy) => {
      for (let cx = fromCx; cx <= toCx; cx++) if (this.isSet(cx, cy)) return true;
      return false;
    },
    mark: (cx, cy) => this.mark(cx, cy),
  };

  private isSet(cx: number, cy: number): boolean {
    const x = cx - this.cx0;
    const y = cy - this.cy0;
    return x >= 0 && y >= 0 && x < this.cols && y < this.rows && this.bits[y * this.cols + x] === 1;
  }

  private mark(cx: number, cy: number): number {
    const x = cx - this.cx0;
    const y = cy - this.cy0;
    if (x < 0 || y < 0 || x >= this.cols || y >= this.rows) return 0;
    const i = y * this.cols + x;
    if (this.bits[i] === 1) return 0;
    this.bits[i] = 1;
    return 1;
  }
}
