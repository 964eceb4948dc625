import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { at, browserKeys, engineOn, fakePushService, ingest, noise, parkedOff, series, storedAlerts, tank } from './support/alerts';
import { post } from './support/api';
import { dbTargets } from './support/db-targets';
import { testConfig, useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';
import { ownerWithTractor } from './support/vehicles';

/**
 * A restart between two halves of a condition: a new app on the same database resumes the rules
 * from the state committed with the records, so the alert is neither repeated nor lost, and a
 * delivery queued before the restart is made after it.
 */
describe.each(dbTargets)('alerts across a restart on $name', (target) => {
  const t = useTestApp(target, { PUSH_SERVICE_HOSTS: '127.0.0.1' });
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });

  /** A new server process, as far as the rules can tell: nothing in memory, the same database. */
  async function restart(previous?: FastifyInstance): Promise<FastifyInstance> {
    if (previous) {
      await previous.close();
      open.splice(open.indexOf(previous), 1);
    }
    const app = await buildApp({ config: testConfig(t.database, { PUSH_SERVICE_HOSTS: '127.0.0.1' }), clock: t.clock, sms: t.sms, db: t.database.db });
    open.push(app);
    return app;
  }
  const db = () => t.database.db.kysely;

  it('fuel theft: half the siphoning before the restart, half after, one alert', async () => {
    const tractor = await provisionTractor(db());
    const rnd = noise(11);
    const siphon = series(TEST_START - HOUR, 61, 10 * SECOND, (i) => parkedOff(tank(40 - (20 * i) / 60, 0.5, rnd)));
    let app = await restart();
    await ingest(app, tractor, [...series(TEST_START - 2 * HOUR, 6, 10 * MINUTE, () => parkedOff(tank(40, 0.5, rnd))), ...siphon.slice(0, 30)]);
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
    app = await restart(app);
    // The loss is confirmed once the half hour's settled level follows it (a stuck sensor never moves it).
    await ingest(app, tractor, [...siphon.slice(30), ...series(TEST_START - 49 * MINUTE, 10, 2 * MINUTE, () => parkedOff(tank(20, 0.5, rnd)))]);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0100']);
    app = await restart(app);
    await ingest(
      app,
      tractor,
      series(TEST_START - 25 * MINUTE, 5, 5 * MINUTE, () => parkedOff(tank(20, 0.5, rnd))),
    );
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0100']);
  });

  it('high temperature held 40 s before the restart and 30 s after alerts once: the 40 s are not lost', async () => {
    const tractor = await provisionTractor(db());
    const hot = series(TEST_START - HOUR, 20, 5 * SECOND, () => engineOn({ coolantC: 112 }));
    let app = await restart();
    await ingest(app, tractor, hot.slice(0, 9)); // 0–40 s
    app = await restart(app);
    await ingest(app, tractor, hot.slice(9, 16)); // 45–75 s: the minute is reached at 60 s
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0003']);
    app = await restart(app);
    await ingest(app, tractor, hot.slice(16));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0003']);
  });

  it('towing that goes on after a restart is not alerted again', async () => {
    const tractor = await provisionTractor(db());
    const tow = series(TEST_START - HOUR, 30, 10 * SECOND, (i) => parkedOff({ ...at(0, i * 40), speedKmh: 15 }));
    let app = await restart();
    await ingest(app, tractor, [...series(TEST_START - 2 * HOUR, 3, 10 * SECOND, () => engineOn()), ...tow.slice(0, 12)]);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0101']);
    app = await restart(app);
    await ingest(app, tractor, tow.slice(12));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0101']);
  });

  it('the outbox survives a restart: an alert committed before the app closed is delivered by the next one', async () => {
    const fake = await fakePushService();
    try {
      const { owner, tractor } = await ownerWithTractor(t);
      const keys = browserKeys().json;
      expect((await post(t.app, 'pushsubscription', { endpoint: `${fake.base}/push/1`, keys }, { token: owner.accessToken })).statusCode).toBe(204);
      let app = await restart();
      await ingest(
        app,
        tractor,
        series(TEST_START - 10 * MINUTE, 20, 5 * SECOND, () => engineOn({ oilPressureLow: true })),
      );
      expect(await storedAlerts(db(), tractor.id)).toEqual(['A0001']);
      app = await restart(app); // closed before any delivery
      expect(fake.received).toHaveLength(0);
      await app.services.alerts.delivery.drain();
      expect(fake.received).toHaveLength(1);
      expect(await db().selectFrom('alert_outbox').selectAll().execute()).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
