// Ingestion throughput over real TCP (1,000 simulated Teltonika devices, ACK after commit, SQLite),
// beside a raw batched insert of the same rows measured in the same run. The devices connect, are
// accepted and have their frames encoded before the clock starts (sim/cli.ts --burst): what is timed
// is their records streaming in and being acknowledged. Each ingestion mode
// (INGEST_WRITER=inline, and the writer thread) twice: alone, and with the home screen asked for at
// 500 requests/s during the burst (its latency then, and on the same server before the burst).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../scripts/web-build.mjs';
import { loadUntil, owner, percentile } from './lib/http-load.mjs';
import { freePort, startServer } from './lib/server.mjs';

const require = createRequire(join(root, 'apps/server/package.json'));
const Database = require('better-sqlite3');

// BENCH_SIM_ARGS adds node flags to the simulated devices' process, as BENCH_SERVER_ARGS does to the server's.
const simArgs = (tractors, recordsEach, devicePort, extra) => [
  ...(process.env.BENCH_SIM_ARGS?.split(' ').filter(Boolean) ?? []),
  '--import',
  'tsx',
  join(root, 'apps/server/src/sim/cli.ts'),
  '--tractors',
  String(tractors),
  '--interval',
  '10',
  '--seconds',
  String(recordsEach * 10),
  '--port',
  String(devicePort),
  ...extra,
];
const simEnv = (dataDir) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });

/** The sim's burst, timed by itself: records, seconds and records/s. */
function burst(tractors, recordsEach, devicePort, dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, simArgs(tractors, recordsEach, devicePort, ['--burst']), { cwd: root, env: simEnv(dataDir) });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', () => {
      const match = /(\d+) records acknowledged in ([\d.]+) s = (\d+) records\/s/.exec(out);
      if (!match) reject(new Error(`sim run failed:\n${out}`));
      else resolve({ records: Number(match[1]), seconds: Number(match[2]), perSecond: Number(match[3]), endedAt: performance.now() });
    });
  });
}

const latency = (samples) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** One server in `mode`, its tractors provisioned, one burst; with `homeRate`, the home load around it. */
async function run(mode, { tractors, recordsEach, homeRate }) {
  const devicePort = await freePort();
  // Every simulated device connects from this one host, as devices behind one carrier NAT do: the
  // per-address cap is raised to fit them (the default of 100 would refuse 900 of them).
  const server = await startServer({
    env: {
      INGEST_WRITER: mode,
      NODE_ENV: 'development',
      SMS_PROVIDER: 'local',
      DEMO_OWNER: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      DEVICE_TCP_PORT: String(devicePort),
      DEVICE_MAX_CONNECTIONS_PER_IP: String(tractors * 2),
      DEVICE_MAX_CONNECTIONS: String(tractors * 2),
    },
  });
  try {
    const provisioned = spawnSync(process.execPath, simArgs(tractors, 0, devicePort, ['--provision']), {
      cwd: root,
      env: simEnv(server.dataDir),
      encoding: 'utf8',
    });
    if (provisioned.status !== 0) throw new Error(`provisioning failed:\n${provisioned.stdout}${provisioned.stderr}`);
    if (!homeRate) return { tcp: await burst(tractors, recordsEach, devicePort, server.dataDir) };

    // The owner of one of the tractors asks for its home screen throughout.
    const token = await owner(server.url);
    const sqlite = new Database(join(server.dataDir, 'tractorlink.db'));
    const { id: ownerId } = sqlite.prepare("SELECT id FROM users WHERE mobile_no = '9123400000'").get();
    sqlite.prepare('UPDATE tractors SET owner_user_id = ? WHERE rowid = (SELECT min(rowid) FROM tractors)').run(ownerId);
    const { vin } = sqlite.prepare('SELECT vin FROM tractors WHERE owner_user_id = ?').get(ownerId);
    sqlite.close();
    const paths = [`/api/v1/tractorhomepage/${vin}`];
    // Before the burst, the same load on the idle server: the baseline, after a second of it unmeasured
    // (the first requests compile the route's code and open its statements).
    await loadUntil(server.url, paths, token, homeRate, new Promise((r) => setTimeout(r, 1000)));
    const idle = await loadUntil(server.url, paths, token, homeRate, new Promise((r) => setTimeout(r, 4000)));
    let ended;
    const ran = burst(tractors, recordsEach, devicePort, server.dataDir);
    const during = await loadUntil(server.url, paths, token, homeRate, (ended = ran.catch(() => undefined)));
    const tcp = await ran;
    await ended;
    // Only the requests sent while the devices were sending (the sim's own start-up excluded).
    const from = tcp.endedAt - tcp.seconds * 1000;
    const inBurst = during.samples.filter((s) => s.at >= from && s.at <= tcp.endedAt);
    return { tcp, home: { idle: latency(idle.samples), duringBurst: latency(inBurst), errors: idle.errors + during.errors } };
  } finally {
    await server.stop();
  }
}

export async function ingestionFigures({ tractors = 1000, recordsEach = 200, homeRate = 500 } = {}) {
  const raw = JSON.parse(
    // The simulated devices send frames of 50 records (sim/cli.ts); the writer's transactions are its own size.
    spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/lib/raw-insert.ts'), String(tractors), String(recordsEach), '50'], {
      cwd: root,
      encoding: 'utf8',
    }).stdout.trim(),
  );
  const modes = {};
  for (const mode of ['inline', 'thread']) {
    const alone = await run(mode, { tractors, recordsEach });
    const withHome = await run(mode, { tractors, recordsEach, homeRate });
    modes[mode] = { tcp: alone.tcp, ratio: alone.tcp.perSecond / raw.rowsPerSecond, withHome };
  }
  return { raw, homeRate, ...modes };
}
