import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVISION_FIELDS } from '@tractorlink/domain/operator-api';
import { runAdmin } from '../src/admin/commands';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { validTractor } from './support/vehicles';

// The admin commands the README shows, typed as a newcomer types them: `--help` after a command, and
// `npm run admin -- import tractors.csv` in the folder holding the file. npm runs every script from
// the repository's root (the folder typed in is in INIT_CWD), so the file was looked for there.
const dir = mkdtempSync(path.join(tmpdir(), 'tl-newcomer-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(argv: string[], env: Record<string, string>, db?: Parameters<typeof runAdmin>[1]['db']) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env, ...(db ? { db } : {}) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin -- <command> --help', () => {
  // A bad setting proves no database is opened for the help: the config would be refused first.
  const env = { PORT: 'eighty' };

  it.each([
    ['provision', '--imei <15 digits'],
    ['import', 'import <file.csv>'],
    ['bookings', 'bookings confirm <bookingId | reference>'],
    ['boundaries', 'boundaries import <file.geojson>'],
  ])('%s --help prints that command’s usage, exit 0', async (command, usage) => {
    for (const help of ['--help', '-h']) {
      const { code, out, err } = await admin([command, help], env);
      expect({ code, err }).toEqual({ code: 0, err: '' });
      expect(out).toMatch(/^Usage:\n/);
      expect(out).toContain(usage);
    }
  });

  it('-h alone is the whole usage, as --help is', async () => {
    const { code, out } = await admin(['-h'], env);
    expect(code).toBe(0);
    expect(out).toContain('npm run admin -- provision');
  });
});

describe.each(dbTargets)('npm run admin -- import <file> on $name', (target) => {
  const t = useTestApp(target);
  const header = PROVISION_FIELDS.filter((f) => f !== 'vehName' && f !== 'isNewTractor');

  it('reads a relative path from the folder the command was typed in', async () => {
    const tractor = validTractor(1) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'tractors.csv'), `${header.join(',')}\n${header.map((f) => `"${String(tractor[f] ?? '').replace(/"/g, '""')}"`).join(',')}\n`);
    const { code, out } = await admin(['import', 'tractors.csv'], { INIT_CWD: dir }, t.database.db);
    expect(out).toContain(`line 2: imported VIN ${validTractor(1).vin}`);
    expect(code).toBe(0);
  });

  it('says in words where it looked for a file that is not there', async () => {
    const { code, err } = await admin(['import', 'missing.csv'], { INIT_CWD: dir }, t.database.db);
    expect(code).toBe(2);
    expect(err).toBe(`missing.csv: no such file (looked for ${path.join(dir, 'missing.csv')}). Nothing was imported.`);
    const geo = await admin(['boundaries', 'import', 'districts.geojson'], { INIT_CWD: dir }, t.database.db);
    expect(geo.code).toBe(2);
    expect(geo.err).toBe(`districts.geojson: no such file (looked for ${path.join(dir, 'districts.geojson')}). Nothing was imported.`);
  });
});
