import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import path from 'node:path';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

/**
 * The real server (src/server.ts) as a child process, so a test can kill it without warning: test
 * mode, errors-only logs, no demo owner or simulated fleet unless `env` turns them on.
 */
export function spawnServer(env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', DEMO_OWNER: 'false', SIMULATE_FLEET: 'false', ...env },
    stdio,
  });
}
