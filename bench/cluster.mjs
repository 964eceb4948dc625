// `npm run bench -- cluster`: several instances and their faults, measured by apps/server/bench/cluster/run.ts
// (through tsx, like the ingestion bench; every child with the open-file limit raised as far as allowed).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { withFileLimit } from '../scripts/cluster-lib.mjs';
import { root } from '../scripts/web-build.mjs';

export function clusterFigures() {
  const [command, args] = withFileLimit(1_048_576, process.execPath, ['--import', 'tsx', join(root, 'apps/server/bench/cluster/run.ts')]);
  // Bounded: the whole run is stopped after 4 minutes.
  const run = spawnSync(command, args, {
    cwd: root,
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 240_000,
    killSignal: 'SIGKILL',
  });
  const line = run.stdout?.trim().split('\n').at(-1);
  if (run.status !== 0 || !line) throw new Error(`cluster bench failed (status ${run.status}, signal ${run.signal}):\n${run.stdout}`);
  return JSON.parse(line);
}
