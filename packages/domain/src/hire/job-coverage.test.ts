import { describe, expect, it } from 'vitest';
import { FieldCoverage } from '../field-coverage';
import { fromLocalMeters } from '../geo';
import { coveredAreaM2, jobCoverage } from './job-coverage';

const origin = { lat: 20.1667, lon: 73.9833 };
const at = (x: number, y: number) => fromLocalMeters(origin, x, y);

/** Deterministic noise in [-1, 1]. */
function noise(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return (s / 2 ** 31) * 2 - 1;
  };
}

/** Passes at a heading, `spacing` apart, each wandering by GPS-like error, as stretches of ~14 m. */
function wanderingPasses(seed: number, headingDeg: number, passes: number, spacing: number) {
  const random = noise(seed);
  const rad = (headingDeg * Math.PI) / 180;
  const along = { x: Math.sin(rad), y: Math.cos(rad) };
  const across = { x: Math.cos(rad), y: -Math.sin(rad) };
  const swaths = [];
  let drift = 0;
  for (let p = 0; p < passes; p++) {
    let prev: ReturnType<typeof at> | undefined;
    for (let s = 0; s <= 150; s += 14) {
      drift = drift * 0.9 + random() * 0.6;
      const o = p * spacing + drift;
      const d = p % 2 === 0 ? s : 150 - s;
      const point = at(along.x * d + across.x * o, along.y * d + across.y * o);
      if (prev) swaths.push({ from: prev, to: point });
      prev = point;
    }
  }
  return swaths;
}

describe('job coverage', () => {
  it.each([
    [1, 20, 0],
    [2, 95, 2],
    [3, 170, 3],
    [4, 45, 3],
    [5, 0, 2],
    [6, 90, 3],
  ])('has exactly FieldCoverage’s area for the same swaths (seed %i, heading %i°, gap fill %i m)', (seed, heading, gap) => {
    const swaths = wanderingPasses(seed, heading, 25, 1.8);
    const field = new FieldCoverage(swaths[0]!.from);
    const points = swaths.flatMap((s) => [s.from, s.to]);
    const job = jobCoverage(swaths[0]!.from, points, 0.9 + gap + 1);
    for (const s of swaths) {
      // Swath by swath, the same newly covered area.
      expect(job.addSwath(s.from, s.to, 1.8, gap)).toBe(field.addSwath(s.from, s.to, 1.8, gap));
    }
    expect(job.areaM2).toBe(field.areaM2);
    expect(job.areaM2).toBeGreaterThan(5000);
  });

  it('an extent too large for one bitmap is measured by FieldCoverage itself', () => {
    const far = [at(0, 0), at(5000, 5000)];
    expect(jobCoverage(far[0]!, far, 5)).toBeInstanceOf(FieldCoverage);
    expect(jobCoverage(far[0]!, [at(0, 0), at(300, 300)], 5)).not.toBeInstanceOf(FieldCoverage);
  });
});

describe('covered area of swaths in groups', () => {
  it('equals one FieldCoverage over fields far apart and near ones, in track order', () => {
    const fieldA = wanderingPasses(7, 20, 20, 1.8);
    const shifted = (dx: number, dy: number) =>
      wanderingPasses(8, 95, 15, 1.8).map((s) => ({
        from: { lat: s.from.lat + dy / 110_574, lon: s.from.lon + dx / 104_500 },
        to: { lat: s.to.lat + dy / 110_574, lon: s.to.lon + dx / 104_500 },
      }));
    for (const swaths of [
      [...fieldA, ...shifted(900, 400)],
      [...fieldA, ...shifted(20, 5)],
      [...shifted(900, 400), ...fieldA, ...shifted(-700, 100)],
    ]) {
      const field = new FieldCoverage(swaths[0]!.from);
      for (const s of swaths) field.addSwath(s.from, s.to, 1.8, 3);
      expect(coveredAreaM2(swaths, 1.8, 3)).toBe(field.areaM2);
    }
    expect(coveredAreaM2([], 1.8, 3)).toBe(0);
  });
});
