import { fromLocalMeters } from '@tractorlink/domain/geo';
import type { Reading } from '@tractorlink/domain/telemetry';
import { istMidnight } from '@tractorlink/domain/time';
import { describe, expect, it } from 'vitest';
import { createDb } from '../src/db/database';
import { rebuildDirtyDays } from '../src/modules/telemetry/rebuild-days';
import { rebuildLateDays } from '../src/jobs';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { get } from './support/api';
import { ownerWithTractor } from './support/vehicles';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';
import { usageTotals } from './support/usage';

const origin = { lat: 20.1667, lon: 73.9833 };

/** A working morning: road out at 20 km/h, then passes with the PTO on at 5 km/h, readings every 20 s. */
function morning(date: string): Reading[] {
  const start = istMidnight(date) + 7 * 3600_000;
  const out: Reading[] = [];
  for (let i = 0; i < 60; i++)
    out.push({ time: start + i * 20_000, ...fromLocalMeters(origin, 0, i * 111), speedKmh: 20, ignition: true, rpm: 1500, fuelLitres: 40 - i * 0.01 });
  const fieldStart = start + 60 * 20_000;
  for (let i = 0; i < 300; i++) {
    const pass = Math.floor(i / 30);
    const along = (i % 30) * 27.8;
    out.push({
      time: fieldStart + i * 20_000,
      ...fromLocalMeters(origin, 2 + pass * 2, 6700 + (pass % 2 ? 834 - along : along)),
      speedKmh: 5,
      ignition: true,
      pto: true,
      rpm: 1800,
      fuelLitres: 39.4 - i * 0.02,
    });
  }
  return out;
}

describe.each(dbTargets)('late records on $name', (target) => {
  const t = useTestApp(target);

  /** A tractor's usage totals of one IST day. */
  const usage = (tractorId: string, date: string) => usageTotals(t.database.db.kysely, tractorId, date);

  it('a day that arrives after a later one is rebuilt to what in-order arrival gives', async () => {
    const db = t.database.db.kysely;
    const inOrder = await provisionTractor(db);
    const late = await provisionTractor(db);
    const profile = (row: typeof inOrder) => ({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    const day1 = morning('2026-11-18');
    const day2 = morning('2026-11-19');
    const submit = (row: typeof inOrder, readings: Reading[]) =>
      t.app.services.telemetry.ingestor.submit(
        profile(row),
        readings.map((reading) => ({ reading })),
      );

    await submit(inOrder, day1);
    await submit(inOrder, day2);
    // The other device empties its backlog newest first.
    await submit(late, day2);
    await submit(late, day1);

    const expected = await usage(inOrder.id, '2026-11-18');
    expect(expected.areaM2).toBeGreaterThan(3000);
    // Before the rebuild the late day is missing (its records were stored but not processed).
    expect((await usage(late.id, '2026-11-18')).engineS).toBe(0);
    expect(await db.selectFrom('usage_dirty_days').selectAll().where('tractor_id', '=', late.id).execute()).toHaveLength(1);

    expect(await rebuildDirtyDays(db)).toBe(1);
    const rebuilt = await usage(late.id, '2026-11-18');
    for (const key of ['engineS', 'areaM2', 'roadM', 'ptoS'] as const) expect(rebuilt[key]).toBeCloseTo(expected[key], 3);
    expect(await db.selectFrom('usage_dirty_days').selectAll().execute()).toHaveLength(0);
    // The later day, processed live, is untouched and equal too.
    expect((await usage(late.id, '2026-11-19')).areaM2).toBeCloseTo((await usage(inOrder.id, '2026-11-19')).areaM2, 3);
  });

  it("the home screen's engine hours take in a rebuilt day at once, on every instance (a wake-up after the rebuild)", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const profile = { id: tractor.id, implementWidthM: tractor.implement_width_m, tankCapacityL: tractor.tank_capacity_l };
    const submit = (readings: Reading[]) =>
      t.app.services.telemetry.ingestor.submit(
        profile,
        readings.map((reading) => ({ reading })),
      );
    // B runs the jobs (it listens for rebuilt days); on PostgreSQL the rebuild runs on A, another instance.
    const b = await t.build({}, { startJobs: true });
    const rebuilder = target.name === 'postgres' ? t.app : b;
    const engineHours = async () => (await get(b, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>().engineHours;
    await submit(morning('2026-11-19'));
    await submit(morning('2026-11-18')); // late: stored, its day rebuilt later
    const before = await engineHours();
    expect(before).toBeGreaterThan(1.5);
    expect(await rebuildLateDays(rebuilder.services)).toBe(1);
    // Without the wake-up B keeps the sum it made before the rebuild (no new record changed the state).
    const end = Date.now() + 10_000;
    while ((await engineHours()) === before && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const all = await t.database.db.kysely
      .selectFrom('usage_hourly')
      .select((eb) => eb.fn.sum<number>('engine_s').as('s'))
      .where('tractor_id', '=', tractor.id)
      .executeTakeFirstOrThrow();
    expect(await engineHours()).toBe(Math.round(Number(all.s) / 360) / 10);
    expect(await engineHours()).toBeGreaterThan(before * 1.8);
  });

  it('two instances rebuilding at once rebuild each late day once, to the figures of in-order arrival', async () => {
    const db = t.database.db.kysely;
    const inOrder = await provisionTractor(db);
    const profile = (row: typeof inOrder) => ({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    const submit = (row: typeof inOrder, readings: Reading[]) =>
      t.app.services.telemetry.ingestor.submit(
        profile(row),
        readings.map((reading) => ({ reading })),
      );
    const day1 = morning('2026-11-18');
    const day2 = morning('2026-11-19');
    await submit(inOrder, day1);
    await submit(inOrder, day2);
    const late = [];
    for (let i = 0; i < 4; i++) {
      const row = await provisionTractor(db);
      await submit(row, day2);
      await submit(row, day1);
      late.push(row);
    }
    expect(await db.selectFrom('usage_dirty_days').selectAll().execute()).toHaveLength(late.length);

    // The other instance has its own connections on PostgreSQL. On SQLite a process's queries share
    // one connection, so it shares this one: both still read the same dirty days before either rebuilds.
    const other = target.name === 'postgres' ? createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir }) : t.database.db;
    try {
      const counts = await Promise.all([rebuildDirtyDays(db), rebuildDirtyDays(other.kysely)]);
      expect(counts[0] + counts[1]).toBe(late.length);
    } finally {
      if (other !== t.database.db) await other.close();
    }
    expect(await db.selectFrom('usage_dirty_days').selectAll().execute()).toHaveLength(0);
    const expected = await usage(inOrder.id, '2026-11-18');
    for (const row of late) {
      const rebuilt = await usage(row.id, '2026-11-18');
      for (const key of ['engineS', 'areaM2', 'roadM', 'ptoS'] as const) expect(rebuilt[key]).toBeCloseTo(expected[key], 3);
    }
  });

  it('a backlog sent newest first, today included, reaches the figures of in-order arrival once replayed', async () => {
    const db = t.database.db.kysely;
    const inOrder = await provisionTractor(db);
    const late = await provisionTractor(db);
    const profile = (row: typeof inOrder) => ({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    const submit = (row: typeof inOrder, readings: Reading[]) =>
      t.app.services.telemetry.ingestor.submit(
        profile(row),
        readings.map((reading) => ({ reading })),
      );
    // Yesterday and this morning (the test clock's today), the tractor out of coverage since yesterday.
    const days = [...morning('2026-11-20'), ...morning('2026-11-21')];
    await submit(inOrder, days);
    // The device reconnects and empties its memory newest first, 40 records a frame.
    for (let end = days.length; end > 0; end -= 40) await submit(late, days.slice(Math.max(0, end - 40), end));

    // Before the replay today holds only the newest frame's quarter of an hour, processed live.
    expect((await usage(late.id, '2026-11-21')).engineS).toBeLessThan((await usage(inOrder.id, '2026-11-21')).engineS / 4);

    expect(await t.app.services.telemetry.ingestor.replayDue(0)).toBe(1);
    for (const date of ['2026-11-20', '2026-11-21']) {
      const expected = await usage(inOrder.id, date);
      const replayed = await usage(late.id, date);
      expect(expected.areaM2).toBeGreaterThan(3000);
      for (const key of ['engineS', 'areaM2', 'roadM', 'ptoS'] as const) expect(replayed[key], `${date} ${key}`).toBeCloseTo(expected[key], 3);
    }
    expect(await db.selectFrom('usage_dirty_days').selectAll().where('tractor_id', '=', late.id).execute()).toEqual([]);
    // Live ingestion goes on from the replayed state: the next record adds one interval, counted once.
    const next = days.at(-1) as Reading;
    await submit(late, [{ ...next, time: next.time + 20_000 }]);
    await submit(inOrder, [{ ...next, time: next.time + 20_000 }]);
    expect((await usage(late.id, '2026-11-21')).engineS).toBeCloseTo((await usage(inOrder.id, '2026-11-21')).engineS, 3);
    // Nothing is waiting any more.
    expect(await t.app.services.telemetry.ingestor.replayDue(0)).toBe(0);
  });

  it('a night theft delivered late is alerted once, at the time it happened, and not again when resent', async () => {
    const db = t.database.db.kysely;
    const tractor = await provisionTractor(db);
    const submit = (readings: Reading[]) =>
      t.app.services.telemetry.ingestor.submit(
        { id: tractor.id, implementWidthM: tractor.implement_width_m, tankCapacityL: tractor.tank_capacity_l },
        readings.map((reading) => ({ reading })),
      );
    const night = istMidnight('2026-11-21') + 2 * 3600_000;
    const parked = (time: number, litres: number): Reading => ({ time, ...origin, speedKmh: 0, ignition: false, fuelLitres: litres, satellites: 10 });
    const records: Reading[] = [];
    for (let m = -60; m < 0; m += 10) records.push(parked(night + m * 60_000, 40));
    for (let s = 0; s <= 600; s += 10) records.push(parked(night + s * 1000, 40 - (20 * s) / 600));
    for (let m = 11; m <= 60; m += 5) records.push(parked(night + m * 60_000, 20));
    // The morning's first record arrives first, then the night, newest frame first.
    const morningRecord = parked(night + 4 * 3600_000, 20);
    await submit([morningRecord]);
    for (let end = records.length; end > 0; end -= 25) await submit(records.slice(Math.max(0, end - 25), end));
    const thefts = () => db.selectFrom('alerts').select(['type_id', 'time_ms']).where('tractor_id', '=', tractor.id).where('type_id', '=', 'A0100').execute();
    expect(await thefts()).toEqual([]);

    await t.app.services.telemetry.ingestor.replayDue(0);
    const [theft, ...more] = await thefts();
    expect(more).toEqual([]);
    expect(Number(theft?.time_ms)).toBeGreaterThan(night);
    expect(Number(theft?.time_ms)).toBeLessThan(night + 15 * 60_000);

    // The device did not get its acknowledgements and sends it all again; then more late records of that night.
    for (let end = records.length; end > 0; end -= 25) await submit(records.slice(Math.max(0, end - 25), end));
    await submit([parked(night + 90 * 60_000, 20)]);
    await t.app.services.telemetry.ingestor.replayDue(0);
    expect(await thefts()).toHaveLength(1);
  });
});
