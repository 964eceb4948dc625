import { describe, expect, it } from 'vitest';
import { lttb, thinTrack } from './downsample';
import type { Point2, TrackPoint } from './downsample';

describe('lttb', () => {
  it('keeps short series as they are and long ones to the budget, first and last included', () => {
    const short: Point2[] = [
      [0, 1],
      [1, 2],
      [2, 3],
    ];
    expect(lttb(short, 500)).toEqual(short);
    const long: Point2[] = Array.from({ length: 2208 }, (_, i) => [i, Math.sin(i / 50)]);
    const thinned = lttb(long, 500);
    expect(thinned).toHaveLength(500);
    expect(thinned[0]).toEqual(long[0]);
    expect(thinned.at(-1)).toEqual(long.at(-1));
    expect(thinned.every((p, i) => i === 0 || p[0] > (thinned[i - 1] as Point2)[0])).toBe(true);
  });

  it('keeps a one-hour spike (a refuel) that even spacing would miss', () => {
    const series: Point2[] = Array.from({ length: 2000 }, (_, i) => [i, i === 1234 ? 60 : 20]);
    expect(lttb(series, 100).some(([x, y]) => x === 1234 && y === 60)).toBe(true);
  });
});

describe('thinTrack', () => {
  const point = (i: number, working: 0 | 1, lon = 73.98): TrackPoint => [i, 20.16 + i * 0.00001, lon, working ? 5 : 20, working];

  it('keeps every start and end of work, the ends, and fills the rest evenly', () => {
    const track = Array.from({ length: 5000 }, (_, i) => point(i, Math.floor(i / 250) % 2 === 1 ? 1 : 0));
    const thinned = thinTrack(track, 2000);
    expect(thinned).toHaveLength(2000);
    const times = new Set(thinned.map((p) => p[0]));
    for (let i = 250; i < 5000; i += 250) {
      expect(times.has(i - 1) && times.has(i), `change at ${i}`).toBe(true);
    }
    expect(times.has(0) && times.has(4999)).toBe(true);
    expect(thinned.every((p, i) => i === 0 || p[0] > (thinned[i - 1] as TrackPoint)[0])).toBe(true);
  });

  it('keeps the headland turns of a field pass', () => {
    // Up a 200 m line, a U-turn, and back down, 1 m apart: the turn points survive heavy thinning.
    const up = Array.from({ length: 200 }, (_, i): TrackPoint => [i, 20 + i * 0.000009, 74, 5, 1]);
    const down = Array.from({ length: 200 }, (_, i): TrackPoint => [200 + i, 20 + (199 - i) * 0.000009, 74.00003, 5, 1]);
    const thinned = thinTrack([...up, ...down], 20);
    expect(thinned.map((p) => p[0])).toEqual(expect.arrayContaining([199, 200]));
  });

  it('spreads the kept points evenly when they alone exceed the budget', () => {
    const flapping = Array.from({ length: 3000 }, (_, i) => point(i, (i % 2) as 0 | 1));
    const thinned = thinTrack(flapping, 2000);
    expect(thinned).toHaveLength(2000);
    expect(thinned[0]?.[0]).toBe(0);
    expect(thinned.at(-1)?.[0]).toBe(2999);
  });
});
