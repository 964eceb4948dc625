import { describe, expect, it } from 'vitest';
import { DieselTracker, trimmedMean } from './diesel';

/** A fixed sequence of pseudo-random numbers in [-1, 1) (a small LCG). */
function lcg(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
}

describe('diesel level', () => {
  it('is the trimmed mean of the last 10 minutes of 30-second bucket means, with gaps in the record stream', () => {
    const jump = lcg(7);
    const tracker = new DieselTracker({ tankCapacityL: 60 });
    const readings: [number, number][] = [];
    let time = 0;
    for (let i = 0; i < 300; i++) {
      time += i % 7 === 0 ? 200_000 : 9_000 + (i % 5) * 4_000;
      const litres = 40 - i * 0.05 + jump() * 8;
      readings.push([time, litres]);
      const buckets = new Map<number, number[]>();
      for (const [t, l] of readings) {
        const start = t - (t % 30_000);
        if (start + 30_000 > time - 10 * 60_000) buckets.set(start, [...(buckets.get(start) ?? []), l]);
      }
      const means = [...buckets.values()].map((ls) => ls.reduce((a, b) => a + b, 0) / ls.length);
      expect(tracker.push(time, litres).smoothedL).toBeCloseTo(trimmedMean(means), 10);
    }
  });

  it('covers ten minutes whatever the record rate: 1 s and 60 s records of one tank agree', () => {
    const fast = new DieselTracker({ tankCapacityL: 60 });
    const slow = new DieselTracker({ tankCapacityL: 60 });
    const noise = lcg(3);
    const level = (s: number) => 50 - s / 600 + (Math.floor(s / 240) % 2 ? 4.8 : -4.8); // 4-minute passes, ±8 %
    let fastL = 0;
    let slowL = 0;
    for (let s = 0; s <= 3600; s++) {
      fastL = fast.push(s * 1000, level(s) + noise() * 2).smoothedL;
      if (s % 60 === 0) slowL = slow.push(s * 1000, level(s) + noise() * 2).smoothedL;
    }
    // The truth at the end, ten minutes' burn averaged: 50 − 3600/600 + 0.5 ≈ 44.5 L.
    expect(Math.abs(fastL - 44.5)).toBeLessThan(1.5);
    expect(Math.abs(slowL - 44.5)).toBeLessThan(1.5);
  });

  it('passes up and down a slope held for minutes at a time raise no refuel, and the level between stops is true', () => {
    for (const passMinutes of [2, 5, 9, 15]) {
      const tracker = new DieselTracker({ tankCapacityL: 60 });
      const noise = lcg(passMinutes);
      let refuels = 0;
      let before = 0;
      let after = 0;
      // 15 minutes standing, 3 hours of passes on a ±8 % slope burning 5.5 L/h, 15 minutes standing.
      for (let s = 0; s <= 3.5 * 3600; s += 10) {
        const working = s > 900 && s <= 900 + 3 * 3600;
        const burnt = (5.5 * Math.min(Math.max(s - 900, 0), 3 * 3600)) / 3600;
        const tilt = working ? (Math.floor(s / (passMinutes * 60)) % 2 ? -4.8 : 4.8) : 0;
        const step = tracker.push(s * 1000, 50 - burnt + tilt + noise() * (working ? 4.8 : 0.6), !working);
        refuels += step.refuelL;
        if (s === 900) before = step.smoothedL;
        after = step.smoothedL;
      }
      expect(refuels, `${passMinutes}-minute passes`).toBe(0);
      expect(Math.abs(before - after - 16.5), `${passMinutes}-minute passes`).toBeLessThan(1);
    }
  });

  it('a rise while working at field speed is no refuel; the same rise standing at the pump is one, of its size', () => {
    const run = (standing: boolean) => {
      const tracker = new DieselTracker({ tankCapacityL: 60 });
      const done: { start: number; litres: number }[] = [];
      for (let m = 0; m <= 90; m++) {
        const litres = m < 30 ? 20 : m < 34 ? 20 + ((m - 30) * 30) / 4 : 50;
        const step = tracker.push(m * 60_000, litres, m < 30 || m >= 34 ? false : standing);
        if (step.refuelDone) done.push(step.refuelDone);
      }
      return done;
    };
    expect(run(false)).toEqual([]);
    const [refuel, ...more] = run(true);
    expect(more).toEqual([]);
    expect(refuel?.litres).toBeGreaterThan(28);
    expect(refuel?.litres).toBeLessThan(31);
    // It began when the level left its low, at the pump, not half an hour before.
    expect(refuel?.start).toBeGreaterThanOrEqual(29 * 60_000);
    expect(refuel?.start).toBeLessThanOrEqual(31 * 60_000);
  });

  it('resumes from an upgraded state that still holds raw samples', () => {
    const tracker = new DieselTracker(
      { tankCapacityL: 60 },
      {
        samples: [
          [0, 40],
          [30_000, 41],
          [60_000, 39],
        ],
        smoothedL: 40,
      },
    );
    expect(tracker.push(90_000, 40).smoothedL).toBeCloseTo(40, 6);
    expect(tracker.state.samples).toBeUndefined();
  });
});
