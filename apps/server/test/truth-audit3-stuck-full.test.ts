import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { at, engineOn, ingest, noise, series, storedAlerts, tank } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';

/**
 * Ploughing with ±8 % slosh, a record every 10 s, 45 L in a 60 L tank burning 3.5 L an hour: the sensor
 * stuck at full scale for up to exactly a quarter of an hour (the README's bound), then true again; against
 * 20 L truly taken while the engine runs (the same fall of the level). Stuck longer than that, the half
 * hour's settled level follows the sensor and its fall back is alerted: the documented price.
 */
describe.each(dbTargets)('diesel truth audit: a sensor stuck at full scale while working, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  async function run(litres: (i: number) => number | 'stuck') {
    const rnd = noise(31);
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    const readings = series(TEST_START - 3 * HOUR, 720, 10 * SECOND, (i) => {
      const l = litres(i);
      return engineOn({ speedKmh: 5, pto: true, ...at((i % 120) * 1.4, Math.floor(i / 120) * 2), ...(l === 'stuck' ? { fuelPercent: 100 } : tank(l, 8, rnd)) });
    });
    for (let i = 0; i < readings.length; i += 60) await ingest(t.app, tractor, readings.slice(i, i + 60) as Reading[]);
    const refuels = await db().selectFrom('refuels').select(['litres']).where('tractor_id', '=', tractor.id).execute();
    return { alerts: await storedAlerts(db(), tractor.id), refuels };
  }
  const burnt = (i: number) => 45 - (3.5 * i) / 360;

  it.each([60, 75, 90])('stuck at full for %i records (15 minutes is 90): no sudden drop, no refuel', async (records) => {
    const out = await run((i) => (i >= 180 && i < 180 + records ? 'stuck' : burnt(i)));
    expect(out.alerts.filter((a) => ['A0100', 'A0104', 'A0111', 'A0103'].includes(a))).toEqual([]);
    expect(out.refuels).toEqual([]);
  });

  it('20 L truly taken with the engine running: one sudden drop', async () => {
    const out = await run((i) => burnt(i) - (i >= 270 ? 20 : 0));
    expect(out.alerts).toEqual(['A0111']);
    expect(out.refuels).toEqual([]);
  });
});
