import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
});
