import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { AvlRecord } from '../../src/devices/teltonika/codec';

/** Real server processes behind HAProxy for the cluster fault tests (issue 16). */
const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

const children: ChildProcess[] = [];
/** A process (HAProxy, an instance) killed after the file's tests. */
export const track = (child: ChildProcess): ChildProcess => (children.push(child), child);
/** Registers the clean-up of the instances a test file starts (killed if still running). */
export function killInstancesAfterAll(): void {
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });
}

export async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
    (r) => r.ok,
    () => false,
  );

export async function startInstance(env: Record<string, string>, httpPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    // Every simulated device connects from 127.0.0.1 (one carrier NAT, as it were): no per-address cap.
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DEMO_OWNER: 'false',
      SIMULATE_FLEET: 'false',
      DEVICE_MAX_CONNECTIONS_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', process.env.CLUSTER_TEST_LOG === 'true' ? 'inherit' : 'ignore'],
  });
  children.push(child);
  await until('an instance to answer', () => child.exitCode === null && answers(httpPort), 60_000);
  return child;
}

/**
 * One record of a tractor working with the PTO on at 6 km/h (the rollups' PTO time is exact); with
 * `coolantC`, the engine's speed and temperature too (for the engine-temperature alert).
 */
export const record = (timestamp: number, i: number, coolantC?: number): AvlRecord => ({
  timestamp,
  priority: 0,
  gps: { longitude: 73.98 + i * 1e-5, latitude: 20.16, altitude: 560, angle: 0, satellites: 9, speed: 6 },
  eventIoId: 0,
  io: [
    { id: 239, size: 1, value: 1 },
    { id: 1, size: 1, value: 1 },
    { id: 89, size: 1, value: 60 },
    ...(coolantC === undefined
      ? []
      : [
          { id: 85, size: 2, value: 1600 },
          { id: 115, size: 2, value: Math.round(coolantC * 10) },
        ]),
  ],
});
