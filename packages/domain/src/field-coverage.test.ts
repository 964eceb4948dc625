import { describe, expect, it } from 'vitest';
import { FieldCoverage } from './field-coverage';
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
