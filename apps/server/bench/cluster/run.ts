// `npm run bench -- cluster` (run by bench/cluster.mjs through tsx, with the open-file limit raised):
// records/s with ACK after commit for 1 instance on SQLite, 1 on PostgreSQL, 2 on PostgreSQL behind
// HAProxy, each beside a raw insert of the same number of rows on the same database engine in this run;
// then the faults: one instance SIGKILLed mid-stream, and PostgreSQL restarted mid-stream. Simulated
// Teltonika devices over loopback TCP (DeviceClient), as many as the open-file limit allows up to
// 10,000. Prints one JSON object.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FMB_DEFAULT_IO } from '@tractorlink/domain/telemetry';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import { sql } from 'kysely';
import {
  fileLimit,
  findHaproxy,
  HAPROXY_MISSING,
  haproxyConfig,
  instanceEnv,
  startHaproxy,
  startThrowawayPostgres,
  withFileLimit,
} from '../../../../scripts/cluster-lib.mjs';
import { ensureServerBuilt } from '../../../../scripts/server-build.mjs';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';
import { root } from '../../../../scripts/web-build.mjs';
import { createDb, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { AvlRecord } from '../../src/devices/teltonika/codec';
import { avlToRecord } from '../../src/devices/teltonika/to-reading';
import { MAX_BATCH_ROWS } from '../../src/modules/telemetry/ingestor';
import { SQLITE_WRITER_BATCH_ROWS } from '../../src/modules/telemetry/pipeline';
import { TELEMETRY_COLUMNS, telemetryValues } from '../../src/modules/telemetry/rows';
import { DeviceClient } from '../../src/sim/device-client';
import { systemClock } from '../../src/clock';
import { deriveKeys, randomToken } from '../../src/crypto/secrets';
import { getOrCreateSetting } from '../../src/db/app-settings';
import { SessionService } from '../../src/modules/sessions/service';
import { percentile } from '../../../../bench/lib/http-load.mjs';
import { loadInChild } from '../../../../bench/lib/load-child.mjs';

const RECORDS_EACH = Number(process.env.BENCH_CLUSTER_RECORDS ?? 40);
// Node flags for the instances (profiling), as BENCH_SERVER_ARGS gives the other benches' servers.
const serverArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
const BATCH = 10;
const limit = fileLimit(Number(process.env.BENCH_CLUSTER_FILES ?? 1_048_576));
// HAProxy holds two handles a device (client side and instance side); leave room for the rest.
const DEVICES = Math.min(Number(process.env.BENCH_CLUSTER_DEVICES ?? 10_000), Math.floor((limit - 600) / 2));
const log = (line: string) => process.stderr.write(`  [cluster] ${line}\n`);

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
    (r) => r.ok,
    () => false,
  );

const imeiOf = (d: number) => `35${String(d).padStart(13, '0')}`;

/** Provisions the bench's tractors in one go (multi-row inserts). */
async function provision(db: Db): Promise<void> {
  const now = Date.now();
  for (let from = 0; from < DEVICES; from += 500) {
    const rows = [];
    for (let d = from; d < Math.min(DEVICES, from + 500); d++) {
      const n = String(d).padStart(5, '0');
      rows.push({
        id: `bench-${n}`,
        imei: imeiOf(d),
        vin: `MBNBENCH0${n}`,
        engine_no: `SB${n}`,
        reg_no: `MH15B${n}`,
        model: 'Arjun 555 DI',
        device_model: DEFAULT_DEVICE_MODEL,
        veh_name: 'Arjun 555 DI',
        implement_width_m: 2,
        tank_capacity_l: 60,
        service_interval_h: 250,
        first_name: 'Bench',
        last_name: 'Tractor',
        mobile_no_cc: '+91',
        mobile_no: '9876543210',
        address: 'At post Pimpalgaon Baswant',
        city: 'Niphad',
        pincode: '422209',
        state: 'Maharashtra',
        country: 'India',
        expires_on: now + 365 * 86_400_000,
        is_new_tractor: 1,
        device_key: null,
        owner_user_id: null,
        claimed_at: null,
        created_at: now,
      });
    }
    await db.kysely.insertInto('tractors').values(rows).execute();
  }
}

const record = (timestamp: number, d: number, i: number): AvlRecord => ({
  timestamp,
  priority: 0,
  gps: { longitude: 73.98 + (d % 100) * 1e-3 + i * 1e-5, latitude: 20.16 + Math.floor(d / 100) * 1e-3, altitude: 560, angle: 0, satellites: 9, speed: 6 },
  eventIoId: 0,
  io: [
    { id: 239, size: 1, value: 1 },
    { id: 1, size: 1, value: 1 },
    { id: 89, size: 1, value: 60 },
  ],
});

/** A database for one phase: a copy of the provisioned template on PostgreSQL, a provisioned file on SQLite. */
interface Target {
  databaseUrl: string;
  dataDir: string;
  open(): Db;
  dispose(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tl-cluster-bench-'));
  const db = createDb({ databaseUrl: undefined, dataDir });
  await migrateToLatest(db);
  await provision(db);
  await db.close();
  return {
    databaseUrl: '',
    dataDir,
    open: () => createDb({ databaseUrl: undefined, dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A provisioned template database on the server `serverUrl`; each phase gets a copy. */
async function postgresTemplate(serverUrl: string): Promise<{ copy: (name: string) => Promise<Target>; close(): Promise<void> }> {
  const admin = createDb({ databaseUrl: serverUrl, dataDir: '' });
  const template = `tl_bench_tpl_${process.pid}`;
  await sql`drop database if exists ${sql.id(template)}`.execute(admin.kysely);
  await sql`create database ${sql.id(template)}`.execute(admin.kysely);
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const tpl = createDb({ databaseUrl: urlOf(template), dataDir: '' });
  await migrateToLatest(tpl);
  await provision(tpl);
  await tpl.close();
  const copy = async (phase: string): Promise<Target> => {
    const name = `tl_bench_${phase}_${process.pid}`;
    await sql`drop database if exists ${sql.id(name)}`.execute(admin.kysely);
    await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin.kysely);
    const dataDir = mkdtempSync(join(tmpdir(), 'tl-cluster-bench-'));
    return {
      databaseUrl: urlOf(name),
      dataDir,
      open: () => createDb({ databaseUrl: urlOf(name), dataDir }),
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
      },
    };
  };
  return {
    copy,
    async close() {
      await sql`drop database if exists ${sql.id(template)} with (force)`.execute(admin.kysely);
      await admin.close();
    },
  };
}

interface Cluster {
  devicePort: number;
  /** HTTP through HAProxy (or the one instance). */
  httpPort: number;
  instances: ChildProcess[];
  stop(): Promise<void>;
}

/** `count` server instances on `target` (the bundle, as `npm start` runs it), behind HAProxy when more than one. */
async function startCluster(target: Target, count: number): Promise<Cluster> {
  const bundle = await ensureServerBuilt();
  const ports: { httpPort: number; devicePort: number }[] = [];
  for (let i = 0; i < count; i++) ports.push({ httpPort: await freePort(), devicePort: await freePort() });
  const behind = count > 1;
  const instances: ChildProcess[] = [];
  const start = (i: number) => {
    const p = ports[i] as { httpPort: number; devicePort: number };
    const env = {
      ...process.env,
      ...(behind
        ? instanceEnv({ databaseUrl: target.databaseUrl, dataDir: join(target.dataDir, `i${i}`), ...p })
        : { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, HOST: '127.0.0.1', PORT: String(p.httpPort), DEVICE_TCP_PORT: String(p.devicePort) }),
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DEMO_OWNER: 'false',
      SMS_PROVIDER: 'local',
      PAYMENT_GATEWAY: 'local',
      SIMULATE_FLEET: 'false',
      DEVICE_UDP_PORT: 'off',
      // Every simulated device connects from 127.0.0.1 (one carrier NAT, as it were).
      DEVICE_MAX_CONNECTIONS_PER_IP: String(DEVICES * 2),
      DEVICE_MAX_CONNECTIONS: String(DEVICES * 2),
      DEVICE_MAX_RECORDS_PER_MINUTE: '1000000',
      // The home load comes from one address: the per-address API limit would answer 429.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    const [command, args] = withFileLimit(limit, process.execPath, [...SERVER_NODE_FLAGS, ...serverArgs, bundle]);
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', process.env.BENCH_CLUSTER_LOG === 'true' ? 'inherit' : 'ignore'] });
    children.add(child);
    instances.push(child);
  };
  // The first migrates (a no-op on the copy) before the others start.
  start(0);
  await until('instance 1', () => answers(ports[0]?.httpPort ?? 0), 60_000);
  for (let i = 1; i < count; i++) start(i);
  for (const p of ports) await until('an instance', () => answers(p.httpPort), 60_000);
  let haproxy: ChildProcess | undefined;
  let devicePort = ports[0]?.devicePort ?? 0;
  let httpPort = ports[0]?.httpPort ?? 0;
  if (behind) {
    const binary = findHaproxy({ install: true });
    if (!binary) throw new Error(HAPROXY_MISSING);
    const front = { httpPort: await freePort(), devicePort: await freePort() };
    haproxy = await startHaproxy(
      binary,
      join(target.dataDir, 'haproxy.cfg'),
      haproxyConfig({ host: '127.0.0.1', ...front, instances: ports, maxconn: DEVICES + 200 }),
      {
        stdio: 'ignore',
        fileLimit: limit,
      },
    );
    children.add(haproxy);
    await until('HAProxy', () => answers(front.httpPort), 20_000);
    devicePort = front.devicePort;
    httpPort = front.httpPort;
  }
  return {
    devicePort,
    httpPort,
    instances,
    async stop() {
      for (const c of [...instances, ...(haproxy ? [haproxy] : [])]) {
        if (c.exitCode === null && c.signalCode === null) {
          const exited = new Promise((r) => c.once('exit', r));
          c.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
          c.kill('SIGKILL');
        }
        children.delete(c);
      }
    },
  };
}

interface Stream {
  clients: DeviceClient[];
  total: number;
  acked(): number;
  drained: Promise<void>;
  /** Seconds from the first connection until every device was accepted. */
  connectS: number;
}

/**
 * Every device connected and accepted, its records already encoded into frames (as a device holds
 * them), then all of them sending at once: the stream times records, not handshakes (connectS says
 * how long those took) nor this process's encoding.
 */
async function stream(port: number, startTime: number): Promise<Stream> {
  const clients = Array.from(
    { length: DEVICES },
    (_, d) => new DeviceClient({ host: '127.0.0.1', port, imei: imeiOf(d), batch: BATCH, retryMs: 200, ackTimeoutMs: 20_000 }),
  );
  clients.forEach((c, d) => {
    c.store(Array.from({ length: RECORDS_EACH }, (_, i) => record(startTime + i * 10_000, d, i)));
    c.prepare();
  });
  const connecting = performance.now();
  await Promise.all(clients.map((c) => c.open()));
  const connectS = Number(((performance.now() - connecting) / 1000).toFixed(2));
  for (const c of clients) c.send();
  return {
    clients,
    total: DEVICES * RECORDS_EACH,
    acked: () => clients.reduce((s, c) => s + c.stats.acknowledged, 0),
    drained: Promise.all(clients.map((c) => c.drained())).then(() => undefined),
    connectS,
  };
}

/** Rows stored and rows distinct, and the PTO seconds of the rollups against those of each record counted once. */
async function counts(target: Target) {
  const db = target.open();
  try {
    const row = await sql<{
      n: number;
      distinct_n: number;
    }>`select count(*) as n, count(distinct tractor_id || ':' || device_time) as distinct_n from telemetry`.execute(db.kysely);
    const pto = await db.kysely
      .selectFrom('usage_hourly')
      .select((eb) => eb.fn.sum<number>('pto_s').as('s'))
      .executeTakeFirstOrThrow();
    const stored = Number(row.rows[0]?.n);
    const distinct = Number(row.rows[0]?.distinct_n);
    const expectedPto = DEVICES * (RECORDS_EACH - 1) * 10;
    return { stored, distinct, ptoS: Math.round(Number(pto.s)), expectedPtoS: expectedPto };
  } finally {
    await db.close();
  }
}

/** An owner of the first 100 tractors, signed in: the home screens' paths and an access token. */
async function homeOwner(target: Target): Promise<{ paths: string[]; token: string }> {
  const db = target.open();
  try {
    const now = Date.now();
    await db.kysely
      .insertInto('users')
      .values({
        id: 'bench-owner',
        mobile_no: '9123400000',
        name: 'Bench Owner',
        birth_date: '1980-01-01',
        language: 'en',
        pin_hash: 'x',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ids = Array.from({ length: Math.min(100, DEVICES) }, (_, d) => `bench-${String(d).padStart(5, '0')}`);
    await db.kysely.updateTable('tractors').set({ owner_user_id: 'bench-owner' }).where('id', 'in', ids).execute();
    const vins = await db.kysely.selectFrom('tractors').select('vin').where('owner_user_id', '=', 'bench-owner').execute();
    // A session as a login makes one, signed with the instances' own key.
    const secret = await getOrCreateSetting(db.kysely, 'jwt_secret', () => randomToken(32));
    const sessions = new SessionService({ db: db.kysely, clock: systemClock, accessKey: deriveKeys(secret).access });
    const { accessToken } = await sessions.start(db.kysely, 'bench-owner', true);
    return { paths: vins.map((v) => `/api/v1/tractorhomepage/${v.vin}`), token: accessToken };
  } finally {
    await db.close();
  }
}

const latency = (samples: { ms: number }[]) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { requests: sorted.length, p50: Number(percentile(sorted, 50).toFixed(1)), p99: Number(percentile(sorted, 99).toFixed(1)) };
};

/**
 * Records/s with ACK after commit: from the devices' first frames to the last acknowledgement. With
 * `homeRate`, owners' home screens are asked for at that rate through the same front door for
 * 4 s before the stream (the baseline) and throughout it.
 */
async function throughput(target: Target, instances: number, homeRate?: number) {
  const cluster = await startCluster(target, instances);
  try {
    const url = `http://127.0.0.1:${cluster.httpPort}`;
    const home = homeRate ? { rate: homeRate, ...(await homeOwner(target)) } : undefined;
    // The load runs in a process of its own: this one's event loop drives the devices.
    let idle: { samples: { ms: number }[]; errors: number } | undefined;
    if (home) {
      // A second of the load unmeasured first: the first requests compile the route's code.
      const warmUp = loadInChild(url, home.paths, home.token, home.rate);
      await new Promise((r) => setTimeout(r, 1000));
      await warmUp.stop();
      const idleLoad = loadInChild(url, home.paths, home.token, home.rate);
      await new Promise((r) => setTimeout(r, 4000));
      idle = await idleLoad.stop();
    }
    const s = await stream(cluster.devicePort, Date.now() - RECORDS_EACH * 10_000 - 60_000);
    const t0 = performance.now();
    const during = home && loadInChild(url, home.paths, home.token, home.rate);
    await s.drained;
    const seconds = (performance.now() - t0) / 1000;
    const duringLoad = await during?.stop();
    for (const c of s.clients) c.stop();
    const c = await counts(target);
    return {
      devices: DEVICES,
      records: s.total,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(s.total / seconds),
      connectS: s.connectS,
      lost: s.total - c.stored,
      ...(idle && duringLoad
        ? { home: { rate: homeRate, idle: latency(idle.samples), whileIngesting: latency(duringLoad.samples), errors: idle.errors + duringLoad.errors } }
        : {}),
    };
  } finally {
    await cluster.stop();
  }
}

/**
 * The raw-insert baseline: the rows the devices send (decoded as the server decodes them), in the
 * order the writer gets them (a frame of BATCH records from each device in turn), straight into the
 * telemetry table in transactions of the writer's size on that engine, the way each engine's store
 * writes them (SQLite prepared statements; PostgreSQL one INSERT … SELECT FROM unnest(…)), same
 * durability; no TCP, no processing, no rollups.
 */
async function rawInsert(target: Target) {
  const startTime = Date.now() - RECORDS_EACH * 10_000 - 60_000;
  const rows: (string | number | null)[][] = [];
  for (let from = 0; from < RECORDS_EACH; from += BATCH)
    for (let d = 0; d < DEVICES; d++)
      for (let i = from; i < Math.min(from + BATCH, RECORDS_EACH); i++) {
        const { reading, attributes } = avlToRecord(record(startTime + i * 10_000, d, i), FMB_DEFAULT_IO);
        rows.push(telemetryValues({ tractorId: `bench-${String(d).padStart(5, '0')}`, reading, receivedAt: Date.now(), attributes, fuelL: undefined }));
      }
  const db = target.open();
  const batch = db.sqlite ? SQLITE_WRITER_BATCH_ROWS : MAX_BATCH_ROWS;
  try {
    let t0: number;
    if (db.sqlite) {
      const insert = db.sqlite.prepare(
        `INSERT INTO telemetry (${TELEMETRY_COLUMNS.join(', ')}) VALUES (${TELEMETRY_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
      );
      const write = db.sqlite.transaction((chunk: (string | number | null)[][]) => {
        for (const r of chunk) insert.run(r);
      });
      t0 = performance.now();
      for (let i = 0; i < rows.length; i += batch) write(rows.slice(i, i + batch));
    } else {
      // The columns' own types, so the arrays cast as the table has them.
      const types = await sql<{
        column_name: string;
        data_type: string;
      }>`select column_name, data_type from information_schema.columns where table_name = 'telemetry'`.execute(db.kysely);
      const typeOf = new Map(types.rows.map((r) => [r.column_name, r.data_type]));
      t0 = performance.now();
      for (let i = 0; i < rows.length; i += batch) {
        const chunk = rows.slice(i, i + batch);
        const arrays = sql.join(TELEMETRY_COLUMNS.map((c, k) => sql`${chunk.map((r) => r[k] ?? null)}::${sql.raw(typeOf.get(c) ?? 'text')}[]`));
        await sql`INSERT INTO telemetry (${sql.raw(TELEMETRY_COLUMNS.join(', '))}) SELECT * FROM unnest(${arrays}) ON CONFLICT DO NOTHING`.execute(db.kysely);
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    return { rows: rows.length, seconds: Number(seconds.toFixed(3)), rowsPerSecond: Math.round(rows.length / seconds), batch };
  } finally {
    await db.close();
  }
}

/** Two instances behind HAProxy; `fault` hits once a third of the stream is acknowledged. */
async function withFault(target: Target, fault: (cluster: Cluster) => void) {
  const cluster = await startCluster(target, 2);
  try {
    const s = await stream(cluster.devicePort, Date.now() - RECORDS_EACH * 10_000 - 60_000);
    await until('a third of the stream', () => s.acked() >= s.total / 3, 120_000);
    const connectsAtFault = s.clients.map((c) => c.stats.connects);
    const ackedAtFault = s.acked();
    const faultAt = performance.now();
    fault(cluster);
    const afterFault = performance.now();
    // Until acknowledgements resume: the pause the devices see.
    let resumedAfterS: number | undefined;
    const watch = setInterval(() => {
      if (resumedAfterS === undefined && s.acked() > ackedAtFault + BATCH) resumedAfterS = (performance.now() - faultAt) / 1000;
    }, 20);
    await Promise.race([
      s.drained,
      new Promise((_, reject) =>
        setTimeout(
          () =>
            reject(
              new Error(
                `not drained within 120 s of the fault: ${s.acked()} of ${s.total} acknowledged; instances exited ${cluster.instances.map((c) => c.exitCode ?? c.signalCode).join(', ')}`,
              ),
            ),
          120_000,
        ),
      ),
    ]);
    clearInterval(watch);
    const backS = (performance.now() - faultAt) / 1000;
    for (const c of s.clients) c.stop();
    const c = await counts(target);
    return {
      devices: DEVICES,
      records: s.total,
      faultTookS: Number(((afterFault - faultAt) / 1000).toFixed(2)),
      reconnected: s.clients.filter((cl, i) => cl.stats.connects > (connectsAtFault[i] ?? 0)).length,
      ackResumedAfterS: resumedAfterS === undefined ? null : Number(resumedAfterS.toFixed(2)),
      allBackAndDrainedS: Number(backS.toFixed(2)),
      lost: s.total - c.stored,
      duplicatedRows: c.stored - c.distinct,
      // A record processed twice would add its interval to the rollups twice.
      rollupPtoS: c.ptoS,
      expectedPtoS: c.expectedPtoS,
    };
  } finally {
    await cluster.stop();
  }
}

const results: Record<string, unknown> = { devices: DEVICES, recordsEach: RECORDS_EACH, openFileLimit: limit };
log(`${DEVICES} devices × ${RECORDS_EACH} records (open-file limit ${limit})`);

// A throwaway PostgreSQL of our own (the restart fault must never restart a shared server); the
// throughput figures use TEST_DATABASE_URL's server when set.
const own = startThrowawayPostgres({ port: await freePort() });
try {
  const sharedUrl = process.env.TEST_DATABASE_URL || undefined;
  results.postgresServer = sharedUrl ? 'TEST_DATABASE_URL' : 'throwaway';

  log('1 instance on SQLite');
  const sqlite = await sqliteTarget();
  results.sqlite1 = await throughput(sqlite, 1);
  await sqlite.dispose();
  const sqliteRaw = await sqliteTarget();
  results.sqliteRaw = await rawInsert(sqliteRaw);
  await sqliteRaw.dispose();

  const shared = await postgresTemplate(sharedUrl ?? own.url);
  const onShared = shared.copy;
  log('1 instance on PostgreSQL');
  let target = await onShared('one');
  results.postgres1 = await throughput(target, 1);
  await target.dispose();
  target = await onShared('raw');
  results.postgresRaw = await rawInsert(target);
  await target.dispose();

  log('2 instances on PostgreSQL behind HAProxy');
  target = await onShared('two');
  results.postgres2 = await throughput(target, 2);
  await target.dispose();

  log('2 instances on PostgreSQL behind HAProxy, the home screen asked for at 500/s meanwhile');
  target = await onShared('two-home');
  results.postgres2Home = await throughput(target, 2, 500);
  await target.dispose();

  log('fault: SIGKILL one of 2 instances mid-stream');
  target = await onShared('kill');
  results.killOne = await withFault(target, (cluster) => cluster.instances[0]?.kill('SIGKILL'));
  await target.dispose();

  log('fault: PostgreSQL restarted mid-stream (pg_ctl restart -m fast)');
  await shared.close();
  // Provisioned again on our own server when the others ran on the shared one.
  const ours = await postgresTemplate(own.url);
  target = await ours.copy('restart');
  results.restartPostgres = await withFault(target, () => own.restart());
  await target.dispose().catch(() => undefined);
  await ours.close().catch(() => undefined);
} finally {
  own.stop();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);
