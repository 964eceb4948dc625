import { measureWindow } from '@tractorlink/domain/hire/acreage';
import { describe, expect, it } from 'vitest';
import { DEVICE_CADENCE, simulateDay } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { FARM } from './support/alerts';
import { CUSTOMER_FIELDS } from './support/hire';

/**
 * A job's covered acres against the simulator's ground truth over many simulated days, not one: each
 * IMEI seeds another day (other passes, other GPS drift) over the three customers' fields of 3–5 acres.
 * The acceptance test (hire-proposals.test.ts) runs one day end to end; this one says how often the
 * measure holds.
 */
const DAYS = 12;

describe('hire acreage against the simulator over many days', () => {
  it('nine fields in ten within 3 % of the truth, none off by more than 6 %', () => {
    const errors: number[] = [];
    for (let d = 0; d < DAYS; d++) {
      const profile = { imei: `86000000000${String(1000 + d)}`, home: FARM, fields: [], implementWidthM: 1.8, tankCapacityL: 55 };
      const day = simulateDay(profile, { fuelL: 50, engineMin: 9000, odometerM: 0, position: FARM }, '2026-11-19', {
        cadence: DEVICE_CADENCE,
        fields: CUSTOMER_FIELDS,
      });
      const readings = day.samples.map(sampleToReading);
      for (const field of day.fields ?? []) {
        const { coveredM2 } = measureWindow(readings, profile.implementWidthM, field.start, field.end);
        errors.push((coveredM2 - field.workM2) / field.workM2);
      }
    }
    expect(errors).toHaveLength(DAYS * CUSTOMER_FIELDS.length);
    const within3 = errors.filter((e) => Math.abs(e) <= 0.03).length;
    const summary = errors.map((e) => `${(e * 100).toFixed(1)} %`).join(', ');
    expect(within3 / errors.length, summary).toBeGreaterThanOrEqual(0.9);
    expect(Math.max(...errors.map(Math.abs)), summary).toBeLessThanOrEqual(0.06);
  });
});
