import { describe, expect, it } from 'vitest';
import { call, expectError, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/** What a route is called with: the caller's own objects, or another owner's, or ones that do not exist. */
interface Ids {
  vin: string;
  alertId: string;
  receiverId: string;
}

/** Every alert, configuration and receiver route that names a tractor, an alert or a receiver. */
const ROUTES: { name: string; method: 'GET' | 'PUT' | 'DELETE'; path: (ids: Ids) => string; body?: (ids: Ids) => unknown; ok: number }[] = [
  { name: 'GET alerts?vin', method: 'GET', path: (i) => `alerts?vin=${i.vin}&isSec=true`, ok: 200 },
  { name: 'GET alerts/unread-count?vin', method: 'GET', path: (i) => `alerts/unread-count?vin=${i.vin}`, ok: 200 },
  { name: 'GET alerts/{alertId}', method: 'GET', path: (i) => `alerts/${i.alertId}`, ok: 200 },
  { name: 'PUT alerts', method: 'PUT', path: () => 'alerts', body: (i) => ({ alerts: [i.alertId], status: 1, isSec: true }), ok: 200 },
  { name: 'GET vehicles/alertconfig/{vin}', method: 'GET', path: (i) => `vehicles/alertconfig/${i.vin}?isSec=true`, ok: 200 },
  {
    name: 'PUT vehicles/alertconfig',
    method: 'PUT',
    path: () => 'vehicles/alertconfig',
    body: (i) => ({ vin: i.vin, alertTypeId: 'A0100', enabled: false }),
    ok: 200,
  },
  {
    name: 'PUT vehicles/alertconfigs',
    method: 'PUT',
    path: () => 'vehicles/alertconfigs',
    body: (i) => ({ vin: i.vin, configs: [{ alertTypeId: 'A0003', thresholdValue: 110 }] }),
    ok: 200,
  },
  {
    name: 'PUT receivers/{id}',
    method: 'PUT',
    path: (i) => `receivers/${i.receiverId}`,
    body: () => ({ name: 'Taken Over', phone: '9000000001', channel: 'sms' }),
    ok: 200,
  },
  { name: 'DELETE receivers/{id}', method: 'DELETE', path: (i) => `receivers/${i.receiverId}`, ok: 204 },
];

describe.each(dbTargets)("every alert, configuration and receiver route answers 404 for another owner's object, on $name", (target) => {
  const t = useTestApp(target);

  /** An owner with a tractor, an alert on it and a receiver. */
  async function ownerWithEverything(mobileNo: string) {
    const { owner, tractor } = await ownerWithTractor(t, mobileNo);
    const alertId = (await t.app.services.alerts.service.raiseAlert(tractor.id, 'A0100', { time: TEST_START - 60_000, value: 12 })) as string;
    const receiver = await post(t.app, 'receivers', { name: 'Farm Hand', phone: '9000000000', channel: 'sms' }, { token: owner.accessToken });
    expect(receiver.statusCode, receiver.body).toBe(201);
    return { token: owner.accessToken, ids: { vin: tractor.vin, alertId, receiverId: receiver.json<{ id: string }>().id }, tractorId: tractor.id };
  }

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const ramesh = await ownerWithEverything('9876543210');
    const suresh = await ownerWithEverything('9123456789');
    const send = (token: string, ids: Ids) => call(t.app, route.method, route.path(ids), route.body?.(ids), { token });
    const unknown: Ids = { vin: 'MBNAAHTR1NL999999', alertId: '00000000-0000-4000-8000-000000000000', receiverId: '00000000-0000-4000-8000-000000000001' };

    // Another owner's tractor, alert or receiver looks exactly like one that does not exist …
    const other = await send(ramesh.token, suresh.ids);
    const none = await send(ramesh.token, unknown);
    for (const res of [other, none]) expectError(res, 'NOT_FOUND');
    expect(other.body).toBe(none.body);

    // … and is left as it was: unread, its settings and its receiver untouched.
    const db = t.database.db.kysely;
    expect((await db.selectFrom('alerts').select('read_at').where('id', '=', suresh.ids.alertId).executeTakeFirstOrThrow()).read_at).toBeNull();
    expect(await db.selectFrom('alert_configs').selectAll().where('tractor_id', '=', suresh.tractorId).execute()).toEqual([]);
    expect(await db.selectFrom('alert_receivers').select(['name', 'phone']).where('id', '=', suresh.ids.receiverId).executeTakeFirst()).toEqual({
      name: 'Farm Hand',
      phone: '9000000000',
    });

    // The owner is served.
    const own = await send(suresh.token, suresh.ids);
    expect(own.statusCode, own.body).toBe(route.ok);
  });
});
