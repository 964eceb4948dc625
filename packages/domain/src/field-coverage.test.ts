import { describe, expect, it } from 'vitest';
import { CELL_METERS, type CellGrid, FieldCoverage, forBandRuns, swathFrame } from './field-coverage';
import { fromLocalMeters, SQUARE_METERS_PER_ACRE } from './geo';

// A field near Nashik, Maharashtra.
const origin = { lat: 20.0112, lon: 73.7909 };
const at = (x: number, y: number) => fromLocalMeters(origin, x, y);

/** Drives `passes` parallel passes of `length` m, `spacing` m apart, in stretches of `step` m. */
function drivePasses(
  coverage: FieldCoverage,
  {
    passes,
    length,
    spacing,
    width,
    step = 2.2,
    x0 = 0,
    gapFillM = 0,
  }: { passes: number; length: number; spacing: number; width: number; step?: number; x0?: number; gapFillM?: number },
) {
  for (let p = 0; p < passes; p++) {
    const x = x0 + p * spacing + spacing / 2;
    const up = p % 2 === 0; // back and forth, as a tractor works a field
    for (let d = 0; d < length; d += step) {
      const from = up ? d : length - d;
      const to = up ? Math.min(length, d + step) : Math.max(0, length - d - step);
      coverage.addSwath(at(x, from), at(x, to), width, gapFillM);
    }
  }
}

describe('field coverage', () => {
  describe('gaps left by GPS error between passes', () => {
    it('a strip narrower than the gap fill between two passes counts as worked', () => {
      const filled = new FieldCoverage(origin);
      // Passes 3 m apart with a 2 m implement: a 1 m strip between each pair, as GPS error leaves.
      drivePasses(filled, { passes: 10, length: 200, spacing: 3, width: 2, gapFillM: 2 });
      const plain = new FieldCoverage(origin);
      drivePasses(plain, { passes: 10, length: 200, spacing: 3, width: 2 });
      expect(plain.areaM2).toBeLessThan(4000 * 1.02);
      // 10 passes of 2 m and 9 strips of 1 m: 200 × 29 m.
      expect(filled.areaM2).toBeGreaterThan(5800 * 0.97);
      expect(filled.areaM2).toBeLessThan(5800 * 1.03);
    });

    it('fills exactly the cells a look-out from every cell of the band would fill, on noisy passes at any angle', () => {
      // The fill skips a side with nothing in its reach and walks the band without closures; this
      // reference looks out from every cell, as the rule reads. Both must set the same cells.
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
      for (const angle of [0, 0.3, Math.PI / 4, 1.2, Math.PI / 2, 2.5]) {
        const fast = new FieldCoverage(origin);
        const reference = new ReferenceGrid();
        const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
        for (let pass = 0; pass < 6; pass++) {
          const offset = pass * 3.1;
          for (let d = 0; d < 60; d += 4.3) {
            // GPS error of up to a metre across and half a metre along, different at each fix.
            const point = (along: number) => {
              const across = offset + random();
              return at(ux * along - uy * across + random() * 0.5, uy * along + ux * across + random() * 0.5);
            };
            const [from, to] = pass % 2 === 0 ? [point(d), point(d + 4.3)] : [point(60 - d), point(60 - d - 4.3)];
            const added = fast.addSwath(from, to, 2.4, 2);
            expect(added).toBe(reference.addSwath(from, to, 2.4, 2) * CELL_METERS * CELL_METERS);
          }
        }
        expect(fast.areaM2).toBeGreaterThan(0);
      }
    });

    it('tells whether any cell of a run is covered, across tiles and on both sides of the origin', () => {
      const coverage = new FieldCoverage(origin);
      coverage.addSwath(at(-40, -3), at(45, 2), 1.5);
      coverage.addSwath(at(-20, 30), at(-19, -35), 0.6);
      const check = (cx0: number, cx1: number, cy: number) => {
        let expected = false;
        for (let cx = cx0; cx <= cx1; cx++) expected ||= coverage.isSet(cx, cy);
        expect(coverage.anySet(cx0, cx1, cy)).toBe(expected);
      };
      // Every short run around the narrow pass and across the tile edges at ±64 cells, then long ones.
      for (let cy = -70; cy <= 70; cy += 3) {
        for (let cx0 = -140; cx0 <= 100; cx0++) for (let length = 0; length < 10; length++) check(cx0, cx0 + length, cy);
        for (let cx0 = -200; cx0 <= 0; cx0 += 7) check(cx0, cx0 + 190, cy);
      }
    });

    it('a single pass, a gap wider than the fill and half-overlapping passes are counted as before', () => {
      const single = new FieldCoverage(origin);
      drivePasses(single, { passes: 1, length: 200, spacing: 2, width: 2, gapFillM: 2 });
      expect(single.areaM2).toBeLessThan(400 * 1.03);
      const apart = new FieldCoverage(origin);
      drivePasses(apart, { passes: 2, length: 200, spacing: 6, width: 2, gapFillM: 2 });
      expect(apart.areaM2).toBeLessThan(800 * 1.03);
      const overlapping = new FieldCoverage(origin);
      drivePasses(overlapping, { passes: 2, length: 200, spacing: 1, width: 2, gapFillM: 2 });
      expect(overlapping.areaM2).toBeGreaterThan(600 * 0.97);
      expect(overlapping.areaM2).toBeLessThan(600 * 1.03);
    });
  });

  it('10 passes of 200 m with a 2.0 m implement and no overlap cover 4,000 m² = 0.988 acres (within 2 %)', () => {
    const coverage = new FieldCoverage(origin);
    drivePasses(coverage, { passes: 10, length: 200, spacing: 2, width: 2 });
    expect(coverage.areaM2).toBeGreaterThan(4000 * 0.98);
    expect(coverage.areaM2).toBeLessThan(4000 * 1.02);
    expect(coverage.areaM2 / SQUARE_METERS_PER_ACRE).toBeCloseTo(0.988, 1);
  });

  it('the same passes driven twice count once', () => {
    const coverage = new FieldCoverage(origin);
    drivePasses(coverage, { passes: 10, length: 200, spacing: 2, width: 2 });
    const once = coverage.areaM2;
    drivePasses(coverage, { passes: 10, length: 200, spacing: 2, width: 2, step: 3.7 });
    expect(coverage.areaM2).toBe(once);
  });

  it('passes that overlap by half the implement count the overlap once', () => {
    const coverage = new FieldCoverage(origin);
    drivePasses(coverage, { passes: 10, length: 100, spacing: 1, width: 2 });
    // Union of ten 2 m swaths 1 m apart = 11 m wide × 100 m.
    expect(coverage.areaM2 / 1100).toBeCloseTo(1, 1);
  });

  it('works for diagonal passes and an odd implement width', () => {
    const coverage = new FieldCoverage(origin);
    const width = 1.8;
    const length = 300;
    const dir = { x: Math.SQRT1_2, y: Math.SQRT1_2 };
    for (let p = 0; p < 6; p++) {
      const ox = p * width * dir.y;
      const oy = -p * width * dir.x;
      for (let d = 0; d < length; d += 2.5) {
        coverage.addSwath(at(ox + d * dir.x, oy + d * dir.y), at(ox + (d + 2.5) * dir.x, oy + (d + 2.5) * dir.y), width);
      }
    }
    const expected = 6 * width * 302.5;
    expect(Math.abs(coverage.areaM2 - expected) / expected).toBeLessThan(0.02);
  });

  it('standing still or a zero width covers nothing', () => {
    const coverage = new FieldCoverage(origin);
    expect(coverage.addSwath(at(5, 5), at(5, 5), 2)).toBe(0);
    expect(coverage.addSwath(at(5, 5), at(5, 50), 0)).toBe(0);
    expect(coverage.areaM2).toBe(0);
  });

  it('reports the area newly added by each stretch', () => {
    const coverage = new FieldCoverage(origin);
    const first = coverage.addSwath(at(0, 0), at(0, 10), 2);
    expect(first).toBeCloseTo(20, 0);
    expect(coverage.addSwath(at(0, 0), at(0, 10), 2)).toBe(0);
  });

  it('survives serialisation', () => {
    const coverage = new FieldCoverage(origin);
    drivePasses(coverage, { passes: 4, length: 80, spacing: 2, width: 2, x0: -40 });
    const copy = FieldCoverage.deserialize(coverage.serialize());
    expect(copy.areaM2).toBe(coverage.areaM2);
    expect(copy.tileCount).toBe(coverage.tileCount);
    expect(copy.addSwath(at(-39, 0), at(-39, 80), 2)).toBe(0);
  });
});

/** The owner's field figure's gap fill as the rule reads, cell by cell (see fillGapsAlong). */
class ReferenceGrid implements CellGrid {
  private readonly cells = new Set<string>();

  isSet(cx: number, cy: number): boolean {
    return this.cells.has(`${cx},${cy}`);
  }

  anySet(fromCx: number, toCx: number, cy: number): boolean {
    for (let cx = fromCx; cx <= toCx; cx++) if (this.isSet(cx, cy)) return true;
    return false;
  }

  mark(cx: number, cy: number): number {
    if (this.isSet(cx, cy)) return 0;
    this.cells.add(`${cx},${cy}`);
    return 1;
  }

  /** Cells newly set by the swath and its gap fill. */
  addSwath(from: { lat: number; lon: number }, to: { lat: number; lon: number }, widthM: number, gapM: number): number {
    const frame = swathFrame(origin, from, to, widthM);
    if (!frame) return 0;
    const { a, ux, uy, length, half } = frame;
    let added = 0;
    forBandRuns(a, ux, uy, length, half, (fromCx, toCx, cy) => {
      for (let cx = fromCx; cx <= toCx; cx++) added += this.mark(cx, cy);
    });
    const mid = { x: a.x + (ux * length) / 2, y: a.y + (uy * length) / 2 };
    const beside = [1, -1].some((side) => {
      for (let d = half + CELL_METERS; d <= half + gapM + CELL_METERS; d += CELL_METERS) {
        if (this.isSet(Math.floor((mid.x + side * uy * d) / CELL_METERS), Math.floor((mid.y - side * ux * d) / CELL_METERS))) return true;
      }
      return false;
    });
    if (!beside) return added;
    forBandRuns(a, ux, uy, length, half + gapM, (fromCx, toCx, cy) => {
      const py = (cy + 0.5) * CELL_METERS - a.y;
      for (let cx = fromCx; cx <= toCx; cx++) {
        const across = ((cx + 0.5) * CELL_METERS - a.x) * uy - py * ux;
        if (Math.abs(across) <= half || this.isSet(cx, cy)) continue;
        const side = Math.sign(across);
        for (let d = CELL_METERS; d <= half + gapM - Math.abs(across) + CELL_METERS; d += CELL_METERS) {
          if (
            this.isSet(
              Math.floor(((cx + 0.5) * CELL_METERS + side * uy * d) / CELL_METERS),
              Math.floor(((cy + 0.5) * CELL_METERS - side * ux * d) / CELL_METERS),
            )
          ) {
            added += this.mark(cx, cy);
            break;
          }
        }
      }
    });
    return added;
  }
}
