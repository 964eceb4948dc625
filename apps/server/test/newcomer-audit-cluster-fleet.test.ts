import { describe, expect, it } from 'vitest';
import { instanceEnv } from '../../../scripts/cluster-lib.mjs';
import { DEMO_FLEET } from '../src/sim/demo-fleet';
import { dbTargets } from './support/db-targets';
import { freePort } from './support/free-port';
import { spawnServer } from './support/server-process';

// `npm run cluster` runs each instance behind HAProxy with DEVICE_PROXY_PROTOCOL=true: its device
// port takes only connections that start with the balancer's PROXY header. The demo fleet, started
// by the instance holding its lease, connected there with bare Teltonika bytes and was refused
// ("device connection closed: NO_PROXY_HEADER") for as long as the cluster ran: the demo owner's
// three tractors never reported.
const IMEIS = DEMO_FLEET.map((t) => t.profile.imei);

describe.each(dbTargets)('the demo fleet of an npm run cluster instance on $name', (target) => {
  it('reports through the PROXY-protocol device port', { timeout: 180_000 }, async () => {
    const database = await target.open();
    const ports = { httpPort: await freePort(), devicePort: await freePort() };
    const env = instanceEnv({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, ...ports });
    const server = spawnServer({ ...env, NODE_ENV: 'development', DEMO_OWNER: 'true', SIMULATE_FLEET: 'true', SIMULATE_FLEET_DAYS: '1' }, 'ignore');
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      const reporting = async () => {
        const rows = await database.db.kysely
          .selectFrom('telemetry as m')
          .innerJoin('tractors as t', 't.id', 'm.tractor_id')
          .select('t.imei')
          .where('t.imei', 'in', IMEIS)
          .groupBy('t.imei')
          .execute()
          .catch(() => []);
        return rows.length;
      };
      const deadline = Date.now() + 150_000;
      while ((await reporting()) < IMEIS.length && Date.now() < deadline && server.exitCode === null) await new Promise((r) => setTimeout(r, 250));
      expect(await reporting()).toBe(IMEIS.length);
    } finally {
      server.kill('SIGTERM');
      await exited;
      await database.dispose();
    }
  });
});
