import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

// `npm run sim -- --tractors N --interval S` as the README shows it, where a newcomer would first run
// it: before `npm start`, on another port, or without --provision. Each device client retries for
// ever (as a real device does), so the simulator used to wait in silence until Ctrl-C.
const cli = path.resolve(import.meta.dirname, '../src/sim/cli.ts');

function sim(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, ...env }, timeout: 40_000 }, (_err, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

let server: Server | undefined;
afterEach(() => server?.close());

/** A port that answers every IMEI with 00, as TractorLink does for a device it does not know. */
async function refusingPort(): Promise<number> {
  const s = createServer((socket) => socket.once('data', () => socket.end(Buffer.from([0x00]))));
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as { port: number }).port;
}

describe('npm run sim, before the server is ready for it', () => {
  it('says nothing answers on the port, and exits 1, when no server runs there', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const out = await sim(['--tractors', '2', '--interval', '1', '--seconds', '2', '--port', String(port)]);
    expect(out.stderr).toContain(`Nothing answers on 127.0.0.1:${port}`);
    expect(out.stderr).toContain('npm start');
    expect(out.code).toBe(1);
  });

  it('says the tractors are not provisioned, and exits 1, when the server refuses their IMEIs', { timeout: 60_000 }, async () => {
    const port = await refusingPort();
    const out = await sim(['--tractors', '2', '--interval', '1', '--seconds', '2', '--port', String(port)]);
    expect(out.stderr).toContain('does not know the simulated tractors');
    expect(out.stderr).toContain('--provision');
    expect(out.code).toBe(1);
  });

  it('takes the device port from DEVICE_TCP_PORT, as its help says, when --port is not given', { timeout: 60_000 }, async () => {
    const port = await refusingPort();
    const out = await sim(['--tractors', '1', '--interval', '1', '--seconds', '1'], { DEVICE_TCP_PORT: String(port) });
    expect(out.stderr).toContain(`at 127.0.0.1:${port} does not know`);
    expect(out.code).toBe(1);
  });

  it('names a bad server setting with --provision instead of a stack trace, exit code 2', { timeout: 60_000 }, async () => {
    const out = await sim(['--tractors', '1', '--provision', '--seconds', '0'], { PORT: 'eighty' });
    expect(out.stderr).toContain('Invalid configuration');
    expect(out.stderr).toContain('PORT:');
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(out.code).toBe(2);
  });
});
