import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { istDate } from '@tractorlink/domain/time';
import { createDb, type Db } from '../src/db/database';
import { DEMO_FLEET } from '../src/sim/demo-fleet';
import { createPostgresDatabase } from './support/db-targets';
import { freePort } from './support/free-port';
import { spawnServer } from './support/server-process';

/**
 * Issue 20: the simulated fleet's progress lives in the database it fed. Real server processes (the
 * demo owner and fleet on, as `npm start` runs them), killed and restarted as a newcomer or a crash would.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const IMEIS = DEMO_FLEET.map((t) => t.profile.imei);

interface Server {
  child: ChildProcess;
  /** Everything it printed so far (the fleet announces itself on stdout). */
  output: () => string;
}

const running: Server[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const httpPort = await freePort();
  const child = spawnServer(
    {
      HOST: '127.0.0.1',
      PORT: String(httpPort),
      DEMO_OWNER: 'true',
      SIMULATE_FLEET: 'true',
      DEVICE_TCP_PORT: String(await freePort()),
      DEVICE_UDP_PORT: 'off',
      ...env,
    },
    ['ignore', 'pipe', 'pipe'],
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const server = { child, output: () => out };
  running.push(server);
  await until(
    'the server to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${out}`);
      return fetch(`http://127.0.0.1:${httpPort}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
  );
  return server;
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
}

async function emptyPostgres(): Promise<{ url: string; db: Db }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createPostgresDatabase(adminUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-fleet-pg-'));
  const db = createDb({ databaseUrl: database.url, dataDir });
  cleanups.push(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });
  return { url: database.url, db };
}

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-fleet-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Records per demo tractor with device time before `before`. */
async function recordsPerTractor(db: Db, before: number): Promise<Map<string, number>> {
  const rows = await db.kysely
    .selectFrom('telemetry as m')
    .innerJoin('tractors as t', 't.id', 'm.tractor_id')
    .select(['t.imei', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.imei', 'in', IMEIS)
    .where('m.device_time', '<', before)
    .groupBy('t.imei')
    .execute();
  return new Map(rows.map((r) => [r.imei, Number(r.n)]));
}

/** Whether every demo tractor's progress has reached today (its history is in; it is live). */
async function caughtUp(db: Db): Promise<boolean> {
  const today = istDate(Date.now());
  const rows = await db.kysely
    .selectFrom('sim_progress')
    .select(['imei', 'day'])
    .where('imei', 'in', IMEIS)
    .execute()
    .catch(() => []);
  return rows.length === IMEIS.length && rows.every((r) => r.day === today);
}

describe.runIf(adminUrl)('the demo fleet keeps its progress in its database', () => {
  it('back-fills an empty PostgreSQL after a start on SQLite with the same DATA_DIR, and follows live', { timeout: 240_000 }, async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ DATA_DIR: dataDir, SIMULATE_FLEET_DAYS: '2' });
    const sqlite = createDb({ databaseUrl: undefined, dataDir });
    cleanups.push(() => sqlite.close());
    await until('the SQLite history', async () => first.output().includes('caught up') && caughtUp(sqlite), 120_000);
    await stop(first, 'SIGTERM');
    const stoppedAt = Date.now();
    const onSqlite = await recordsPerTractor(sqlite, stoppedAt);
    expect(onSqlite.size).toBe(3);

    const postgres = await emptyPostgres();
    const second = await startServer({ DATA_DIR: dataDir, DATABASE_URL: postgres.url, SIMULATE_FLEET_DAYS: '2' });
    const started = Date.now();
    // Within a minute the new database holds the same two days for the three tractors.
    await until('the PostgreSQL history', async () => second.output().includes('caught up') && caughtUp(postgres.db), 60_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    const onPostgres = await recordsPerTractor(postgres.db, stoppedAt);
    for (const imei of IMEIS) expect(Math.abs((onPostgres.get(imei) ?? 0) - (onSqlite.get(imei) ?? 0)) / (onSqlite.get(imei) ?? 1)).toBeLessThanOrEqual(0.01);
    // Live: the fleet went on past where the first run stopped, on the new database.
    const newest = await postgres.db.kysely
      .selectFrom('sim_progress')
      .select((eb) => eb.fn.min('last_sent').as('t'))
      .executeTakeFirstOrThrow();
    const sqliteNewest = await sqlite.kysely
      .selectFrom('sim_progress')
      .select((eb) => eb.fn.min('last_sent').as('t'))
      .executeTakeFirstOrThrow();
    expect(Number(newest.t)).toBeGreaterThanOrEqual(Number(sqliteNewest.t));
    await stop(second, 'SIGTERM');
  });

  it('two instances on one database: one drives the fleet; when it is killed the other takes over within a minute; nothing is stored twice', {
    timeout: 240_000,
  }, async () => {
    const postgres = await emptyPostgres();
    const env = { DATABASE_URL: postgres.url, SIMULATE_FLEET_DAYS: '1' };
    const a = await startServer({ ...env, DATA_DIR: tempDataDir() });
    await until('the first instance to drive', async () => a.output().includes('Simulated fleet'), 30_000);
    const b = await startServer({ ...env, DATA_DIR: tempDataDir() });
    await until('history to arrive', async () => (await recordsPerTractor(postgres.db, Date.now())).size === 3, 60_000);
    // Both are up and share the database; only the lease holder drives.
    await new Promise((r) => setTimeout(r, 1000));
    expect(b.output()).not.toContain('Simulated fleet');

    await stop(a, 'SIGKILL');
    const killedAt = Date.now();
    const storedByFirst = await postgres.db.kysely
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await until('the second instance to take over', async () => b.output().includes('Simulated fleet'), 60_000);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    await until('the fleet to be live again', async () => b.output().includes('caught up') && caughtUp(postgres.db), 90_000);

    // No record twice: the key is (tractor, device time), and every device's history runs on from where it stopped.
    const { rows } = await sql<{
      n: string;
      distinct_n: string;
    }>`select count(*) as n, count(distinct (tractor_id, device_time)) as distinct_n from telemetry`.execute(postgres.db.kysely);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
    expect(rows[0]?.n).toBe(rows[0]?.distinct_n);
    // The second driver resumed from the first one's acknowledged progress: it sent what was missing
    // and at most a chunk per tractor again (acknowledged after the last save), not the history anew.
    const sentBySecond = Number(/caught up \((\d+) records?/.exec(b.output())?.[1]);
    const missing = Number(rows[0]?.n) - Number(storedByFirst.n);
    expect(sentBySecond).toBeGreaterThanOrEqual(missing);
    expect(sentBySecond - missing).toBeLessThanOrEqual(3 * 250);
    await stop(b, 'SIGTERM');
  });
});
