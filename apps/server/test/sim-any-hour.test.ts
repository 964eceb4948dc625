import { distanceMeters } from '@tractorlink/domain/geo';
import { DAY_MS, istDate, istMidnight } from '@tractorlink/domain/time';
import { describe, expect, it } from 'vitest';
import { DEMO_FLEET } from '../src/sim/demo-fleet';
import { DEVICE_CADENCE, type DayTruth, HAUL_LONGEST_STOP_MS, type SimCarry, type SimSample, simulateDay } from '../src/sim/farm-day';
import { initialCarry } from '../src/sim/fleet';

/**
 * A newcomer starts the app at any hour of the IST day and should see a demo tractor move: the third
 * hauls cane round the clock while the other two keep farm hours. Days are simulated as the fleet
 * does, one after another from each tractor's initial carry, at the live cadence; hours are the
 * simulator's clock (IST midnight of each date), not the wall clock.
 */
const FIRST = '2026-11-10';
const DAYS = 14;
const WITHIN_MS = 15 * 60_000;
const moving = (s: SimSample) => s.speedKmh >= 2 && s.ignition;

interface Day {
  date: string;
  samples: SimSample[];
  truth: DayTruth;
  before: SimCarry;
  after: SimCarry;
}

function chain(index: number): Day[] {
  const tractor = DEMO_FLEET[index];
  if (!tractor) throw new Error(`no demo tractor ${index}`);
  let carry = initialCarry(tractor.profile);
  const days: Day[] = [];
  for (let d = 0; d < DAYS; d++) {
    const date = istDate(istMidnight(FIRST) + d * DAY_MS + 3600_000);
    const day = simulateDay(tractor.profile, carry, date, { cadence: DEVICE_CADENCE });
    days.push({ date, samples: day.samples, truth: day.truth, before: carry, after: day.carry });
    carry = day.carry;
  }
  return days;
}

const fleet = DEMO_FLEET.map((_, index) => chain(index));
const haulerIndex = DEMO_FLEET.findIndex((t) => t.profile.haulage);
const hauler = fleet[haulerIndex] ?? [];

describe('the demo fleet at any hour', () => {
  it('for every hour of every IST day, some demo tractor is moving within 15 minutes', () => {
    const still: string[] = [];
    for (let d = 0; d < DAYS; d++) {
      const date = fleet[0]?.[d]?.date ?? '';
      for (let hour = 0; hour < 24; hour++) {
        const start = istMidnight(date) + hour * 3600_000;
        const any = fleet.some((days) => days[d]?.samples.some((s) => s.time >= start && s.time <= start + WITHIN_MS && moving(s)));
        if (!any) still.push(`${date} ${hour}:00`);
      }
    }
    expect(still).toEqual([]);
  });

  it('the hauler never stands longer than its longest stop, across midnight too', () => {
    expect(haulerIndex).toBeGreaterThanOrEqual(0);
    const times = hauler.flatMap((day) => day.samples.filter(moving).map((s) => s.time));
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HAUL_LONGEST_STOP_MS + DEVICE_CADENCE.engineOnS * 1000);
  });

  it('the hauler’s track runs on over midnight (no jump), and a day re-simulated after a restart is the same', () => {
    for (const day of hauler) {
      const midnight = istMidnight(day.date);
      expect(day.samples.every((s) => s.time >= midnight && s.time < midnight + DAY_MS)).toBe(true);
    }
    for (let d = 1; d < DAYS; d++) {
      const last = hauler[d - 1]?.samples.at(-1);
      const first = hauler[d]?.samples[0];
      expect(last && first && distanceMeters(last, first)).toBeLessThan(30);
    }
    const tractor = DEMO_FLEET[haulerIndex];
    const day = hauler[3];
    if (!tractor || !day) throw new Error('no hauler day');
    expect(simulateDay(tractor.profile, day.before, day.date, { cadence: DEVICE_CADENCE }).samples).toEqual(day.samples);
  });

  it('the hauler’s figures follow its track: road and loading, no PTO work, odometer and fuel consistent', () => {
    for (const day of hauler.slice(1)) {
      expect(day.truth.ptoS).toBe(0);
      expect(day.truth.workM2).toBe(0);
      expect(day.samples.some((s) => s.pto)).toBe(false);
      // A dozen loads or so, ≈ 17 km a trip.
      expect(day.truth.roadM).toBeGreaterThan(150_000);
      expect(day.after.odometerM - day.before.odometerM).toBeCloseTo(day.truth.drivenM, -1);
      expect(day.truth.refuels.length).toBeGreaterThanOrEqual(1);
      expect(Math.min(...day.samples.map((s) => s.fuelL))).toBeGreaterThan(0);
      const road = day.samples.filter((s) => s.speedKmh >= 10);
      expect(Math.max(...road.map((s) => s.speedKmh))).toBeLessThanOrEqual(27);
    }
  });

  it('the farm tractors still keep farm hours: parked at home at night', () => {
    for (const days of fleet.filter((_, i) => i !== haulerIndex)) {
      for (const day of days) {
        const night = day.samples.filter((s) => s.time < istMidnight(day.date) + 5 * 3600_000 || s.time >= istMidnight(day.date) + 20 * 3600_000);
        expect(night.some(moving)).toBe(false);
      }
    }
  });
});
