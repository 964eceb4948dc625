import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../src/sim/fake-device-port';

const cli = path.resolve(import.meta.dirname, '../src/sim/cli.ts');
const sim = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('npm run sim', () => {
  it('prints its help with --help and connects to nothing', () => {
    const out = sim('--help');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^Usage: npm run sim -- /);
    for (const option of ['--tractors', '--interval', '--seconds', '--host', '--port', '--burst', '--provision']) expect(out.stdout).toContain(option);
  });

  it('refuses an unknown option or a bad number with the help, exit code 2', () => {
    for (const args of [
      ['--colour', 'red'],
      ['--tractors', 'many'],
      ['--interval', '0'],
      ['--port', '70000'],
    ]) {
      const out = sim(...args);
      expect(out.status, args.join(' ')).toBe(2);
      expect(out.stderr).toContain('Usage: npm run sim');
    }
  });

  it('says "1 tractor: 1 record acknowledged", not "1 tractors: 1 records"', { timeout: 60_000 }, async () => {
    const port = fakeServer();
    try {
      const args = ['--tractors', '1', '--interval', '1', '--seconds', '1', '--burst', '--port', String(await port.listen())];
      // Asynchronously: the device port answering it runs in this process.
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', timeout: 30_000 }, (err, out) => (err ? reject(err) : resolve(out))),
      );
      expect(stdout).toMatch(/^1 tractor: 1 record acknowledged in [\d.]+ s = [\d.]+ records\/s$/m);
    } finally {
      await port.close();
    }
  });
});
