import { type Kysely, type Migration, sql } from 'kysely';
import { DEFAULT_PARTITION, ensureMonthPartition, monthIndex } from '../../modules/telemetry/partitions';
import type { Engine } from '../types';

/** Months of existing records further back than this go to the default partition rather than one each. */
const OLDEST_MONTHS = 240;

/**
 * Issue 16 item 2: on PostgreSQL `telemetry` becomes a table partitioned by RANGE (device_time), one
 * partition per UTC month (modules/telemetry/partitions.ts keeps them ahead and applies retention).
 * In this migration's transaction: the old table is renamed, the partitioned one created with the same
 * columns, primary key (tractor_id, device_time) and a BRIN index on device_time, a partition made for
 * every month the records cover (back 20 years) and for this month and the next two, a default partition
 * for anything else, the records copied, the old table dropped. SQLite has nothing to partition.
 */
export function telemetryPartitionsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`ALTER TABLE telemetry RENAME TO telemetry_unpartitioned`.execute(db);
      await sql`ALTER TABLE telemetry_unpartitioned RENAME CONSTRAINT telemetry_pk TO telemetry_unpartitioned_pk`.execute(db);
      await sql`CREATE TABLE telemetry (LIKE telemetry_unpartitioned INCLUDING DEFAULTS) PARTITION BY RANGE (device_time)`.execute(db);
      await sql`ALTER TABLE telemetry ADD CONSTRAINT telemetry_pk PRIMARY KEY (tractor_id, device_time)`.execute(db);
      await sql`CREATE INDEX telemetry_time_brin ON telemetry USING brin (device_time)`.execute(db);
      await sql`CREATE TABLE ${sql.id(DEFAULT_PARTITION)} PARTITION OF telemetry DEFAULT`.execute(db);
      const current = monthIndex(Date.now());
      const { rows } = await sql<{ month: number }>`
        SELECT DISTINCT (extract(year FROM t) * 12 + extract(month FROM t) - 1)::int AS month
        FROM (SELECT to_timestamp(device_time / 1000.0) AT TIME ZONE 'UTC' AS t FROM telemetry_unpartitioned) AS times`.execute(db);
      const months = new Set([current, current + 1, current + 2]);
      for (const { month } of rows) if (month >= current - OLDEST_MONTHS && month <= current + 2) months.add(month);
      for (const month of [...months].sort((a, b) => a - b)) await ensureMonthPartition(db, month);
      await sql`INSERT INTO telemetry SELECT * FROM telemetry_unpartitioned`.execute(db);
      await sql`DROP TABLE telemetry_unpartitioned`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`ALTER TABLE telemetry RENAME TO telemetry_partitioned`.execute(db);
      await sql`ALTER TABLE telemetry_partitioned RENAME CONSTRAINT telemetry_pk TO telemetry_partitioned_pk`.execute(db);
      await sql`CREATE TABLE telemetry (LIKE telemetry_partitioned INCLUDING DEFAULTS)`.execute(db);
      await sql`ALTER TABLE telemetry ADD CONSTRAINT telemetry_pk PRIMARY KEY (tractor_id, device_time)`.execute(db);
      await sql`INSERT INTO telemetry SELECT * FROM telemetry_partitioned`.execute(db);
      await sql`DROP TABLE telemetry_partitioned`.execute(db);
    },
  };
}
