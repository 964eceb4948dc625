import { describe, expect, it } from 'vitest';
import { distanceMeters } from '@tractorlink/domain/geo';
import { istMidnight } from '@tractorlink/domain/time';
import { simulateDay, type SimProfile } from './farm-day';

const profile: SimProfile = {
  imei: '356307042441013',
  home: { lat: 20.1667, lon: 73.9833 },
  fields: [{ corner: { lat: 20.1745, lon: 73.9951 }, lengthM: 180, widthM: 60, headingDeg: 20 }],
  implementWidthM: 1.8,
  tankCapacityL: 55,
};
const carry = { fuelL: 30, engineMin: 120_000, odometerM: 4_000_000, position: profile.home };

/** The first working day in November 2026 for this tractor (about one day in eight is a rest day). */
function workingDay() {
  for (let d = 1; d <= 30; d++) {
    const date = `2026-11-${String(d).padStart(2, '0')}`;
    const day = simulateDay(profile, carry, date);
    if (day.samples.some((s) => s.pto)) return { date, ...day };
  }
  throw new Error('no working day');
}

describe('a simulated farm day', () => {
  const { date, samples, carry: next } = workingDay();

  it('is the same every time it is generated', () => {
    expect(simulateDay(profile, carry, date).samples).toEqual(samples);
  });

  it('samples in ascending time within the IST day', () => {
    const midnight = istMidnight(date);
    expect(samples[0]?.time).toBe(midnight);
    expect(samples.every((s, i) => i === 0 || s.time > (samples[i - 1]?.time ?? 0))).toBe(true);
    expect(samples.at(-1)?.time).toBeLessThan(midnight + 24 * 3600_000);
  });

  it('works the field at 3–8 km/h with the PTO on, and travels the road at 15–30 km/h', () => {
    const working = samples.filter((s) => s.pto);
    expect(working.length).toBeGreaterThan(100);
    const workSpeeds = working.map((s) => s.speedKmh).sort((a, b) => a - b);
    expect(workSpeeds[Math.floor(workSpeeds.length / 2)]).toBeGreaterThanOrEqual(2);
    expect(workSpeeds[Math.floor(workSpeeds.length / 2)]).toBeLessThanOrEqual(9);
    const road = samples.filter((s) => s.ignition && !s.pto && s.speedKmh >= 12);
    expect(road.length).toBeGreaterThan(5);
    expect(Math.max(...road.map((s) => s.speedKmh))).toBeLessThanOrEqual(32);
  });

  it('starts and ends the day parked at home, engine off', () => {
    expect(samples[0]?.ignition).toBe(false);
    expect(samples.at(-1)?.ignition).toBe(false);
    const last = samples.at(-1);
    expect(last && distanceMeters(last, profile.home)).toBeLessThan(20);
  });

  it('burns diesel, counts engine minutes and refuels when low', () => {
    expect(next.engineMin).toBeGreaterThan(carry.engineMin + 4 * 60);
    expect(Math.max(...samples.map((s) => s.fuelL))).toBeGreaterThan(profile.tankCapacityL * 0.85);
  });

  it('has a fuel sensor that bounces in the field but not when parked', () => {
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    const work = samples.filter((s) => s.pto).slice(0, 60);
    const parked = samples.filter((s) => !s.ignition).slice(0, 20);
    expect(spread(work.map((s) => s.fuelSensorPercent - (s.fuelL / 55) * 100))).toBeGreaterThan(8);
    expect(spread(parked.map((s) => s.fuelSensorPercent - (s.fuelL / 55) * 100))).toBeLessThan(1.5);
  });

  it('injects a night-time siphoning with the engine off', () => {
    const midnight = istMidnight(date);
    const at = midnight + 2 * 3600_000;
    const day = simulateDay(profile, carry, date, { events: [{ kind: 'siphon', at, durationMs: 10 * 60_000, litres: 20 }] });
    const before = day.samples.filter((s) => s.time < at).at(-1);
    const after = day.samples.find((s) => s.time > at + 10 * 60_000);
    expect(before && after && before.fuelL - after.fuelL).toBeCloseTo(20, 0);
    expect(day.samples.filter((s) => s.time >= at && s.time <= at + 10 * 60_000).every((s) => !s.ignition && s.speedKmh <= 1)).toBe(true);
  });

  it('injects towing: moved with the ignition off', () => {
    const at = istMidnight(date) + 3600_000;
    const day = simulateDay(profile, carry, date, { events: [{ kind: 'towing', at, meters: 500 }] });
    const towed = day.samples.filter((s) => s.time >= at && s.time < at + 10 * 60_000 && !s.ignition);
    const first = towed[0];
    const last = towed.at(-1);
    expect(first && last && distanceMeters(first, last)).toBeGreaterThan(400);
    expect(towed.some((s) => s.speedKmh >= 10)).toBe(true);
  });

  it('injects over-temperature, high RPM and a battery that does not charge while working', () => {
    const workStart = samples.find((s) => s.pto)?.time ?? 0;
    const events = [
      { kind: 'overheat' as const, at: workStart, durationMs: 10 * 60_000 },
      { kind: 'high_rpm' as const, at: workStart + 20 * 60_000, durationMs: 5 * 60_000 },
      { kind: 'low_battery' as const, at: workStart + 30 * 60_000, durationMs: 20 * 60_000 },
    ];
    const day = simulateDay(profile, carry, date, { events });
    const during = (from: number, ms: number) => day.samples.filter((s) => s.time >= from && s.time < from + ms && s.ignition);
    expect(during(workStart, 10 * 60_000).every((s) => s.coolantC >= 105)).toBe(true);
    expect(during(workStart + 20 * 60_000, 5 * 60_000).every((s) => s.rpm >= 2500)).toBe(true);
    expect(during(workStart + 30 * 60_000, 20 * 60_000).every((s) => s.externalVoltage < 11.5)).toBe(true);
  });
});
