// Starts the real server as `npm start` does (built web app, embedded SQLite in a temp folder)
// and measures the time from spawn to the first successful /api/v1/health.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { root } from '../../scripts/web-build.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the server bundle (or `entry`); resolves once healthy with { url, ms, idleRssMb, stop }.
 * `dataDir` reuses an existing database.
 */
export async function startServer({ dataDir = mkdtempSync(join(tmpdir(), 'tl-bench-')), env = {}, nodeArgs = [], entry } = {}) {
  const bundle = entry ?? (await ensureServerBuilt());
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const started = performance.now();
  let output = '';
  // BENCH_SERVER_ARGS adds node flags to every bench server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extra, ...nodeArgs, bundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_OWNER: 'true',
      SMS_PROVIDER: 'local',
      PAYMENT_GATEWAY: 'local',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEVICE_TCP_PORT: '0',
      SIMULATE_FLEET: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // BENCH_SERVER_LOG keeps the server's own output in that file too (e.g. with BENCH_SERVER_ARGS=--trace-gc).
  const keep = process.env.BENCH_SERVER_LOG;
  child.stdout.on('data', (c) => {
    output += c;
    if (keep) appendFileSync(keep, c);
  });
  child.stderr.on('data', (c) => (output += c));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const idleRssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  const stop = async ({ keepData = false } = {}) => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, ms, idleRssMb, dataDir, stop, pid: child.pid, output: () => output };
}
