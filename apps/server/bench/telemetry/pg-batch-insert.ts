// Issue 16 item 2: how the PostgreSQL store should insert a batch of raw records into the partitioned
// telemetry table. The same rows, batch size and ON CONFLICT DO NOTHING RETURNING (the store needs the
// new keys), one transaction per batch, as (a) one INSERT … SELECT FROM unnest(<one array per column>)
// and (b) one multi-row INSERT … VALUES (…), (…). Each into a fresh database; prints rows per second.
//   DATABASE_URL=postgres://postgres@127.0.0.1:54330/postgres node --import tsx apps/server/bench/telemetry/pg-batch-insert.ts [rows] [batch] [rounds]
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/types';
import { TELEMETRY_COLUMNS, type TelemetryRow, telemetryValues } from '../../src/modules/telemetry/rows';
import { postgresTelemetryStore } from '../../src/modules/telemetry/store';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL admin connection');
const total = Number(process.argv[2] ?? 100_000);
const batch = Number(process.argv[3] ?? 1000);
const rounds = Number(process.argv[4] ?? 3);

const start = Date.now() - total * 1000;
const rows: TelemetryRow[] = Array.from({ length: total }, (_, i) => ({
  tractorId: `t${i % 1000}`,
  reading: {
    time: start + Math.floor(i / 1000) * 10_000,
    lat: 18.5 + i * 1e-6,
    lon: 73.8,
    speedKmh: 6.5,
    heading: 90,
    satellites: 12,
    ignition: true,
    pto: true,
    rpm: 1600,
  },
  receivedAt: Date.now(),
  fuelL: 40,
}));
const nothing = { hours: [], states: [], dirtyDays: [], alerts: [], refuels: [] };

/** The multi-row VALUES form of the same statement (the alternative to the store's unnest). */
async function insertValues(db: Kysely<Database>, chunk: TelemetryRow[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const values = sql.join(chunk.map((r) => sql`(${sql.join(telemetryValues(r))})`));
    const inserted = await sql`INSERT INTO telemetry (${sql.raw(TELEMETRY_COLUMNS.join(', '))}) VALUES ${values}
      ON CONFLICT DO NOTHING RETURNING tractor_id, device_time`.execute(tx);
    return inserted.rows.length;
  });
}

async function measure(kind: 'unnest' | 'values'): Promise<number> {
  const name = `tl_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: tmpdir() });
  try {
    await migrateToLatest(db);
    const store = postgresTelemetryStore(db.kysely);
    const t0 = performance.now();
    for (let i = 0; i < rows.length; i += batch) {
      const chunk = rows.slice(i, i + batch);
      if (kind === 'unnest') await store.commit(chunk, () => nothing);
      else await insertValues(db.kysely, chunk);
    }
    return rows.length / ((performance.now() - t0) / 1000);
  } finally {
    await db.close();
    // pool.end() resolves before its clients are gone: wait for them, or the FORCE drop kills one mid-goodbye.
    for (let i = 0; i < 100; i++) {
      const { rows: left } = await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (Number(left[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const figures: Record<'unnest' | 'values', number[]> = { unnest: [], values: [] };
for (let r = 0; r < rounds; r++) for (const kind of ['unnest', 'values'] as const) figures[kind].push(Math.round(await measure(kind)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ rows: total, batch, rounds, rowsPerSecond: figures, median: { unnest: median(figures.unnest), values: median(figures.values) } }));
