import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { findHaproxy, HAPROXY_MISSING, haproxyConfig, instanceEnv, startHaproxy } from '../../../scripts/cluster-lib.mjs';
import { DeviceClient } from '../src/sim/device-client';
import { dbTargets, type TestDatabase } from './support/db-targets';
import { alertTopic } from '../src/modules/alerts/delivery/push-channel';
import { browserKeys, fakePushService } from './support/alerts';
import { answers, killInstancesAfterAll, startInstance, track, until } from './support/cluster';
import { workingRecord } from './support/teltonika-frames';
import { freePort } from './support/free-port';
import { provisionTractor } from './support/tractors';

/**
 * Issue 16: two server instances on one PostgreSQL behind HAProxy, as `npm run cluster` runs them,
 * and one is killed without warning mid-stream. Real processes, real sockets, the real balancer.
 */
const postgres = dbTargets.find((t) => t.name === 'postgres');
const DEVICES = 200;
const PER_DEVICE = 100;

killInstancesAfterAll();

describe.runIf(postgres)('two instances behind HAProxy on one PostgreSQL', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.dispose());

  it('loses and duplicates nothing when one instance is killed mid-stream, and every device is back within 30 s', { timeout: 300_000 }, async () => {
    const haproxy = findHaproxy();
    if (!haproxy) throw new Error(HAPROXY_MISSING);
    if (!postgres) return;
    database = await postgres.open();
    const db = database.db.kysely;
    const tractors = [];
    for (let d = 0; d < DEVICES; d++) tractors.push(await provisionTractor(db));
    // One owner of every tractor, with a browser subscribed to a push service that counts what it is sent.
    const pushes = await fakePushService();
    onTestFinished(() => pushes.close());
    const now = Date.now();
    await db
      .insertInto('users')
      .values({
        id: 'owner-1',
        mobile_no: '9876543210',
        name: 'Owner',
        birth_date: '1980-01-01',
        language: 'en',
        pin_hash: 'x',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.updateTable('tractors').set({ owner_user_id: 'owner-1' }).execute();
    const keys = browserKeys().json;
    await db
      .insertInto('push_subscriptions')
      .values({
        id: 'sub-1',
        user_id: 'owner-1',
        endpoint: `${pushes.base}/push/owner`,
        p256dh: keys.p256dh,
        auth: keys.auth,
        expiration_time: null,
        created_at: now,
      })
      .execute();

    const dir = mkdtempSync(path.join(tmpdir(), 'tl-cluster-'));
    const instances = [
      { httpPort: await freePort(), devicePort: await freePort() },
      { httpPort: await freePort(), devicePort: await freePort() },
    ];
    const envOf = (i: number) =>
      instanceEnv({
        databaseUrl: database?.databaseUrl ?? '',
        dataDir: path.join(dir, `i${i}`),
        ...(instances[i] as { httpPort: number; devicePort: number }),
      });
    const [first, second] = await Promise.all([startInstance(envOf(0), instances[0]?.httpPort ?? 0), startInstance(envOf(1), instances[1]?.httpPort ?? 0)]);
    const front = { httpPort: await freePort(), devicePort: await freePort() };
    track(await startHaproxy(haproxy, path.join(dir, 'haproxy.cfg'), haproxyConfig({ host: '127.0.0.1', ...front, instances }), { stdio: 'ignore' }));
    await until('HAProxy to answer', () => answers(front.httpPort), 20_000);

    const clients = tractors.map((t) => new DeviceClient({ host: '127.0.0.1', port: front.devicePort, imei: t.imei, batch: 20, retryMs: 200 }));
    // Recent enough to be pushed (older alerts are kept, not sent); the engine runs hot from the 20th
    // record to the 69th (500 s): one alert each, raised across the kill on the devices of the dead instance.
    const start = Date.now() - 30 * 60_000;
    const hot = (i: number) => (i >= 20 && i < 70 ? 110 : 85);
    clients.forEach((c, d) => c.enqueue(Array.from({ length: PER_DEVICE }, (_, i) => workingRecord(start + i * 10_000, d, hot(i)))));
    const total = DEVICES * PER_DEVICE;
    const acked = () => clients.reduce((s, c) => s + c.stats.acknowledged, 0);
    const drained = Promise.all(clients.map((c) => c.drained()));

    // leastconn spreads the devices over both instances: kill one once a third is acknowledged.
    await until('a third of the stream', () => acked() >= total / 3, 60_000);
    first?.kill('SIGKILL');
    const killedAt = Date.now();
    const connectsAtKill = clients.map((c) => c.stats.connects);
    await drained;
    const recoveredInMs = Date.now() - killedAt;
    const reconnected = clients.filter((c, i) => c.stats.connects > (connectsAtKill[i] ?? 0)).length;

    // The devices of the dead instance came back through the balancer to the live one.
    expect(reconnected).toBeGreaterThan(DEVICES / 4);
    expect(recoveredInMs).toBeLessThan(30_000);
    expect(second?.exitCode).toBeNull();
    const { rows } = await sql<{
      n: string;
      distinct_n: string;
    }>`select count(*) as n, count(distinct (tractor_id, device_time)) as distinct_n from telemetry`.execute(database.db.kysely);
    expect(Number(rows[0]?.n)).toBe(total);
    expect(rows[0]?.distinct_n).toBe(rows[0]?.n);
    // The rollups saw each record once: PTO on at 6 km/h for 99 intervals of 10 s per device.
    const pto = await database.db.kysely
      .selectFrom('usage_hourly')
      .select((eb) => eb.fn.sum<number>('pto_s').as('s'))
      .executeTakeFirstOrThrow();
    expect(Number(pto.s)).toBeCloseTo(DEVICES * (PER_DEVICE - 1) * 10, 0);
    // Alerts: one engine-temperature alert per tractor, none lost and none raised twice across the failover.
    const alerts = await db.selectFrom('alerts').select(['id', 'tractor_id']).where('type_id', '=', 'A0003').execute();
    expect(alerts).toHaveLength(DEVICES);
    expect(new Set(alerts.map((a) => a.tractor_id)).size).toBe(DEVICES);
    // Pushes: every alert delivered; an entry the dead instance had claimed is taken again after its
    // lock, so only a push sent in the instant before the kill can go twice, under the same Topic
    // (shown once): at most one round's worth.
    await until('every alert to be pushed', async () => (await db.selectFrom('alert_outbox').select('id').execute()).length === 0, 120_000);
    const topics = pushes.received.map((r) => String(r.headers.topic));
    const alertTopics = new Set(alerts.map((a) => alertTopic(a.id)));
    expect(new Set(topics)).toEqual(alertTopics);
    expect(topics.length - alertTopics.size).toBeLessThanOrEqual(32);
    // HTTP goes on through the balancer with one instance left.
    expect(await answers(front.httpPort)).toBe(true);
    for (const c of clients) c.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});
