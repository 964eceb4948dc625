import { type LatLon, toLocalMeters } from './geo';

/**
 * The ground an implement has covered, as a bitmap of small square cells in a local metric plane.
 * Each swath (the implement's width along a stretch of track) marks the cells whose centres it
 * covers; a cell counts once however many passes cross it, so overlapping or repeated passes add
 * nothing. Cells are kept in 32 m tiles, so memory follows the area worked, not the farm's extent.
 */
export const CELL_METERS = 0.5;
const TILE_SHIFT = 6;
const TILE_CELLS = 1 << TILE_SHIFT; // 64 × 64 cells = 512 bytes a tile
const TILE_MASK = TILE_CELLS - 1;
const TILE_BYTES = (TILE_CELLS * TILE_CELLS) / 8;
const CELL_AREA = CELL_METERS * CELL_METERS;
const KEY_SPAN = 1 << 20;

export class FieldCoverage {
  private readonly tiles = new Map<number, Uint8Array>();
  private cells = 0;

  constructor(readonly origin: LatLon) {}

  /** Square metres covered so far. */
  get areaM2(): number {
    return this.cells * CELL_AREA;
  }

  get tileCount(): number {
    return this.tiles.size;
  }

  /**
   * Marks the swath of width `widthM` from `from` to `to` (flat ends, so consecutive stretches join
   * without double counting); returns the square metres newly covered.
   */
  addSwath(from: LatLon, to: LatLon, widthM: number, gapFillM = 0): number {
    const frame = swathFrame(this.origin, from, to, widthM);
    if (!frame) return 0;
    const core = this.markBand(frame.a, frame.ux, frame.uy, frame.length, frame.half);
    const filled = gapFillM > 0 ? fillGapsAlong(this.grid, frame, gapFillM) : 0;
    this.cells += core + filled;
    return (core + filled) * CELL_AREA;
  }

  /** What gap filling reads and marks (fillGapsAlong). */
  private readonly grid: CellGrid = {
    isSet: (cx, cy) => this.isSet(cx, cy),
    anySet: (fromCx, toCx, cy) => this.anySet(fromCx, toCx, cy),
    mark: (cx, cy) => this.markRun(cx, cx, cy),
  };

  // The tile last looked up: gap filling reads cells next to each other thousands of times a swath,
  // and a tile's key is past the small-integer range, so each Map lookup would box a new number.
  private lastTx = Number.NaN;
  private lastTy = Number.NaN;
  private lastTile: Uint8Array | undefined;

  private tileAt(tx: number, ty: number): Uint8Array | undefined {
    if (tx !== this.lastTx || ty !== this.lastTy) {
      this.lastTx = tx;
      this.lastTy = ty;
      this.lastTile = this.tiles.get((tx + KEY_SPAN / 2) * KEY_SPAN + (ty + KEY_SPAN / 2));
    }
    return this.lastTile;
  }

  /** Whether cell (cx, cy) is covered (cells of CELL_METERS from the origin). */
  isSet(cx: number, cy: number): boolean {
    // Cell indices are whole numbers well inside 32 bits: a shift is the floor of the division by 64.
    const tile = this.tileAt(cx >> TILE_SHIFT, cy >> TILE_SHIFT);
    if (!tile) return false;
    const bit = ((cy & TILE_MASK) << TILE_SHIFT) | (cx & TILE_MASK);
    return ((tile[bit >> 3] as number) & (1 << (bit & 7))) !== 0;
  }

  /** Whether any of the cells cx0..cx1 of row cy is set: a byte at a time where a byte is empty. */
  anySet(cx0: number, cx1: number, cy: number): boolean {
    const ty = Math.floor(cy / TILE_CELLS);
    const rowBase = (cy - ty * TILE_CELLS) * TILE_CELLS;
    for (let cx = cx0; cx <= cx1; ) {
      const tx = Math.floor(cx / TILE_CELLS);
      const last = Math.min(cx1, tx * TILE_CELLS + TILE_CELLS - 1);
      const tile = this.tileAt(tx, ty);
      if (tile) {
        const end = rowBase + (last - tx * TILE_CELLS);
        for (let bit = rowBase + (cx - tx * TILE_CELLS); bit <= end; ) {
          const byte = tile[bit >> 3] as number;
          if (byte === 0) bit = (bit | 7) + 1;
          else if (byte & (1 << (bit & 7))) return true;
          else bit++;
        }
      }
      cx = last + 1;
    }
    return false;
  }

  /** Marks the band of half-width `half` along the stretch; returns the cells newly set. */
  private markBand(a: { x: number; y: number }, ux: number, uy: number, length: number, half: number): number {
    let added = 0;
    forBandRuns(a, ux, uy, length, half, (fromCx, toCx, cy) => (added += this.markRun(fromCx, toCx, cy)));
    return added;
  }

  /** Sets the cells cx0..cx1 of row cy; returns how many were not set before. */
  private markRun(cx0: number, cx1: number, cy: number): number {
    const ty = Math.floor(cy / TILE_CELLS);
    const rowBase = (cy - ty * TILE_CELLS) * TILE_CELLS;
    let added = 0;
    for (let cx = cx0; cx <= cx1; ) {
      const tx = Math.floor(cx / TILE_CELLS);
      let tile = this.tileAt(tx, ty);
      if (!tile) {
        tile = new Uint8Array(TILE_BYTES);
        this.tiles.set((tx + KEY_SPAN / 2) * KEY_SPAN + (ty + KEY_SPAN / 2), tile);
        this.lastTile = tile;
      }
      // The part of the run inside this tile, bit by bit.
      const last = Math.min(cx1, tx * TILE_CELLS + TILE_CELLS - 1);
      for (; cx <= last; cx++) {
        const bit = rowBase + (cx - tx * TILE_CELLS);
        const byte = bit >> 3;
        const mask = 1 << (bit & 7);
        const old = tile[byte] as number;
        if (!(old & mask)) {
          tile[byte] = old | mask;
          added++;
        }
      }
    }
    return added;
  }

  /** Compact bytes for persistence: origin, then (key, bitmap) per tile. */
  serialize(): Uint8Array {
    const out = new Uint8Array(16 + this.tiles.size * (8 + TILE_BYTES));
    const view = new DataView(out.buffer);
    view.setFloat64(0, this.origin.lat);
    view.setFloat64(8, this.origin.lon);
    let at = 16;
    for (const [key, tile] of this.tiles) {
      view.setFloat64(at, key);
      out.set(tile, at + 8);
      at += 8 + TILE_BYTES;
    }
    return out;
  }

  static deserialize(bytes: Uint8Array): FieldCoverage {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length < 16 || (bytes.length - 16) % (8 + TILE_BYTES) !== 0) throw new Error('not a serialized FieldCoverage');
    const coverage = new FieldCoverage({ lat: view.getFloat64(0), lon: view.getFloat64(8) });
    for (let at = 16; at < bytes.length; at += 8 + TILE_BYTES) {
      const tile = bytes.slice(at + 8, at + 8 + TILE_BYTES);
      coverage.tiles.set(view.getFloat64(at), tile);
      for (const byte of tile) coverage.cells += popcount(byte);
    }
    return coverage;
  }
}

function popcount(byte: number): number {
  let n = 0;
  for (let b = byte; b; b &= b - 1) n++;
  return n;
}

/**
 * Each row of 0.5 m cells' run whose centres lie in the band from `a` along (ux, uy) for `length`
 * metres, `half` either side (flat ends, so consecutive stretches join).
 */
export function forBandRuns(
  a: { x: number; y: number },
  ux: number,
  uy: number,
  length: number,
  half: number,
  visit: (fromCx: number, toCx: number, cy: number) => void,
): void {
  const rows = bandRuns(a, ux, uy, length, half, visitRuns);
  const runs = visitRuns.runs;
  for (let i = 0; i < rows; i++) visit(runs[3 * i + 1] as number, runs[3 * i + 2] as number, runs[3 * i] as number);
}

/** Row runs as (cy, fromCx, toCx) triples, in a buffer that grows as needed and is reused. */
interface RunBuffer {
  runs: Int32Array;
}
// One buffer per use, so that a walk never overwrites the runs of another in progress.
const visitRuns: RunBuffer = { runs: new Int32Array(3 * 256) };
const gapRuns: RunBuffer = { runs: new Int32Array(3 * 256) };
const stripRuns: RunBuffer = { runs: new Int32Array(3 * 256) };

/** forBandRuns' runs written into `into` (no callback: the gap fill's inner loop runs per cell); returns how many. */
function bandRuns(a: { x: number; y: number }, ux: number, uy: number, length: number, half: number, into: RunBuffer): number {
  const by = a.y + uy * length;
  // Each row of cells meets the swath in one span of centres: the intersection of the slab
  // "along the stretch" (0 ≤ along < length) and the slab "within half a width" (|across| ≤ half).
  const minCy = Math.floor((Math.min(a.y, by) - half) / CELL_METERS - 0.5);
  const maxCy = Math.ceil((Math.max(a.y, by) + half) / CELL_METERS - 0.5);
  if (into.runs.length < 3 * (maxCy - minCy + 1)) into.runs = new Int32Array(6 * (maxCy - minCy + 1));
  const runs = into.runs;
  let count = 0;
  for (let cy = minCy; cy <= maxCy; cy++) {
    const py = (cy + 0.5) * CELL_METERS - a.y;
    let lo = -Infinity;
    let hi = Infinity;
    // along = px·ux + py·uy ∈ [0, length)
    if (ux !== 0) {
      const p0 = (0 - py * uy) / ux;
      const p1 = (length - py * uy) / ux;
      lo = Math.max(lo, Math.min(p0, p1));
      hi = Math.min(hi, Math.max(p0, p1));
    } else if (py * uy < 0 || py * uy >= length) continue;
    // across = px·uy − py·ux ∈ [−half, half]
    if (uy !== 0) {
      const q0 = (py * ux - half) / uy;
      const q1 = (py * ux + half) / uy;
      lo = Math.max(lo, Math.min(q0, q1));
      hi = Math.min(hi, Math.max(q0, q1));
    } else if (Math.abs(py * ux) > half) continue;
    const fromCx = Math.ceil((a.x + lo) / CELL_METERS - 0.5);
    const toCx = Math.floor((a.x + hi) / CELL_METERS - 0.5);
    if (fromCx > toCx) continue;
    runs[3 * count] = cy;
    runs[3 * count + 1] = fromCx;
    runs[3 * count + 2] = toCx;
    count++;
  }
  return count;
}

/** A stretch of a swath in local metres: where it starts, its unit direction, its length and half width. */
export interface SwathFrame {
  a: { x: number; y: number };
  ux: number;
  uy: number;
  length: number;
  half: number;
}

/** The stretch from `from` to `to` of a swath `widthM` wide, in metres from `origin`; null when it covers nothing. */
export function swathFrame(origin: LatLon, from: LatLon, to: LatLon, widthM: number): SwathFrame | null {
  const a = toLocalMeters(origin, from);
  const b = toLocalMeters(origin, to);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const half = widthM / 2;
  if (length === 0 || !(half > 0)) return null;
  return { a, ux: (b.x - a.x) / length, uy: (b.y - a.y) / length, length, half };
}

/** A grid of 0.5 m cells, as gap filling reads and marks it (the owner's field and a hire job's bitmap). */
export interface CellGrid {
  isSet(cx: number, cy: number): boolean;
  /** Whether any of the cells fromCx..toCx of row cy is set. */
  anySet(fromCx: number, toCx: number, cy: number): boolean;
  /** Sets a cell; 1 if it was not set before, else 0. */
  mark(cx: number, cy: number): number;
}

/**
 * Cells just outside the swath (within `gapM` of its edge) with covered ground beyond them on
 * the same side: the strip between two passes laid an implement width apart, which GPS error
 * (each pass off by a metre or so, differently) leaves uncovered although the implement worked
 * it. Ground with nothing beyond it (the field's edge, a single pass) is not added. Returns the
 * cells newly set. It runs for every working record on the writer thread, so it walks the band
 * without closures or lists (the ingestion profile showed their garbage as a fifth of that
 * thread's time) and leaves out a side with no covered cell anywhere its look-outs can reach.
 */
export function fillGapsAlong(grid: CellGrid, frame: SwathFrame, gapM: number): number {
  const { a, ux, uy, length, half } = frame;
  // Most stretches have no worked ground beside them within the gap (a first pass, the road): a
  // look across from the stretch's middle settles that before any cell is visited.
  const besideRight = besideAt(grid, frame, gapM, 1);
  const besideLeft = besideAt(grid, frame, gapM, -1);
  if (!besideRight && !besideLeft) return 0;
  // What besideAt found lies within a side's reach: only a side it found nothing on needs the band looked at.
  const lookRight = besideRight || anyInReach(grid, frame, gapM, 1);
  const lookLeft = besideLeft || anyInReach(grid, frame, gapM, -1);
  if (!lookRight && !lookLeft) return 0;
  let added = 0;
  const rows = bandRuns(a, ux, uy, length, half + gapM, gapRuns);
  const runs = gapRuns.runs;
  // across(cx) = cx·k + base on a row: a side's cells are one end of the row's run.
  const k = CELL_METERS * uy;
  for (let i = 0; i < rows; i++) {
    const cy = runs[3 * i] as number;
    const fromCx = runs[3 * i + 1] as number;
    const toCx = runs[3 * i + 2] as number;
    const py = (cy + 0.5) * CELL_METERS - a.y;
    const base = (0.5 * CELL_METERS - a.x) * uy - py * ux;
    for (let side = 1; side >= -1; side -= 2) {
      if (!(side > 0 ? lookRight : lookLeft)) continue;
      // side·across > half from `edge` on (one cell either way of slack: each cell is tested below).
      let first = fromCx;
      let last = toCx;
      if (k !== 0) {
        const edge = (half - side * base) / (side * k);
        if (side * k > 0) first = Math.max(fromCx, Math.floor(edge) - 1);
        else last = Math.min(toCx, Math.ceil(edge) + 1);
      }
      for (let cx = first; cx <= last; cx++) {
        const px = (cx + 0.5) * CELL_METERS - a.x;
        const across = px * uy - py * ux;
        if (side * across <= half || grid.isSet(cx, cy)) continue;
        // Outward from the swath, up to the gap's width beyond this cell.
        const room = half + gapM - Math.abs(across) + CELL_METERS;
        for (let d = CELL_METERS; d <= room; d += CELL_METERS) {
          const qx = Math.floor(((cx + 0.5) * CELL_METERS + side * uy * d) / CELL_METERS);
          const qy = Math.floor(((cy + 0.5) * CELL_METERS - side * ux * d) / CELL_METERS);
          if (grid.isSet(qx, qy)) {
            added += grid.mark(cx, cy);
            break;
          }
        }
      }
    }
  }
  return added;
}

/** Covered ground on `side` (1: right of the direction of travel) across from the stretch's middle, within the gap. */
function besideAt(grid: CellGrid, { a, ux, uy, length, half }: SwathFrame, gapM: number, side: number): boolean {
  const midX = a.x + (ux * length) / 2;
  const midY = a.y + (uy * length) / 2;
  for (let d = half + CELL_METERS; d <= half + gapM + CELL_METERS; d += CELL_METERS) {
    if (grid.isSet(Math.floor((midX + side * uy * d) / CELL_METERS), Math.floor((midY - side * ux * d) / CELL_METERS))) return true;
  }
  return false;
}

/**
 * Whether any covered cell lies where the look-outs of `side` can reach: each looks from a cell
 * centre within the stretch's length and at most half + gap across, outward by at most
 * half + gap + one cell from the swath's centre line, and reads the cell holding that point. Every
 * such cell has its centre within √2 half a cell of that rectangle, so the band of centres
 * checked here (widened by that much each way) holds them all: a side without any lets its cells be
 * skipped without changing the result.
 */
function anyInReach(grid: CellGrid, { a, ux, uy, length, half }: SwathFrame, gapM: number, side: number): boolean {
  const margin = CELL_METERS * Math.SQRT1_2 + 1e-6;
  const inner = half + CELL_METERS - margin;
  const outer = half + gapM + CELL_METERS + margin;
  // A band along the same direction, its centre line moved outward to the middle of [inner, outer].
  const shift = (inner + outer) / 2;
  const start = { x: a.x + side * uy * shift - ux * margin, y: a.y - side * ux * shift - uy * margin };
  const rows = bandRuns(start, ux, uy, length + 2 * margin, (outer - inner) / 2, stripRuns);
  const runs = stripRuns.runs;
  for (let i = 0; i < rows; i++) if (grid.anySet(runs[3 * i + 1] as number, runs[3 * i + 2] as number, runs[3 * i] as number)) return true;
  return false;
}
