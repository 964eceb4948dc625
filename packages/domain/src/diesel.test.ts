import { describe, expect, it } from 'vitest';
import { DieselTracker, median } from './diesel';

describe('diesel smoothing', () => {
  it('is the median of the readings of the last 10 minutes (at most 15), for odd and even counts', () => {
    // A sloshing sensor: readings every 30 s, a jumpy level around a slow fall; a fixed sequence of
    // pseudo-random jumps (a small LCG) so the windows hold odd and even, ordered and unordered values.
    let seed = 7;
    const jump = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 16;
    const tracker = new DieselTracker({ tankCapacityL: 60 });
    const readings: [number, number][] = [];
    let time = 0;
    for (let i = 0; i < 200; i++) {
      time += i % 7 === 0 ? 200_000 : 30_000; // gaps now and then change the window's count
      const litres = 40 - i * 0.05 + jump();
      readings.push([time, litres]);
      const inWindow = readings.filter(([t]) => t >= time - 10 * 60_000).slice(-15);
      expect(tracker.push(time, litres).smoothedL).toBeCloseTo(median(inWindow.map(([, l]) => l)), 10);
    }
  });
});
