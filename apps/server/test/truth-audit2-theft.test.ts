import { describe, expect, it } from 'vitest';
import { DEVICE_CADENCE, type SimCarry, simulateDay, slopingFarm } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { FARM, ingest } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR } from './support/test-clock';
import { provisionTractor } from './support/tractors';

/**
 * Fuel theft at the most sensitive threshold an owner may set (3 L), on a sloping field's working days
 * against the simulator's truth: lunch is taken where the morning's last pass ended, and that pass
 * (uphill, the float reading 8 % high) stays in the level for up to 40 minutes of parked records every
 * 10 minutes. The night's real siphon of 6 L is alerted; the lunch break never is.
 */
describe.each(dbTargets)('theft at a 3 L threshold on a sloping field, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it('nine working days, a 6 L siphon each night: one theft a day, at night, none at lunch', { timeout: 300_000 }, async () => {
    const profile = slopingFarm(process.env.SIM_IMEI ?? '356307042441013', FARM);
    const start: SimCarry = { fuelL: 55, engineMin: 1000 * 60, odometerM: 0, position: FARM };
    const wrong: string[] = [];
    for (let d = 10; d <= 18; d++) {
      const night = Date.UTC(2026, 9, d - 1, 20, 30); // 02:00 IST
      const day = simulateDay(profile, start, `2026-10-${d}`, { cadence: DEVICE_CADENCE, events: [{ kind: 'siphon', at: night, litres: 6 }] });
      const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
      await db()
        .insertInto('alert_configs')
        .values({ tractor_id: tractor.id, type_id: 'A0100', enabled: 1, threshold: 3, duration_s: null, updated_by: 'test', updated_at: night })
        .execute();
      const readings = day.samples.map(sampleToReading);
      for (let i = 0; i < readings.length; i += 1000) await ingest(t.app, tractor, readings.slice(i, i + 1000));
      const thefts = await db().selectFrom('alerts').select(['time_ms', 'value']).where('tractor_id', '=', tractor.id).where('type_id', '=', 'A0100').execute();
      const ok = thefts.length === 1 && Number(thefts[0]?.time_ms) >= night && Number(thefts[0]?.time_ms) < night + HOUR;
      if (!ok) wrong.push(`2026-10-${d}: ${thefts.map((a) => `${a.value} L at ${new Date(Number(a.time_ms) + 5.5 * HOUR).toISOString().slice(11, 16)} IST`)}`);
    }
    expect(wrong).toEqual([]);
  });
});
