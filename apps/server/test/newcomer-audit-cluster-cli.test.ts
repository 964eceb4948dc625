import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

// `npm run cluster` as the README's "Several instances" shows it. `--help` crashed with a stack
// trace (an unknown option to parseArgs), and a port another program held (an `npm start` still
// running) left HAProxy failing after the instances had started, and the script running on.
const script = path.resolve(import.meta.dirname, '../../../scripts/cluster.mjs');

function cluster(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [script, ...args],
      { env: { ...process.env, SKIP_WEB_BUILD: 'true', ...env }, timeout: 60_000 },
      (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('npm run cluster', () => {
  it('prints its usage with --help, exit 0, starting nothing', { timeout: 90_000 }, async () => {
    const out = await cluster(['--help']);
    expect(out.stdout).toMatch(/^Usage: npm run cluster \[-- --instances N\]/);
    expect(out.code).toBe(0);
    const wrong = await cluster(['--nodes', '3']);
    expect(wrong.stderr).toContain("Unknown option '--nodes'");
    expect(wrong.stderr).toContain('Usage: npm run cluster');
    expect(wrong.stderr).not.toMatch(/\n\s+at /);
    expect(wrong.code).toBe(2);
  });

  it('says which port is taken and exits 1 before starting anything', { timeout: 90_000 }, async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      // A database that cannot be reached: nothing may get as far as using it.
      const out = await cluster([], { PORT: String(port), DEVICE_TCP_PORT: String(await freePort()), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(out.stderr).toContain(`The cluster did not start: port ${port} (PORT, the app and API through HAProxy) is already in use`);
      expect(out.code).toBe(1);
    } finally {
      holder.close();
    }
  });

  it('names a PORT that is no port', { timeout: 90_000 }, async () => {
    const out = await cluster([], { PORT: 'eighty' });
    expect(out.stderr).toContain('PORT: expected a port number 1-65535');
    expect(out.code).toBe(2);
  });
});
