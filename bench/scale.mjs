// Scale figures (issue 3): 10,000 simulated tractors connected over TCP with 90 days of history;
// server RSS; tractorhomepage latency at 500 requests/s (open loop); a one-year aggregation; the
// wire size of a home poll when nothing changed (304).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { root } from '../scripts/web-build.mjs';
import { api, load, owner, percentile } from './lib/http-load.mjs';
import { freePort, startServer } from './lib/server.mjs';

const require = createRequire(join(root, 'apps/server/package.json'));
const Database = require('better-sqlite3');

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** Bytes of a whole conditional GET answered 304, read off a raw socket. */
function wireBytes304(url, path, token, etag) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let bytes = Buffer.alloc(0);
    socket.connect(Number(port), hostname, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\nIf-None-Match: ${etag}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (c) => (bytes = Buffer.concat([bytes, c])));
    socket.on('end', () => resolve({ bytes: bytes.length, status: bytes.toString('latin1', 9, 12) }));
    socket.on('error', reject);
  });
}

export async function scaleFigures({ tractors = 10_000, days = 90, rate = 500, seconds = 20 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tl-scale-'));
  const seed = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/lib/seed-history.ts'), dataDir, String(tractors), String(days)], {
    cwd: root,
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(seed.stderr);
  const seeded = JSON.parse(seed.stdout.trim());
  const devicePort = await freePort();
  // All 10,000 devices connect from this one host: the per-address and global caps are raised to fit them.
  const server = await startServer({
    dataDir,
    env: {
      NODE_ENV: 'development',
      SMS_PROVIDER: 'local',
      DEMO_OWNER: 'false',
      DEVICE_TCP_PORT: String(devicePort),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      DEVICE_MAX_CONNECTIONS_PER_IP: String(tractors + 100),
      DEVICE_MAX_CONNECTIONS: String(tractors + 100),
    },
  });
  const rssIdle = rssMb(server.pid);
  const token = await owner(server.url);
  const sqlite = new Database(join(dataDir, 'tractorlink.db'));
  const ownerId = sqlite.prepare("SELECT id FROM users WHERE mobile_no = '9123400000'").get().id;
  sqlite.prepare('UPDATE tractors SET owner_user_id = ?').run(ownerId);

  // Every tractor connects and reports every 30 s, as parked FMB devices do, for the whole run.
  const devices = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'apps/server/src/sim/cli.ts'),
      '--tractors',
      String(tractors),
      '--interval',
      '30',
      '--seconds',
      String(seconds + 90),
      '--port',
      String(devicePort),
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const since = Date.now();
  const reporting = () => sqlite.prepare('SELECT count(*) AS n FROM tractor_state WHERE last_seen_at >= ?').get(since).n;
  const deadline = Date.now() + 180_000;
  while (reporting() < tractors) {
    if (Date.now() > deadline) throw new Error(`only ${reporting()} of ${tractors} tractors reported within 3 minutes`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const rssConnected = rssMb(server.pid);

  const vins = sqlite
    .prepare('SELECT vin FROM tractors')
    .all()
    .map((r) => r.vin);
  const paths = vins.map((v) => `/api/v1/tractorhomepage/${v}`).sort(() => Math.random() - 0.5);
  let rssPeak = rssConnected;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 200);
  const home = await load(server.url, paths, token, rate, seconds);
  clearInterval(sampler);

  // One year of hourly rollups for one tractor, over the API, sequentially.
  const yearVin = sqlite.prepare("SELECT vin FROM tractors WHERE id = 'load-0'").get().vin;
  const end = Math.floor(Date.now() / 1000);
  const yearPath = `vehicles/aggregations/${yearVin}?aggregationOption=range&startDateTime=${end - 364 * 86_400}&endDateTime=${end}`;
  const year = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await api(server.url, yearPath, { token });
    if (i >= 10) year.push(performance.now() - t0);
  }
  year.sort((a, b) => a - b);

  const { headers } = await api(server.url, `tractorhomepage/${vins[0]}`, { token });
  const notModified = await wireBytes304(server.url, `/api/v1/tractorhomepage/${vins[0]}`, token, headers.get('etag'));

  devices.kill('SIGTERM');
  sqlite.close();
  await server.stop();
  return {
    seeded,
    rss: { idleMb: Math.round(rssIdle), connectedMb: Math.round(rssConnected), peakMb: Math.round(rssPeak) },
    homepage: {
      rate,
      sent: rate * seconds,
      errors: home.errors,
      p50: percentile(home.latencies, 50),
      p99: percentile(home.latencies, 99),
      max: home.latencies.at(-1),
    },
    yearAggregation: { p50: percentile(year, 50), p99: percentile(year, 99) },
    notModified,
  };
}
