import { emptyTotals } from '@tractorlink/domain/usage';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest, migrationsFor } from '../src/db/migrate';
import type { Database } from '../src/db/types';
import {
  applyTelemetryRetention,
  ensureMonthPartition,
  ensureTelemetryPartitions,
  maintainTelemetry,
  monthIndex,
  monthPartitions,
  monthStart,
  partitionName,
} from '../src/modules/telemetry/partitions';
import type { Derived, TelemetryRow } from '../src/modules/telemetry/rows';
import { usageRow } from '../src/modules/telemetry/usage-row';
import { postgresTelemetryStore, sqliteTelemetryStore, type TelemetryStore } from '../src/modules/telemetry/store';
import { dbTargets, type TestDatabase } from './support/db-targets';

const DAY = 24 * 3600_000;
// Each test's own "now", years apart and ahead of the real clock (the partitions stay between tests of a file).
const NOW = Date.UTC(2030, 5, 15, 12);
const CURRENT = monthIndex(NOW);
const NOW_CONCURRENT = Date.UTC(2032, 5, 15, 12);
const NOW_DEFAULT = Date.UTC(2034, 5, 15, 12);
const CURRENT_DEFAULT = monthIndex(NOW_DEFAULT);
const NOW_RETENTION = Date.UTC(2036, 5, 15, 12);
const CURRENT_RETENTION = monthIndex(NOW_RETENTION);
const row = (tractorId: string, time: number): TelemetryRow => ({ tractorId, reading: { time, ignition: true, speedKmh: 3 }, receivedAt: time });
const nothing: Derived = { hours: [], states: [], dirtyDays: [], alerts: [], refuels: [] };

const storeOf = (db: Db): TelemetryStore => (db.engine === 'postgres' ? postgresTelemetryStore(db.kysely) : sqliteTelemetryStore(db.sqlite as never));
/** Commits rows through the ingestion store; the rows it found new. */
async function commit(store: TelemetryStore, rows: TelemetryRow[]): Promise<number> {
  let fresh = 0;
  await store.commit(rows, (f) => {
    fresh = f.length;
    return nothing;
  });
  return fresh;
}
const count = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom('telemetry')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** PostgreSQL: the partition each record lives in, by device time. */
async function partitionsOfRows(db: Kysely<Database>): Promise<Map<number, string>> {
  const { rows } = await sql<{ device_time: number; part: string }>`SELECT device_time, tableoid::regclass::text AS part FROM telemetry`.execute(db);
  return new Map(rows.map((r) => [Number(r.device_time), r.part]));
}

describe.each(dbTargets)('telemetry partitions and retention on $name', (target) => {
  let database: TestDatabase;
  let db: Db;
  const pg = target.name === 'postgres';
  beforeAll(async () => {
    database = await target.open();
    db = database.db;
  });
  afterAll(async () => database.dispose());
  beforeEach(async () => database.reset());

  it('keeps existing records through the migration, and its primary key still refuses a resend', async () => {
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(db) } });
    const down = await migrator.migrateTo('018-booking-payments');
    expect(down.error).toBeUndefined();
    const now = Date.now();
    const times = [now - 62 * DAY, now - 31 * DAY, now - 1000, Date.UTC(1995, 2, 3), Date.UTC(2099, 0, 1)];
    const rows = times.flatMap((t) => [row('a', t), row('b', t)]);
    await commit(storeOf(db), rows);
    expect(await count(db.kysely)).toBe(rows.length);

    await migrateToLatest(db);
    expect(await count(db.kysely)).toBe(rows.length);
    const store = storeOf(db);
    expect(await commit(store, rows)).toBe(0);
    expect(await commit(store, [row('a', now - 500)])).toBe(1);
    if (pg) {
      const parts = await partitionsOfRows(db.kysely);
      for (const t of times.slice(0, 3)) expect(parts.get(t)).toBe(partitionName(monthIndex(t)));
      // Further back than 20 years or ahead of the next two months: the default partition.
      expect(parts.get(Date.UTC(1995, 2, 3))).toBe('telemetry_default');
      expect(parts.get(Date.UTC(2099, 0, 1))).toBe('telemetry_default');
      const months = await monthPartitions(db.kysely);
      for (let i = monthIndex(now); i <= monthIndex(now) + 2; i++) expect(months).toContain(i);
      const { rows: indexes } = await sql<{
        def: string;
      }>`SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'telemetry'::regclass`.execute(db.kysely);
      expect(indexes.map((i) => i.def).join('\n')).toMatch(/USING brin \(device_time\)/);
      expect(indexes.map((i) => i.def).join('\n')).toMatch(/UNIQUE INDEX telemetry_pk .* \(tractor_id, device_time\)/);
    }
  });

  it('puts records of two months in their own partitions', async () => {
    await ensureTelemetryPartitionsIfPg(db, NOW);
    const may = monthStart(CURRENT - 1) + 5 * DAY;
    const june = NOW;
    await ensureMonthIfPg(db, CURRENT - 1);
    expect(await commit(storeOf(db), [row('a', may), row('a', june), row('b', june)])).toBe(3);
    expect(await commit(storeOf(db), [row('a', may), row('a', june)])).toBe(0);
    expect(await count(db.kysely)).toBe(3);
    if (pg) {
      const parts = await partitionsOfRows(db.kysely);
      expect(parts.get(may)).toBe('telemetry_p203005');
      expect(parts.get(june)).toBe('telemetry_p203006');
      const { rows } = await sql<{ child: string }>`SELECT inhrelid::regclass::text AS child FROM pg_inherits WHERE inhparent = 'telemetry'::regclass`.execute(
        db.kysely,
      );
      expect(rows.map((r) => r.child)).toEqual(expect.arrayContaining(['telemetry_p203005', 'telemetry_p203006', 'telemetry_default']));
    }
  });

  if (pg)
    it('creates the coming months once, from two connections at once, and again is a no-op', async () => {
      const other = createDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        const [a, b] = await Promise.all([ensureTelemetryPartitions(db.kysely, NOW_CONCURRENT), ensureTelemetryPartitions(other.kysely, NOW_CONCURRENT)]);
        expect([...a, ...b].sort()).toEqual(['telemetry_p203206', 'telemetry_p203207', 'telemetry_p203208']);
        expect(await ensureTelemetryPartitions(db.kysely, NOW_CONCURRENT)).toEqual([]);
        expect(await ensureTelemetryPartitions(other.kysely, NOW_CONCURRENT + DAY)).toEqual([]);
        const months = await monthPartitions(db.kysely);
        for (let i = monthIndex(NOW_CONCURRENT); i <= monthIndex(NOW_CONCURRENT) + 2; i++) expect(months).toContain(i);
      } finally {
        await other.close();
      }
    });

  it('stores records far in the past or future (the default partition) and keeps them through maintenance', async () => {
    await maintainTelemetry(db, 0, NOW_DEFAULT);
    const past = Date.UTC(1990, 0, 1);
    const later = monthStart(CURRENT_DEFAULT + 5) + 3 * DAY; // beyond the months created ahead
    expect(await commit(storeOf(db), [row('a', past), row('a', later), row('a', NOW_DEFAULT)])).toBe(3);
    if (pg) {
      const parts = await partitionsOfRows(db.kysely);
      expect(parts.get(past)).toBe('telemetry_default');
      expect(parts.get(later)).toBe('telemetry_default');
    }
    await maintainTelemetry(db, 0, NOW_DEFAULT + DAY);
    expect(await count(db.kysely)).toBe(3);

    // Time passes to that month: maintenance creates its partition, moving the record out of the default one.
    const created = (await maintainTelemetry(db, 0, later)).created;
    expect(await count(db.kysely)).toBe(3);
    expect(await commit(storeOf(db), [row('a', later)])).toBe(0);
    if (pg) {
      expect(created).toEqual([5, 6, 7].map((i) => partitionName(CURRENT_DEFAULT + i)));
      const parts = await partitionsOfRows(db.kysely);
      expect(parts.get(later)).toBe(partitionName(CURRENT_DEFAULT + 5));
      expect(parts.get(past)).toBe('telemetry_default');
      // The moved-into partition is a real one: it has the primary key and takes new records.
      expect(await commit(storeOf(db), [row('b', later)])).toBe(1);
      expect(await count(db.kysely)).toBe(4);
    }
  });

  it('drops months older than the retention and keeps the rollups', async () => {
    for (let i = CURRENT_RETENTION - 3; i <= CURRENT_RETENTION; i++) await ensureMonthIfPg(db, i);
    const times = [CURRENT_RETENTION - 3, CURRENT_RETENTION - 2, CURRENT_RETENTION - 1, CURRENT_RETENTION].map((i) => monthStart(i) + 2 * DAY);
    const ancient = Date.UTC(1990, 0, 1);
    expect(await commit(storeOf(db), [...times.map((t) => row('a', t)), row('a', ancient)])).toBe(5);
    await db.kysely
      .insertInto('usage_hourly')
      .values([ancient, ...times].map((t) => usageRow('a', t, { ...emptyTotals(), engineS: 3600 })))
      .execute();
    await db.kysely
      .insertInto('refuels')
      .values({ tractor_id: 'a', start_ms: times[0] as number, litres: 20 })
      .execute();
    await db.kysely
      .insertInto('usage_dirty_days')
      .values({ tractor_id: 'a', day_start: times[0] as number })
      .execute();

    expect((await applyTelemetryRetention(db, 0, NOW_RETENTION)).deletedRows).toBe(0);
    expect(await count(db.kysely)).toBe(5);

    const before = pg ? await monthPartitions(db.kysely) : [];
    const result = await applyTelemetryRetention(db, 1, NOW_RETENTION);
    expect(result.cutoff).toBe(monthStart(CURRENT_RETENTION - 1));
    const left = await db.kysely.selectFrom('telemetry').select('device_time').orderBy('device_time').execute();
    expect(left.map((r) => Number(r.device_time))).toEqual(times.slice(2));
    if (pg) {
      // Every month before the cut-off (other tests' included), the two holding records among them.
      expect(result.droppedPartitions).toEqual(before.filter((i) => i < CURRENT_RETENTION - 1).map(partitionName));
      expect(result.droppedPartitions).toEqual(expect.arrayContaining([partitionName(CURRENT_RETENTION - 3), partitionName(CURRENT_RETENTION - 2)]));
      expect(result.deletedRows).toBe(1); // the 1990 record, from the default partition
      expect(await monthPartitions(db.kysely)).not.toContain(CURRENT_RETENTION - 2);
    } else {
      expect(result.deletedRows).toBe(3);
    }
    expect(await db.kysely.selectFrom('usage_hourly').selectAll().execute()).toHaveLength(5);
    expect(await db.kysely.selectFrom('refuels').selectAll().execute()).toHaveLength(1);
    expect(await db.kysely.selectFrom('usage_dirty_days').selectAll().execute()).toHaveLength(0);
    // Again: nothing more to do.
    expect(await applyTelemetryRetention(db, 1, NOW_RETENTION)).toMatchObject({ droppedPartitions: [], deletedRows: 0 });
  });
});

async function ensureTelemetryPartitionsIfPg(db: Db, now: number): Promise<void> {
  if (db.engine === 'postgres') await ensureTelemetryPartitions(db.kysely, now);
}
/** PostgreSQL: one month's partition (a month behind the ones maintenance creates ahead). */
async function ensureMonthIfPg(db: Db, index: number): Promise<void> {
  if (db.engine !== 'postgres') return;
  await db.kysely.transaction().execute((tx) => ensureMonthPartition(tx, index));
}
