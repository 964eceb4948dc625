import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBin } from '../../../scripts/cluster-lib.mjs';

// `npm run postgres -- stop`, as the README gives it, before `npm run postgres` ever ran or after it
// was stopped: pg_ctl's own complaint ("directory … does not exist", "PID file … does not exist") and
// exit code 1 before. The script is run from a copy in a folder of its own, so it never meets a real
// ./data/postgres.
const root = mkdtempSync(path.join(tmpdir(), 'tl-newcomer-pg-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'scripts'));
const script = path.join(root, 'scripts/throwaway-postgres.sh');
copyFileSync(path.resolve(import.meta.dirname, '../../../scripts/throwaway-postgres.sh'), script);
const stop = () => spawnSync('bash', [script, 'stop'], { encoding: 'utf8', timeout: 30_000 });

describe.runIf(postgresBin())('npm run postgres -- stop', () => {
  it('says there is nothing to stop when no throwaway PostgreSQL was made, exit 0', () => {
    const out = stop();
    expect(out.stdout).toContain(`No throwaway PostgreSQL in ${path.join(root, 'data/postgres')}: nothing to stop.`);
    expect(out.status).toBe(0);
  });

  it('says it is not running when it is stopped already, exit 0', () => {
    mkdirSync(path.join(root, 'data/postgres'), { recursive: true });
    writeFileSync(path.join(root, 'data/postgres/PG_VERSION'), '15\n');
    const out = stop();
    expect(out.stdout).toContain(`The throwaway PostgreSQL in ${path.join(root, 'data/postgres')} is not running.`);
    expect(out.status).toBe(0);
  });
});
