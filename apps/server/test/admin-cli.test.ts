import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVISION_FIELDS } from '@tractorlink/domain/operator-api';
import { adminRunner } from './support/admin';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { validTractor } from './support/vehicles';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'tl-admin-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = PROVISION_FIELDS.filter((f) => f !== 'vehName' && f !== 'isNewTractor');
const csvLine = (record: Record<string, unknown>) =>
  HEADER.map((f) => {
    const v = String(record[f] ?? '');
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');

describe.each(dbTargets)('npm run admin on $name', (target) => {
  const t = useTestApp(target);

  const run = adminRunner(t);
  const vins = async () => (await t.database.db.kysely.selectFrom('tractors').select('vin').orderBy('vin').execute()).map((r) => r.vin);

  it('imports a CSV line by line and says what it did with each line and why', async () => {
    const file = path.join(dir, `${target.name}-tractors.csv`);
    writeFileSync(
      file,
      [
        HEADER.join(','),
        csvLine(validTractor(1)),
        csvLine({ ...validTractor(2), vin: 'MBNAAHTR1NL10000O', pincode: '4222', deviceModel: 'XYZ9' }),
        csvLine({ ...validTractor(3), address: 'Near "Shivaji" chowk, Lasalgaon' }),
        csvLine({ ...validTractor(4), engineNo: validTractor(1).engineNo }),
        '356307042400005,MBNAAHTR1NL100005,too,few',
        csvLine({ ...validTractor(6), implementWidthM: 'wide', expiresOn: '1830000000' }),
      ].join('\r\n'),
    );
    const { code, out } = await run('import', file);
    expect(out).toEqual([
      `line 2: imported VIN ${validTractor(1).vin}, IMEI ${validTractor(1).imei}`,
      'line 3: refused: vin: VIN_INVALID (17 letters and digits, no I, O or Q); pincode: PINCODE_INVALID (6 digits); deviceModel: DEVICE_MODEL_UNKNOWN (unknown device model; known: FMB920, FMB130, FMB140, FMC130, OsmAnd)',
      `line 4: imported VIN ${validTractor(3).vin}, IMEI ${validTractor(3).imei}`,
      'line 5: refused: engineNo: ALREADY_PROVISIONED (already provisioned)',
      'line 6: refused: record: COLUMN_COUNT (not as many cells as the header has columns)',
      'line 7: refused: implementWidthM: TYPE_INVALID (wrong type)',
      '2 imported, 4 refused.',
    ]);
    expect(code).toBe(1);
    // Nothing of a refused line was stored.
    expect(await vins()).toEqual([validTractor(1).vin, validTractor(3).vin]);
    const stored = await t.database.db.kysely.selectFrom('tractors').select('address').where('vin', '=', validTractor(3).vin).executeTakeFirstOrThrow();
    expect(stored.address).toBe('Near "Shivaji" chowk, Lasalgaon');
  });

  it('refuses a file whose header is wrong without importing anything', async () => {
    const file = path.join(dir, `${target.name}-bad-header.csv`);
    writeFileSync(file, `${HEADER.filter((h) => h !== 'mobileNo').join(',')},colour\n${csvLine(validTractor(1))}\n`);
    const { code, err } = await run('import', file);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('unknown column(s): colour; missing column(s): mobileNo. Nothing was imported.');
    expect(await vins()).toEqual([]);
    expect((await run('import', path.join(dir, 'missing.csv'))).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    const help = await run('help');
    expect(help.code).toBe(0);
    expect(help.out[0]).toMatch(/^Usage:/);
  });

  it('provisions one tractor from flags', async () => {
    const flags = Object.entries({ ...validTractor(7), vehName: 'Bail Jodi' }).flatMap(([k, v]) => [`--${k}`, String(v)]);
    const { code, out } = await run('provision', ...flags);
    expect({ code, out }).toEqual({ code: 0, out: [`imported: VIN ${validTractor(7).vin}, IMEI ${validTractor(7).imei}`] });
    expect((await run('provision', ...flags)).out[0]).toMatch(/^refused: imei: ALREADY_PROVISIONED/);
    expect((await run('provision', '--colour', 'red')).code).toBe(2);
  });

  it('runs as `npm run admin` against the database the server config names', async () => {
    const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: t.database.dataDir, DATABASE_URL: t.database.databaseUrl };
    const flags = Object.entries(validTractor(8)).flatMap(([k, v]) => [`--${k}`, String(v)]);
    const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/admin/cli.ts', 'provision', ...flags], { cwd: repoRoot, env });
    expect(stdout).toBe(`imported: VIN ${validTractor(8).vin}, IMEI ${validTractor(8).imei}\n`);
    expect(await vins()).toEqual([validTractor(8).vin]);
  });
});
