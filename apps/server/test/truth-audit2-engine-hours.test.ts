import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { DEVICE_CADENCE, oneFieldFarm, simulateDay } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { FARM, ingest } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';

/**
 * Engine hours from a worktime counter coarser than the records: a tractor's CAN bus gives engine
 * hours in 0.05 h (a 3-minute step) or 0.1 h, while the device records every 10 s on the move. Each
 * step then lands within one 10-second interval, and must still count, against the simulator's truth;
 * a wild counter value in the night (the engine off for hours) still counts nothing.
 */
describe.each(dbTargets)('engine hours from a coarse worktime counter, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it.each([3, 6])('a counter in steps of %i minutes: the day’s engine hours within 3 % of the truth, PTO hours as well', { timeout: 120_000 }, async (step) => {
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    const profile = oneFieldFarm(process.env.SIM_IMEI ?? '356307042441013', FARM, { eastM: 400, northM: 900, lengthM: 500, widthM: 60, headingDeg: 20 });
    const day = simulateDay(profile, { fuelL: 50, engineMin: 1200 * 60 + 1, odometerM: 0, position: FARM }, '2026-11-18', { cadence: DEVICE_CADENCE });
    expect(day.truth.engineS, 'a working day').toBeGreaterThan(3 * 3600);
    const readings: Reading[] = day.samples
      .map(sampleToReading)
      .map((r) => ({ ...r, engineWorktimeMin: Math.floor((r.engineWorktimeMin ?? 0) / step) * step }));
    // 03:00 IST, parked since the evening before: one wild value from the bus, then the true one again.
    const wild = readings.findIndex((r) => r.time >= Date.UTC(2026, 10, 17, 21, 30));
    expect(readings[wild]?.ignition).toBe(false);
    (readings[wild] as Reading).engineWorktimeMin = 65_535;
    for (let i = 0; i < readings.length; i += 500) await ingest(t.app, tractor, readings.slice(i, i + 500));

    const hours = await db().selectFrom('usage_hourly').select(['engine_s', 'pto_s']).where('tractor_id', '=', tractor.id).execute();
    const engineS = hours.reduce((sum, h) => sum + h.engine_s, 0);
    const ptoS = hours.reduce((sum, h) => sum + h.pto_s, 0);
    expect(
      Math.abs(engineS - day.truth.engineS) / day.truth.engineS,
      `engine ${(engineS / 3600).toFixed(2)} h of ${(day.truth.engineS / 3600).toFixed(2)} h`,
    ).toBeLessThan(0.03);
    expect(Math.abs(ptoS - day.truth.ptoS) / day.truth.ptoS).toBeLessThan(0.03);
  });

  it('a counter in 3-minute steps, the day sent newest first 40 records a frame and replayed: engine hours within 3 % of the truth', {
    timeout: 120_000,
  }, async () => {
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    const profile = oneFieldFarm(process.env.SIM_IMEI ?? '356307042441013', FARM, { eastM: -300, northM: 700, lengthM: 300, widthM: 40, headingDeg: 80 });
    const day = simulateDay(profile, { fuelL: 50, engineMin: 800 * 60 + 2, odometerM: 0, position: FARM }, '2026-11-19', { cadence: DEVICE_CADENCE });
    const readings: Reading[] = day.samples.map(sampleToReading).map((r) => ({ ...r, engineWorktimeMin: Math.floor((r.engineWorktimeMin ?? 0) / 3) * 3 }));
    for (let end = readings.length; end > 0; end -= 40) await ingest(t.app, tractor, readings.slice(Math.max(0, end - 40), end));
    await t.app.services.telemetry.ingestor.replayDue(0);
    const hours = await db().selectFrom('usage_hourly').select(['engine_s']).where('tractor_id', '=', tractor.id).execute();
    const engineS = hours.reduce((sum, h) => sum + h.engine_s, 0);
    expect(
      Math.abs(engineS - day.truth.engineS) / day.truth.engineS,
      `engine ${(engineS / 3600).toFixed(2)} h of ${(day.truth.engineS / 3600).toFixed(2)} h`,
    ).toBeLessThan(0.03);
  });
});
