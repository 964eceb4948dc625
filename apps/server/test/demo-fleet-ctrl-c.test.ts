import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_FLEET } from '../src/sim/demo-fleet';
import { freePort } from './support/free-port';
import { spawnServer } from './support/server-process';

// `npm start` with the demo fleet, stopped with Ctrl-C while the fleet back-fills its history: the
// fleet used to be stopped without waiting for the day in hand, so its workshop and progress save ran
// on after the database closed and logged "driver has already been destroyed".
const IMEIS = DEMO_FLEET.map((t) => t.profile.imei);
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** The newest acknowledged record each demo tractor's saved progress claims, and the newest the server stored. */
function progressAndStored(dataDir: string): { imei: string; lastSent: number; newest: number }[] {
  const db = new SQLite(path.join(dataDir, 'tractorlink.db'), { readonly: true });
  try {
    const marks = IMEIS.map((imei) => `'${imei}'`).join(',');
    return db
      .prepare(
        `SELECT p.imei AS imei, p.last_sent AS lastSent, (SELECT MAX(m.device_time) FROM telemetry m JOIN tractors t ON t.id = m.tractor_id WHERE t.imei = p.imei) AS newest
         FROM sim_progress p WHERE p.imei IN (${marks})`,
      )
      .all() as { imei: string; lastSent: number; newest: number }[];
  } finally {
    db.close();
  }
}

describe('Ctrl-C while the demo fleet back-fills', () => {
  it('stops with one plain line, exit 0, and the saved progress claims nothing the server does not have', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-ctrl-c-'));
    const child = spawnServer(
      {
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DEMO_OWNER: 'true',
        SIMULATE_FLEET: 'true',
        SIMULATE_FLEET_DAYS: '30',
        DEVICE_TCP_PORT: String(await freePort()),
        DEVICE_UDP_PORT: 'off',
        DATA_DIR: dataDir,
      },
      ['ignore', 'pipe', 'pipe'],
    );
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    // In the back-fill: it has begun, a chunk is acknowledged and saved, and it has not caught up.
    await vi.waitFor(() => expect(out).toContain('back-filling'), { timeout: 60_000, interval: 100 });
    await vi.waitFor(() => expect(progressAndStored(dataDir).some((r) => r.lastSent > 0)).toBe(true), { timeout: 60_000, interval: 100 });
    expect(out).not.toContain('caught up');
    child.kill('SIGINT');

    expect(await exited).toBe(0);
    expect(out).not.toContain('destroyed');
    expect(out).not.toContain('could not save');
    expect(out).not.toContain('simulated workshop');
    const stopped = out.split('\n').filter((line) => line.includes('simulated fleet stopped'));
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatch(/^ {2}simulated fleet stopped in its back-fill \(\d+ records? acknowledged\); the next start carries on from there$/);
    // Nothing acknowledged is lost: each tractor's saved progress is no newer than what the server stored.
    for (const row of progressAndStored(dataDir)) expect(row.lastSent, row.imei).toBeLessThanOrEqual(row.newest);
  });
});
