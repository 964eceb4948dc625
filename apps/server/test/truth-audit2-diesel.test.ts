import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { DEVICE_CADENCE, type SimCarry, oneFieldFarm, simulateDay, slopingFarm } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { FARM, ingest, noise, parkedOff, series, tank } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE } from './support/test-clock';
import { provisionTractor } from './support/tractors';

/**
 * Diesel at a parked device's usual rate (a record every 10 minutes with the ignition off), where the
 * half hour's settled level holds only three or four readings: a sensor that reads full scale for a
 * couple of records after a power cut, and diesel poured in from cans at home.
 */
describe.each(dbTargets)('diesel truth audit 2: parked at the 10-minute rate, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  async function figures(tractorId: string) {
    const alerts = await db().selectFrom('alerts').select(['type_id', 'value', 'time_ms']).where('tractor_id', '=', tractorId).orderBy('time_ms').execute();
    const refuels = await db().selectFrom('refuels').select(['start_ms', 'litres']).where('tractor_id', '=', tractorId).orderBy('start_ms').execute();
    const hours = await db().selectFrom('usage_hourly').select(['fuel_refuel_l']).where('tractor_id', '=', tractorId).execute();
    const state = await db().selectFrom('tractor_state').select(['processor']).where('tractor_id', '=', tractorId).executeTakeFirstOrThrow();
    return {
      fuelAlerts: alerts.filter((a) => ['A0100', 'A0103', 'A0104', 'A0111'].includes(a.type_id)),
      refuels: refuels.map((r) => ({ start: Number(r.start_ms), litres: r.litres })),
      refuelledL: hours.reduce((sum, h) => sum + h.fuel_refuel_l, 0),
      fuelL: (JSON.parse(state.processor ?? '{}') as { fuelL?: number }).fuelL,
    };
  }

  it.each([2, 3])(
    'a power cut at night, the sensor at full scale for %i records after it: the day’s refuels and thefts are the simulator’s, nothing more',
    { timeout: 120_000 },
    async (wild) => {
      const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
      const profile = oneFieldFarm(process.env.SIM_IMEI ?? '356307042441013', FARM, { eastM: 400, northM: 900, lengthM: 400, widthM: 60, headingDeg: 20 });
      const start: SimCarry = { fuelL: 26, engineMin: 300 * 60, odometerM: 0, position: FARM };
      const day = simulateDay(profile, start, '2026-11-19', { cadence: DEVICE_CADENCE });
      const readings = day.samples.map(sampleToReading);
      // 02:00 IST, parked since the evening: the device comes back from a power cut reading a full tank.
      const cut = readings.findIndex((r) => r.time >= Date.UTC(2026, 10, 18, 20, 30));
      for (let i = cut; i < cut + wild; i++) (readings[i] as Reading).fuelPercent = 100;
      expect(readings.slice(cut - 6, cut + wild + 6).every((r) => r.ignition === false)).toBe(true);
      expect((readings[cut + 1] as Reading).time - (readings[cut] as Reading).time).toBe(10 * MINUTE);
      for (let i = 0; i < readings.length; i += 500) await ingest(t.app, tractor, readings.slice(i, i + 500));

      const truth = day.truth.refuels.filter((r) => r.litres > 0);
      expect(truth, 'the simulated day ends at the pump').toHaveLength(1);
      const out = await figures(tractor.id);
      expect(out.fuelAlerts.map((a) => a.type_id)).toEqual(['A0104']);
      expect(out.refuels).toHaveLength(1);
      expect(Math.abs((out.refuels[0]?.litres ?? 0) - (truth[0]?.litres ?? 0))).toBeLessThan(3);
      expect(Math.abs(out.refuelledL - (truth[0]?.litres ?? 0))).toBeLessThan(3);
    },
  );

  it('20 L brought to a sloping field in cans and poured in at lunch, twelve days: each refuel alerted once, within 15 % of the litres poured, no theft', {
    timeout: 300_000,
  }, async () => {
    const profile = slopingFarm(process.env.SIM_IMEI ?? '356307042441013', FARM);
    const start: SimCarry = { fuelL: 22, engineMin: 1000 * 60, odometerM: 0, position: FARM };
    const wrong: string[] = [];
    for (let d = 1; d <= 12; d++) {
      const date = `2026-10-${String(d).padStart(2, '0')}`;
      // Lunch: the ignition off at the field for a while after 10:30 IST (the same day without the cans).
      const plain = simulateDay(profile, start, date, { cadence: DEVICE_CADENCE }).samples;
      const lunch = plain.find((s, i) => s.time > Date.UTC(2026, 9, d, 5, 0) && !s.ignition && plain[i + 2]?.ignition === false);
      if (!lunch) continue;
      const day = simulateDay(profile, start, date, { cadence: DEVICE_CADENCE, events: [{ kind: 'cans', at: lunch.time + 10 * MINUTE, litres: 20 }] });
      const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
      const readings = day.samples.map(sampleToReading);
      for (let i = 0; i < readings.length; i += 1000) await ingest(t.app, tractor, readings.slice(i, i + 1000));
      const truth = day.truth.refuels.filter((r) => r.litres >= 10).map((r) => r.litres);
      // Low fuel before lunch is true (the tank ran down to 10 %); refuels, thefts and drops are checked.
      const alerted = (await figures(tractor.id)).fuelAlerts.filter((a) => a.type_id !== 'A0103');
      const ok =
        alerted.length === truth.length &&
        alerted.every((a, i) => a.type_id === 'A0104' && Math.abs((a.value ?? 0) - (truth[i] ?? 0)) <= 0.15 * (truth[i] ?? 0));
      if (!ok) wrong.push(`${date}: poured ${truth.map((l) => l.toFixed(1))}, alerted ${alerted.map((a) => `${a.type_id} ${a.value}`)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('14 L poured in from cans while parked with the ignition off: one refuel of 14 L, alerted once, no theft', async () => {
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    const rnd = noise(31);
    const night = Date.UTC(2026, 10, 20, 14, 30); // 20 Nov 20:00 IST
    const poured = night + 3 * HOUR + 5 * MINUTE;
    await ingest(
      t.app,
      tractor,
      series(night, 36, 10 * MINUTE, (i) => parkedOff(tank(night + i * 10 * MINUTE < poured ? 20 : 34, 0.5, rnd))),
    );
    const out = await figures(tractor.id);
    expect(out.fuelAlerts.map((a) => a.type_id)).toEqual(['A0104']);
    expect(Math.abs((out.fuelAlerts[0]?.value ?? 0) - 14)).toBeLessThan(1.5);
    expect(out.refuels).toHaveLength(1);
    expect(out.refuels[0]?.start).toBeGreaterThanOrEqual(poured - 10 * MINUTE);
    expect(out.refuels[0]?.start).toBeLessThanOrEqual(poured + 10 * MINUTE);
    expect(Math.abs(out.refuelledL - 14)).toBeLessThan(1.5);
    expect(Math.abs((out.fuelL ?? 0) - 34)).toBeLessThan(1);
  });
});
