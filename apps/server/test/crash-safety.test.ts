import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DeviceClient } from '../src/sim/device-client';
import { dbTargets } from './support/db-targets';
import { freePort } from './support/free-port';
import { spawnServer } from './support/server-process';
import { workingRecord } from './support/teltonika-frames';
import { provisionTractor } from './support/tractors';

/** The real server as a separate process, so it can be killed without warning. */
async function startServer(env: Record<string, string>, httpPort: number): Promise<ChildProcess> {
  const child = spawnServer({ HOST: '127.0.0.1', PORT: String(httpPort), ...env }, 'ignore');
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${httpPort}/api/v1/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(dbTargets)('crash safety on $name', (target) => {
  it('loses nothing and stores nothing twice when the server is killed mid-stream', { timeout: 120_000 }, async () => {
    const database = await target.open();
    const DEVICES = 20;
    const PER_DEVICE = 500;
    const tractors = [];
    for (let d = 0; d < DEVICES; d++) tractors.push(await provisionTractor(database.db.kysely));
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, DEVICE_TCP_PORT: String(await freePort()) };
    const httpPort = await freePort();
    let server = await startServer(env, httpPort);

    const clients = tractors.map((t) => new DeviceClient({ host: '127.0.0.1', port: Number(env.DEVICE_TCP_PORT), imei: t.imei, batch: 25, retryMs: 100 }));
    const start = Date.UTC(2026, 10, 20, 4, 0);
    clients.forEach((c, d) => c.enqueue(Array.from({ length: PER_DEVICE }, (_, i) => workingRecord(start + i * 10_000, d))));
    const drained = Promise.all(clients.map((c) => c.drained()));

    // Kill without warning once part of the stream is acknowledged, so frames are in flight.
    const total = DEVICES * PER_DEVICE;
    while (clients.reduce((s, c) => s + c.stats.acknowledged, 0) < total * 0.3) await new Promise((r) => setTimeout(r, 5));
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    const ackedBeforeCrash = clients.reduce((s, c) => s + c.stats.acknowledged, 0);
    expect(ackedBeforeCrash).toBeLessThan(total);

    server = await startServer(env, httpPort);
    await drained;
    const stored = await database.db.kysely
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(total);
    // Every device reconnected and resent what was not acknowledged.
    expect(clients.every((c) => c.stats.connects >= 2)).toBe(true);
    // The rollups saw each record once: PTO on at 6 km/h for 499 intervals of 10 s per device.
    const pto = await database.db.kysely
      .selectFrom('usage_hourly')
      .select((eb) => eb.fn.sum<number>('pto_s').as('s'))
      .executeTakeFirstOrThrow();
    expect(Number(pto.s)).toBeCloseTo(DEVICES * (PER_DEVICE - 1) * 10, 0);

    for (const c of clients) c.stop();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await database.dispose();
  });
});
