import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { at, engineOn, ingest, noise, parkedOff, series, storedAlerts, tank } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';

/**
 * Fuel sensor faults through the real ingestion path, against what truly happened in the tank
 * (nothing): a dropout to 0, a sensor stuck at a wrong value for ten minutes while parked or while
 * ploughing, a tractor without a fuel sensor. Each must raise no fuel alert and count no refuel,
 * while a real slow siphon is still alerted once, dated when the loss was first seen.
 */
describe.each(dbTargets)('diesel truth audit: sensor faults, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;
  const NIGHT = TEST_START - 8 * HOUR;

  async function run(readings: Reading[]) {
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    for (let i = 0; i < readings.length; i += 200) await ingest(t.app, tractor, readings.slice(i, i + 200));
    const refuels = await db().selectFrom('refuels').select(['start_ms', 'litres']).where('tractor_id', '=', tractor.id).execute();
    const state = await db().selectFrom('tractor_state').select(['processor']).where('tractor_id', '=', tractor.id).executeTakeFirstOrThrow();
    const fuelL = (JSON.parse(state.processor ?? '{}') as { fuelL?: number }).fuelL;
    const hours = await db().selectFrom('usage_hourly').select(['fuel_net_l', 'fuel_refuel_l']).where('tractor_id', '=', tractor.id).execute();
    const refuelled = hours.reduce((sum, h) => sum + h.fuel_refuel_l, 0);
    return { tractor, alerts: await storedAlerts(db(), tractor.id), refuels, fuelL, refuelled };
  }

  it('parked overnight reporting every 10 minutes, one record of 0 (sensor unplugged): no theft, no refuel, the level true', async () => {
    const rnd = noise(21);
    const out = await run(series(NIGHT, 24, 10 * MINUTE, (i) => parkedOff(i === 9 ? { fuelPercent: 0 } : tank(40, 0.5, rnd))));
    expect(out.alerts).toEqual([]);
    expect(out.refuels).toEqual([]);
    expect(out.refuelled).toBe(0);
    expect(Math.abs((out.fuelL ?? 0) - 40)).toBeLessThan(1);
  });

  it('parked, one wild record of 5 % at the 10-minute rate: no theft, no refuel', async () => {
    const rnd = noise(22);
    const out = await run(series(NIGHT, 24, 10 * MINUTE, (i) => parkedOff(i === 9 ? { fuelPercent: 5 } : tank(40, 0.5, rnd))));
    expect(out.alerts).toEqual([]);
    expect(out.refuels).toEqual([]);
  });

  it.each([
    ['low', 21.3, 40],
    ['high', 95, 30],
  ])('parked, the sensor stuck %s for 10 minutes then recovering: no theft, no refuel', async (_, stuck, litres) => {
    const rnd = noise(23);
    const out = await run(series(NIGHT, 90, MINUTE, (i) => parkedOff(i >= 30 && i < 40 ? { fuelPercent: stuck } : tank(litres, 0.5, rnd))));
    expect(out.alerts).toEqual([]);
    expect(out.refuels).toEqual([]);
    expect(Math.abs((out.fuelL ?? 0) - litres)).toBeLessThan(1);
  });

  it('ploughing with ±8 % slosh, the sensor stuck at 20 % for 10 minutes: no sudden drop, no refuel', async () => {
    const rnd = noise(24);
    const work = (i: number): Omit<Reading, 'time'> =>
      engineOn({
        speedKmh: 5,
        pto: true,
        ...at((i % 120) * 1.4, Math.floor(i / 120) * 2),
        ...(i >= 180 && i < 240 ? { fuelPercent: 20 } : tank(45 - (3.5 * i) / 360, 8, rnd)),
      });
    const out = await run(series(TEST_START - 3 * HOUR, 720, 10 * SECOND, work));
    expect(out.alerts.filter((a) => ['A0100', 'A0104', 'A0111', 'A0103'].includes(a))).toEqual([]);
    expect(out.refuels).toEqual([]);
  });

  it('a device whose fuel input is not wired (reads 0 always): no fuel alert, and the level unknown, not 0', async () => {
    const out = await run(series(TEST_START - 2 * HOUR, 360, 10 * SECOND, (i) => engineOn({ speedKmh: 5, ...at(i * 1.4, 0), fuelPercent: 0 })));
    expect(out.alerts).toEqual([]);
    expect(out.fuelL).toBeUndefined();
  });

  it('a slow siphon of 20 L over an hour at night: one theft, dated within the hour, of about 20 L', async () => {
    const rnd = noise(25);
    const litres = (i: number) => 45 - Math.max(0, Math.min(20, ((i - 30) * 20) / 60));
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    await ingest(
      t.app,
      tractor,
      series(NIGHT, 150, MINUTE, (i) => parkedOff(tank(litres(i), 0.5, rnd))),
    );
    const thefts = await db().selectFrom('alerts').select(['time_ms', 'value', 'threshold']).where('tractor_id', '=', tractor.id).execute();
    expect(thefts).toHaveLength(1);
    expect(Number(thefts[0]?.time_ms)).toBeGreaterThan(NIGHT + 30 * MINUTE);
    expect(Number(thefts[0]?.time_ms)).toBeLessThan(NIGHT + 90 * MINUTE);
    expect(thefts[0]?.threshold).toBe(10);
    expect(thefts[0]?.value).toBeGreaterThanOrEqual(10);
    expect(thefts[0]?.value).toBeLessThanOrEqual(21);
  });

  it.each([10, 5, 1])(
    'parked reporting every %i minutes, 22 L taken between two records: one theft, dated after it and within 45 minutes',
    async (everyMin) => {
      const rnd = noise(26);
      const taken = NIGHT + 2 * HOUR;
      const readings = series(NIGHT, (4 * 60) / everyMin, everyMin * MINUTE, (i) => parkedOff(tank(NIGHT + i * everyMin * MINUTE < taken ? 50 : 28, 0.5, rnd)));
      const out = await run(readings);
      expect(out.alerts).toEqual(['A0100']);
      const [theft] = await db().selectFrom('alerts').select(['time_ms']).where('tractor_id', '=', out.tractor.id).execute();
      expect(Number(theft?.time_ms)).toBeGreaterThanOrEqual(taken);
      expect(Number(theft?.time_ms)).toBeLessThan(taken + 45 * MINUTE);
      expect(out.refuels).toEqual([]);
    },
  );
});
