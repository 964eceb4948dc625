import { fromLocalMeters } from '@tractorlink/domain/geo';
import type { Reading } from '@tractorlink/domain/telemetry';
import { istMidnight } from '@tractorlink/domain/time';
import { describe, expect, it } from 'vitest';
import { rebuildDirtyDays } from '../src/modules/telemetry/rebuild-days';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';

const origin = { lat: 20.1667, lon: 73.9833 };

/** A working morning: road out at 20 km/h, then passes with the PTO on at 5 km/h, readings every 20 s. */
function morning(date: string): Reading[] {
  const start = istMidnight(date) + 7 * 3600_000;
  const out: Reading[] = [];
  for (let i = 0; i < 60; i++) out.push({ time: start + i * 20_000, ...fromLocalMeters(origin, 0, i * 111), speedKmh: 20, ignition: true, rpm: 1500, fuelLitres: 40 - i * 0.01 });
  const fieldStart = start + 60 * 20_000;
  for (let i = 0; i < 300; i++) {
    const pass = Math.floor(i / 30);
    const along = (i % 30) * 27.8;
    out.push({ time: fieldStart + i * 20_000, ...fromLocalMeters(origin, 2 + pass * 2, 6700 + (pass % 2 ? 834 - along : along)), speedKmh: 5, ignition: true, pto: true, rpm: 1800, fuelLitres: 39.4 - i * 0.02 });
  }
  return out;
}

describe.each(dbTargets)('late records on $name', (target) => {
  const t = useTestApp(target);

  it('a day that arrives after a later one is rebuilt to what in-order arrival gives', async () => {
    const db = t.database.db.kysely;
    const inOrder = await provisionTractor(db);
    const late = await provisionTractor(db);
    const profile = (row: typeof inOrder) => ({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    const day1 = morning('2026-11-18');
    const day2 = morning('2026-11-19');
    const submit = (row: typeof inOrder, readings: Reading[]) => t.app.telemetry.ingestor.submit(profile(row), readings.map((reading) => ({ reading })));

    await submit(inOrder, day1);
    await submit(inOrder, day2);
    // The other device empties its backlog newest first.
    await submit(late, day2);
    await submit(late, day1);

    const usage = async (tractorId: string, date: string) =>
      db
        .selectFrom('usage_hourly')
        .select((eb) => [eb.fn.sum<number>('engine_s').as('engine'), eb.fn.sum<number>('area_m2').as('area'), eb.fn.sum<number>('road_m').as('road'), eb.fn.sum<number>('pto_s').as('pto')])
        .where('tractor_id', '=', tractorId)
        .where('hour_start', '>=', istMidnight(date))
        .where('hour_start', '<', istMidnight(date) + 86_400_000)
        .executeTakeFirstOrThrow();
    const expected = await usage(inOrder.id, '2026-11-18');
    expect(Number(expected.area)).toBeGreaterThan(3000);
    // Before the rebuild the late day is missing (its records were stored but not processed).
    expect(Number((await usage(late.id, '2026-11-18')).engine ?? 0)).toBe(0);
    expect(await db.selectFrom('usage_dirty_days').selectAll().where('tractor_id', '=', late.id).execute()).toHaveLength(1);

    expect(await rebuildDirtyDays(db)).toBe(1);
    const rebuilt = await usage(late.id, '2026-11-18');
    for (const key of ['engine', 'area', 'road', 'pto'] as const) expect(Number(rebuilt[key])).toBeCloseTo(Number(expected[key]), 3);
    expect(await db.selectFrom('usage_dirty_days').selectAll().execute()).toHaveLength(0);
    // The later day, processed live, is untouched and equal too.
    expect(Number((await usage(late.id, '2026-11-19')).area)).toBeCloseTo(Number((await usage(inOrder.id, '2026-11-19')).area), 3);
  });
});
