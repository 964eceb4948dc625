import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';

/**
 * Raw telemetry by month. On PostgreSQL `telemetry` is partitioned by RANGE (device_time) into one
 * table per UTC month (`telemetry_pYYYYMM`) plus `telemetry_default` for any month without one, so no
 * insert ever fails. Partitions are created ahead (this month and the next two) on start and daily;
 * a month whose records already sit in the default partition (a device with a wild clock) gets its
 * partition by moving those records into a new table and attaching it, as PostgreSQL refuses to create
 * a partition over rows the default partition holds. Retention drops whole old months (rows in the
 * default partition older than the cut-off are deleted); the rollups are never touched.
 * SQLite has no partitions: retention deletes old raw rows in batches, to the same cut-off.
 */

export const DEFAULT_PARTITION = 'telemetry_default';
/** Months created ahead of the current one by maintenance. */
const MONTHS_AHEAD = 2;
/** pg_advisory_xact_lock key of partition maintenance (any constant all instances share). */
const LOCK_KEY = 0x7e1e_0019;
const DELETE_BATCH = 5000;

/** A UTC month as a count of months since year 0 (2025-01 is 2025 * 12). */
export const monthIndex = (ms: number): number => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
export const monthStart = (index: number): number => Date.UTC(Math.floor(index / 12), index % 12, 1);
export const partitionName = (index: number): string => `telemetry_p${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
const partitionIndex = (name: string): number | undefined => {
  const m = /^telemetry_p(\d{4})(\d{2})$/.exec(name);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : undefined;
};

/** The month partitions of `telemetry` (the default one aside), as month indexes. */
export async function monthPartitions(db: Kysely<Database> | Kysely<unknown>): Promise<number[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'telemetry'::regclass`.execute(db);
  return rows
    .map((r) => partitionIndex(r.name))
    .filter((i): i is number => i !== undefined)
    .sort((a, b) => a - b);
}

/**
 * Creates the partition of one month if it is missing; false if it was there. Run inside a
 * transaction: when the default partition holds records of that month they are moved, under a lock
 * on the default partition so none arrives between the move and the attach.
 */
export async function ensureMonthPartition(tx: Kysely<Database> | Kysely<unknown>, index: number): Promise<boolean> {
  const name = partitionName(index);
  if ((await monthPartitions(tx)).includes(index)) return false;
  const from = sql.lit(monthStart(index));
  const to = sql.lit(monthStart(index + 1));
  const table = sql.id(name);
  const fallback = sql.id(DEFAULT_PARTITION);
  await sql`LOCK TABLE ${fallback} IN ACCESS EXCLUSIVE MODE`.execute(tx);
  const stray = await sql`SELECT 1 FROM ${fallback} WHERE device_time >= ${from} AND device_time < ${to} LIMIT 1`.execute(tx);
  if (stray.rows.length === 0) {
    await sql`CREATE TABLE ${table} PARTITION OF telemetry FOR VALUES FROM (${from}) TO (${to})`.execute(tx);
    return true;
  }
  await sql`CREATE TABLE ${table} (LIKE telemetry INCLUDING DEFAULTS)`.execute(tx);
  await sql`WITH moved AS (DELETE FROM ${fallback} WHERE device_time >= ${from} AND device_time < ${to} RETURNING *)
    INSERT INTO ${table} SELECT * FROM moved`.execute(tx);
  // A CHECK matching the bounds spares the attach a scan of the new table; the primary key and the
  // BRIN index are built by the attach.
  await sql`ALTER TABLE ${table} ADD CONSTRAINT ${sql.id(`${name}_bounds`)} CHECK (device_time >= ${from} AND device_time < ${to})`.execute(tx);
  await sql`ALTER TABLE telemetry ATTACH PARTITION ${table} FOR VALUES FROM (${from}) TO (${to})`.execute(tx);
  await sql`ALTER TABLE ${table} DROP CONSTRAINT ${sql.id(`${name}_bounds`)}`.execute(tx);
  return true;
}

/** PostgreSQL: this month's and the next two months' partitions, created if missing. Returns those created. */
export async function ensureTelemetryPartitions(db: Kysely<Database>, now: number): Promise<string[]> {
  const current = monthIndex(now);
  return db.transaction().execute(async (tx) => {
    // One instance at a time; the others wait, then find the partitions there.
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(tx);
    const created: string[] = [];
    for (let i = current; i <= current + MONTHS_AHEAD; i++) if (await ensureMonthPartition(tx, i)) created.push(partitionName(i));
    return created;
  });
}

export interface RetentionResult {
  /** Raw records before this instant are gone. */
  cutoff: number;
  droppedPartitions: string[];
  deletedRows: number;
}

/**
 * Removes raw records of months more than `months` before the current one (0 keeps everything): the
 * current month and `months` whole months before it stay. Hourly usage, refuels, alerts and every
 * other rollup stay; days marked for a rebuild before the cut-off are unmarked, as a rebuild from the
 * raw records left would replace their rollups with nothing.
 */
export async function applyTelemetryRetention(db: Db, months: number, now: number): Promise<RetentionResult> {
  const cutoffIndex = monthIndex(now) - months;
  const cutoff = monthStart(cutoffIndex);
  const result: RetentionResult = { cutoff, droppedPartitions: [], deletedRows: 0 };
  if (months <= 0) return result;
  const k = db.kysely;
  if (db.engine === 'postgres') {
    result.droppedPartitions = await k.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(tx);
      const old = (await monthPartitions(tx)).filter((i) => i < cutoffIndex).map(partitionName);
      for (const name of old) await sql`DROP TABLE ${sql.id(name)}`.execute(tx);
      return old;
    });
    // Records of months without a partition (a wild device clock) sit in the default partition.
    for (;;) {
      const r = await sql`DELETE FROM ${sql.id(DEFAULT_PARTITION)} WHERE ctid IN (
        SELECT ctid FROM ${sql.id(DEFAULT_PARTITION)} WHERE device_time < ${cutoff} LIMIT ${DELETE_BATCH})`.execute(k);
      const n = Number(r.numAffectedRows ?? 0n);
      result.deletedRows += n;
      if (n < DELETE_BATCH) break;
    }
  } else {
    // Batches, so ingestion (which waits for the connection to be out of a transaction) goes on between them.
    for (;;) {
      const r = await sql`DELETE FROM telemetry WHERE rowid IN (SELECT rowid FROM telemetry WHERE device_time < ${cutoff} LIMIT ${DELETE_BATCH})`.execute(k);
      const n = Number(r.numAffectedRows ?? 0n);
      result.deletedRows += n;
      if (n < DELETE_BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await k.deleteFrom('usage_dirty_days').where('day_start', '<', cutoff).execute();
  return result;
}

/** The daily (and on start) telemetry upkeep: partitions ahead on PostgreSQL, then retention. */
export async function maintainTelemetry(db: Db, retentionMonths: number, now: number): Promise<{ created: string[]; retention: RetentionResult }> {
  const created = db.engine === 'postgres' ? await ensureTelemetryPartitions(db.kysely, now) : [];
  const retention = await applyTelemetryRetention(db, retentionMonths, now);
  return { created, retention };
}
