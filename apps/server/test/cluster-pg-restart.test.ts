import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findHaproxy,
  HAPROXY_MISSING,
  haproxyConfig,
  instanceEnv,
  postgresBin,
  startHaproxy,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/cluster-lib.mjs';
import { DeviceClient } from '../src/sim/device-client';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { answers, killInstancesAfterAll, startInstance, track, until } from './support/cluster';
import { workingRecord } from './support/teltonika-frames';
import { freePort } from './support/free-port';
import { provisionTractor } from './support/tractors';

/**
 * Issue 16: two server instances behind HAProxy on one PostgreSQL, and PostgreSQL restarted
 * mid-stream (pg_ctl restart -m fast). A PostgreSQL cluster of the test's own, never the shared
 * TEST_DATABASE_URL server: ingestion pauses, the devices resend what was not acknowledged, and
 * nothing is lost or stored twice.
 */
// Its own cluster needs the PostgreSQL binaries (and root to run them as the postgres user, as CI does).
const canStartPostgres = postgresBin() !== undefined && process.getuid?.() === 0;
const DEVICES = 100;
const PER_DEVICE = 100;

killInstancesAfterAll();

describe.runIf(canStartPostgres)('two instances behind HAProxy while PostgreSQL restarts', () => {
  let server: ThrowawayPostgres | undefined;
  let db: Db | undefined;
  afterAll(async () => {
    await db?.close();
    server?.stop();
  });

  it('loses and duplicates nothing when PostgreSQL restarts mid-stream: ingestion pauses and the devices resend', { timeout: 180_000 }, async () => {
    const haproxy = findHaproxy();
    if (!haproxy) throw new Error(HAPROXY_MISSING);
    server = startThrowawayPostgres({ port: await freePort() });
    const databaseUrl = server.url;
    db = createDb({ databaseUrl, dataDir: '' });
    await migrateToLatest(db);
    const tractors = [];
    for (let d = 0; d < DEVICES; d++) tractors.push(await provisionTractor(db.kysely));

    const dir = mkdtempSync(path.join(tmpdir(), 'tl-cluster-'));
    const instances = [
      { httpPort: await freePort(), devicePort: await freePort() },
      { httpPort: await freePort(), devicePort: await freePort() },
    ];
    const envOf = (i: number) => instanceEnv({ databaseUrl, dataDir: path.join(dir, `i${i}`), ...(instances[i] as { httpPort: number; devicePort: number }) });
    const [first, second] = await Promise.all([startInstance(envOf(0), instances[0]?.httpPort ?? 0), startInstance(envOf(1), instances[1]?.httpPort ?? 0)]);
    const front = { httpPort: await freePort(), devicePort: await freePort() };
    track(await startHaproxy(haproxy, path.join(dir, 'haproxy.cfg'), haproxyConfig({ host: '127.0.0.1', ...front, instances }), { stdio: 'ignore' }));
    await until('HAProxy to answer', () => answers(front.httpPort), 20_000);

    const clients = tractors.map((t) => new DeviceClient({ host: '127.0.0.1', port: front.devicePort, imei: t.imei, batch: 10, retryMs: 200 }));
    const start = Date.UTC(2026, 10, 20, 4, 0);
    clients.forEach((c, d) => c.enqueue(Array.from({ length: PER_DEVICE }, (_, i) => workingRecord(start + i * 10_000, d))));
    const total = DEVICES * PER_DEVICE;
    const acked = () => clients.reduce((s, c) => s + c.stats.acknowledged, 0);
    const drained = Promise.all(clients.map((c) => c.drained()));

    await until('a third of the stream', () => acked() >= total / 3, 60_000);
    const ackedBefore = acked();
    server.restart();
    await drained;

    // Both instances lived through it, and the devices went on after the pause.
    expect(first?.exitCode).toBeNull();
    expect(second?.exitCode).toBeNull();
    expect(acked()).toBeGreaterThan(ackedBefore);
    const { rows } = await sql<{
      n: string;
      distinct_n: string;
    }>`select count(*) as n, count(distinct (tractor_id, device_time)) as distinct_n from telemetry`.execute(db.kysely);
    expect(Number(rows[0]?.n)).toBe(total);
    expect(rows[0]?.distinct_n).toBe(rows[0]?.n);
    // Each record processed once: PTO on at 6 km/h for 99 intervals of 10 s per device.
    const pto = await db.kysely
      .selectFrom('usage_hourly')
      .select((eb) => eb.fn.sum<number>('pto_s').as('s'))
      .executeTakeFirstOrThrow();
    expect(Number(pto.s)).toBeCloseTo(DEVICES * (PER_DEVICE - 1) * 10, 0);
    for (const c of clients) c.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});
