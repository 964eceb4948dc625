import { describe, expect, it } from 'vitest';
import { fromLocalMeters } from '../geo';
import type { Reading } from '../telemetry';
import { endOfJobVisit, MIN_PLACE_WORK_S, workPlaces } from './sites';

const origin = { lat: 20.1667, lon: 73.9833 };
const at = (x: number, y: number) => fromLocalMeters(origin, x, y);
const MIN = 60_000;

/** `minutes` of work from `start` around (x, y): back and forth over 100 m, a fix every 10 s. */
function work(start: number, minutes: number, x: number, y: number): Reading[] {
  return Array.from({ length: minutes * 6 }, (_, i) => ({
    time: start + i * 10_000,
    ...at(x + (Math.floor(i / 7) % 2 === 0 ? (i % 7) * 14 : 98 - (i % 7) * 14), y + Math.floor(i / 7) * 2),
    speedKmh: 5,
    ignition: true,
    pto: true,
  }));
}
const road = (start: number, minutes: number, from: [number, number], to: [number, number]): Reading[] =>
  Array.from({ length: minutes * 6 }, (_, i) => {
    const f = i / (minutes * 6);
    return { time: start + i * 10_000, ...at(from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f), speedKmh: 20, ignition: true, pto: false };
  });

describe('work places of a day', () => {
  const t0 = Date.UTC(2026, 10, 20, 2, 0);

  it('a new place where the tractor works far from where it worked before; lunch does not end a visit', () => {
    const day = [
      ...work(t0, 60, 0, 0),
      // Lunch under the tree, then more work in the same field.
      ...road(t0 + 60 * MIN, 45, [0, 0], [5, 5]).map((r) => ({ ...r, speedKmh: 0, ignition: false })),
      ...work(t0 + 105 * MIN, 30, 0, 10),
      ...road(t0 + 135 * MIN, 5, [0, 0], [600, 0]),
      ...work(t0 + 140 * MIN, 40, 600, 0),
    ];
    const { places, visits } = workPlaces(day);
    expect(places.map((p) => p.start)).toEqual([t0, t0 + 140 * MIN]);
    expect(visits.map((v) => v.place)).toEqual([0, 1]);
    expect(visits[0]?.lastWork).toBe(t0 + 135 * MIN - 10_000);
    // A job started at the first place ends with its visit once the second begins.
    expect(endOfJobVisit({ places, visits }, t0)).toBe(t0 + 135 * MIN);
    expect(endOfJobVisit({ places, visits }, t0 + 140 * MIN)).toBeUndefined();
  });

  it('a PTO test of a minute is no place, and does not cut a visit', () => {
    const day = [...work(t0, 30, 0, 0), ...road(t0 + 30 * MIN, 2, [0, 0], [800, 0]), ...work(t0 + 32 * MIN, 1, 800, 0), ...work(t0 + 33 * MIN, 30, 0, 20)];
    expect(MIN_PLACE_WORK_S).toBeGreaterThan(60);
    const { places, visits } = workPlaces(day);
    expect(places).toHaveLength(1);
    expect(visits).toHaveLength(1);
  });

  it('coming back to a place worked earlier that day is no new place', () => {
    const day = [...work(t0, 30, 0, 0), ...work(t0 + 40 * MIN, 30, 700, 0), ...work(t0 + 80 * MIN, 30, 0, 30)];
    const { places, visits } = workPlaces(day);
    expect(places).toHaveLength(2);
    expect(visits.map((v) => v.place)).toEqual([0, 1, 0]);
  });
});
