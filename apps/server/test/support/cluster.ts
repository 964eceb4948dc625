import type { ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { spawnServer } from './server-process';

/** Real server processes behind HAProxy for the cluster fault tests (issue 16). */

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
  // Every simulated device connects from 127.0.0.1 (one carrier NAT, as it were): no per-address cap.
  const child = spawnServer({ DEVICE_MAX_CONNECTIONS_PER_IP: '100000', ...env }, [
    'ignore',
    'ignore',
    process.env.CLUSTER_TEST_LOG === 'true' ? 'inherit' : 'ignore',
  ]);
  children.push(child);
  await until('an instance to answer', () => child.exitCode === null && answers(httpPort), 60_000);
  return child;
}
