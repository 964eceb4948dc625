import { describe, expect, it } from 'vitest';
import { distanceMeters, fromLocalMeters } from '../geo';
import type { Reading } from '../telemetry';
import { endOfJobVisit, MIN_PLACE_WORK_S, PLACE_CELL_M, workPlaces } from './sites';

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

  describe('a device without a PTO input (the field is never sent)', () => {
    const withoutPto = (readings: Reading[]): Reading[] => readings.map(({ pto: _pto, ...r }) => r);
    /** A slow haul along a village road at 10 km/h (working speed), winding a little. */
    const slowRoad = (start: number, minutes: number): Reading[] =>
      Array.from({ length: minutes * 6 }, (_, i) => ({ time: start + i * 10_000, ...at(i * 28, 40 * Math.sin(i / 15)), speedKmh: 10, ignition: true }));

    it('finds the same places from passes at working speed with the engine running', () => {
      const day = withoutPto([...work(t0, 60, 0, 0), ...road(t0 + 60 * MIN, 5, [0, 0], [600, 0]), ...work(t0 + 65 * MIN, 40, 600, 0)]);
      const { places, visits } = workPlaces(day);
      expect(places.map((p) => p.start)).toEqual([t0, t0 + 65 * MIN]);
      expect(visits.map((v) => v.place)).toEqual([0, 1]);
    });

    it('a slow haul along a road is no place (its track is no field’s), though a field off that road is', () => {
      const haul = slowRoad(t0, 40);
      expect(workPlaces(withoutPto(haul)).places).toEqual([]);
      const day = withoutPto([...haul, ...road(t0 + 40 * MIN, 5, [6700, 0], [2000, 500]), ...work(t0 + 45 * MIN, 30, 2000, 500)]);
      expect(workPlaces(day).places.map((p) => p.start)).toEqual([t0 + 45 * MIN]);
    });

    /** A farm track at working speed (10 km/h, a fix every 10 s) straight from (x0, 0) to the field's corner at (0, 0). */
    const track = (start: number, x0: number): Reading[] =>
      Array.from({ length: Math.round(-x0 / 28) }, (_, i) => ({ time: start + i * 10_000, ...at(x0 + i * 28, 0), speedKmh: 10, ignition: true }));

    it('a slow track that runs on into the field: the place starts at the first pass, its work without the track’s minutes', () => {
      const onTrack = track(t0, -1500);
      const fieldStart = t0 + onTrack.length * 10_000;
      const passes = work(fieldStart, 60, 0, 0);
      const [place, ...others] = workPlaces(withoutPto([...onTrack, ...passes])).places;
      expect(others).toEqual([]);
      // Within a cell (PLACE_CELL_M) of the field's edge: at most the track's last 50 m, two fixes.
      const early = fieldStart - (place?.start ?? 0);
      expect(early).toBeGreaterThanOrEqual(0);
      expect(early).toBeLessThanOrEqual(20_000);
      expect(distanceMeters(place?.anchor ?? origin, at(0, 0))).toBeLessThanOrEqual(PLACE_CELL_M);
      expect(place?.workS).toBe(60 * 60 - 10 + early / 1000);
      // Out by the same track hours later: the place still starts at its first pass.
      const back = track(fieldStart + 4 * 60 * MIN, -1500).reverse();
      const later = fieldStart + 4 * 60 * MIN;
      const day = withoutPto([...onTrack, ...passes, ...work(fieldStart + 60 * MIN, 180, 0, 30), ...back.map((r, i) => ({ ...r, time: later + i * 10_000 }))]);
      expect(workPlaces(day).places.map((p) => p.start)).toEqual([fieldStart - early]);
    });

    it('a small plot worked within one cell keeps its first fix as its start', () => {
      const plot = withoutPto(
        Array.from({ length: 180 }, (_, i) => ({
          time: t0 + i * 10_000,
          ...at(5 + (Math.floor(i / 3) % 2 === 0 ? (i % 3) * 12 : 24 - (i % 3) * 12), 5 + Math.floor(i / 6)),
          speedKmh: 4,
          ignition: true,
        })),
      );
      expect(workPlaces(plot).places.map((p) => p.start)).toEqual([t0]);
    });

    it('the engine off is no work, whatever the speed', () => {
      const towed = withoutPto(work(t0, 30, 0, 0)).map((r) => ({ ...r, ignition: false }));
      expect(workPlaces(towed).places).toEqual([]);
    });

    it('a device that sends the PTO keeps the PTO rule: the same passes with the PTO off are no place', () => {
      expect(workPlaces(work(t0, 30, 0, 0).map((r) => ({ ...r, pto: false }))).places).toEqual([]);
    });
  });
});
