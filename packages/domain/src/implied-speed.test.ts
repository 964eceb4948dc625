import { describe, expect, it } from 'vitest';
import { emptyImpliedSpeed, impliedSpeedKmh } from './implied-speed';
import type { Reading } from './telemetry';
import { emptyTotals, measureInterval, addTotals } from './usage';

/** A small seeded generator, so the noise is the same on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  // Roughly normal: the sum of four uniforms, centred.
  return { uniform: next, normal: () => next() + next() + next() + next() - 2 };
}

const M_PER_DEG_LAT = 111_320;
const HOME = { lat: 20.1667, lon: 73.9833 };
const offset = (p: { lat: number; lon: number }, northM: number, eastM: number) => ({
  lat: p.lat + northM / M_PER_DEG_LAT,
  lon: p.lon + eastM / (M_PER_DEG_LAT * Math.cos((p.lat * Math.PI) / 180)),
});

/** Sums usage over readings without a speed field, as the processor does: each reading's speed implied first. */
function roadKm(readings: Reading[]) {
  const state = emptyImpliedSpeed();
  const totals = emptyTotals();
  let prev: Reading | undefined;
  for (const raw of readings) {
    const speedKmh = impliedSpeedKmh(state, raw);
    const r = speedKmh === undefined ? raw : { ...raw, speedKmh };
    if (prev) addTotals(totals, measureInterval(prev, r, { implementWidthM: 2 }));
    prev = r;
  }
  return { road: totals.roadM / 1000, distance: totals.distanceM / 1000, state };
}

/** A phone's fixes: the truth plus wander (σ about `sigmaM`) and now and then a stray fix 40–80 m off. */
function withNoise(track: { time: number; lat: number; lon: number }[], sigmaM: number, seed: number): Reading[] {
  const rnd = seeded(seed);
  return track.map(({ time, lat, lon }) => {
    const stray = rnd.uniform() < 0.03 ? 40 + 40 * rnd.uniform() : 0;
    const angle = rnd.uniform() * 2 * Math.PI;
    return { time, ignition: true, ...offset({ lat, lon }, sigmaM * rnd.normal() + stray * Math.sin(angle), sigmaM * rnd.normal() + stray * Math.cos(angle)) };
  });
}

const T0 = Date.UTC(2026, 10, 2, 2, 0, 0);

describe('speed implied by the fixes of a tracker that sends none', () => {
  it.each([5, 10, 30])('a phone parked for 8 hours (fix every %i s) travels nowhere', (intervalS) => {
    const parked = Array.from({ length: (8 * 3600) / intervalS }, (_, i) => ({ time: T0 + i * intervalS * 1000, ...HOME }));
    const { road } = roadKm(withNoise(parked, 10, intervalS));
    // Before: each step between wandering fixes read as motion (about 1.6 km of road on a parked phone).
    expect(road).toBeLessThan(0.05);
  });

  it.each([
    [10, 20],
    [30, 25],
  ])('a 12 km trip at %i s intervals and %i km/h, parked before and after, reads within 3 percent', (intervalS, kmh) => {
    const track: { time: number; lat: number; lon: number }[] = [];
    let t = T0;
    for (let i = 0; i < 60; i++, t += intervalS * 1000) track.push({ time: t, ...HOME }); // parked
    const metersPerStep = (kmh / 3.6) * intervalS;
    const steps = Math.round(12_000 / metersPerStep);
    for (let i = 1; i <= steps; i++, t += intervalS * 1000) track.push({ time: t, ...offset(HOME, i * metersPerStep * 0.6, i * metersPerStep * 0.8) });
    const end = track.at(-1) as { lat: number; lon: number };
    for (let i = 0; i < 60; i++, t += intervalS * 1000) track.push({ time: t, lat: end.lat, lon: end.lon }); // parked again
    const { road } = roadKm(withNoise(track, 5, kmh));
    expect(Math.abs(road - 12) / 12).toBeLessThan(0.03);
  });

  it('a precise tracker working a field (a loop at each headland) reads the distance within 3 percent', () => {
    // 12 passes of 200 m, 2 m apart, at 5 km/h, a fix every 10 s with 1 m of receiver noise; at each
    // end the tractor loops out 7 m beyond the headland to turn onto the next pass.
    const rnd = seeded(7);
    const points: { north: number; east: number }[] = [];
    const pace = (5 / 3.6) * 10;
    for (let pass = 0; pass < 12; pass++) {
      const east = pass * 2;
      const up = pass % 2 === 0;
      for (let d = 0; d <= 200; d += pace) points.push({ north: up ? d : 200 - d, east });
      if (pass < 11) {
        const out = up ? 207 : -7;
        points.push({ north: out, east: east + 0.5 }, { north: out, east: east + 1.5 });
      }
    }
    let truth = 0;
    for (let i = 1; i < points.length; i++)
      truth += Math.hypot((points[i]?.north ?? 0) - (points[i - 1]?.north ?? 0), (points[i]?.east ?? 0) - (points[i - 1]?.east ?? 0));
    let t = T0;
    const track: Reading[] = [];
    for (let i = 0; i < 30; i++, t += 10_000) track.push({ time: t, ignition: true, ...offset(HOME, rnd.normal(), rnd.normal()) }); // parked first
    for (const p of points) {
      track.push({ time: t, ignition: true, ...offset(HOME, p.north + rnd.normal(), p.east + rnd.normal()) });
      t += 10_000;
    }
    const { distance, state } = roadKm(track);
    expect(Math.abs(distance * 1000 - truth) / truth).toBeLessThan(0.03);
    // Its fixes are found precise.
    expect(state.noiseM).toBeLessThan(4);
  });

  it('says nothing without a fix, and restarts after a silence instead of bridging it', () => {
    const state = emptyImpliedSpeed();
    expect(impliedSpeedKmh(state, { time: T0 })).toBeUndefined();
    expect(impliedSpeedKmh(state, { time: T0, ...HOME })).toBe(0);
    expect(impliedSpeedKmh(state, { time: T0 + 60_000, ...offset(HOME, 500, 0) })).toBeCloseTo(30, 0);
    // An hour later, 20 km away: not a 20 km/h drive.
    expect(impliedSpeedKmh(state, { time: T0 + 3_660_000, ...offset(HOME, 20_000, 0) })).toBe(0);
    expect(state.fixes.length).toBeLessThanOrEqual(13);
  });
});
