// Ingestion throughput over real TCP (1,000 simulated Teltonika devices, ACK after commit, SQLite),
// beside a raw batched insert of the same rows measured in the same run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../scripts/web-build.mjs';
import { freePort, startServer } from './lib/server.mjs';

const tsx = (script, args, env = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(root, script), ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });

export async function ingestionFigures({ tractors = 1000, recordsEach = 200 } = {}) {
  const devicePort = await freePort();
  // Every simulated device connects from this one host, as devices behind one carrier NAT do: the
  // per-address cap is raised to fit them (the default of 100 would refuse 900 of them).
  const server = await startServer({
    env: { DEVICE_TCP_PORT: String(devicePort), DEVICE_MAX_CONNECTIONS_PER_IP: String(tractors * 2), DEVICE_MAX_CONNECTIONS: String(tractors * 2) },
  });
  try {
    const run = tsx(
      'apps/server/src/sim/cli.ts',
      ['--tractors', String(tractors), '--interval', '10', '--seconds', String(recordsEach * 10), '--port', String(devicePort), '--burst', '--provision'],
      { DATA_DIR: server.dataDir, DATABASE_URL: '' },
    );
    const match = /(\d+) records acknowledged in ([\d.]+) s = (\d+) records\/s/.exec(run.stdout);
    if (!match) throw new Error(`sim run failed:\n${run.stdout}\n${run.stderr}`);
    const tcp = { records: Number(match[1]), seconds: Number(match[2]), perSecond: Number(match[3]) };
    const raw = JSON.parse(tsx('bench/lib/raw-insert.ts', [String(tractors), String(recordsEach), '5000']).stdout.trim());
    return { tcp, raw, ratio: tcp.perSecond / raw.rowsPerSecond };
  } finally {
    await server.stop();
  }
}
