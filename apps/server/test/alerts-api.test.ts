import type { AlertConfigResponse, AlertItem, AlertsResponse } from '@tractorlink/domain/alerts-api';
import type { AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import { describe, expect, it } from 'vitest';
import { browserKeys, engineOn, ingest, series, storedAlerts } from './support/alerts';
import { call, expectError, get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';

const DAY = 24 * HOUR;
import { ownerWithTractor } from './support/vehicles';

const toS = (ms: number) => Math.floor(ms / 1000);

describe.each(dbTargets)('alert API on $name', (target) => {
  const t = useTestApp(target, { PUSH_SERVICE_HOSTS: '127.0.0.1,push.example.net' });
  const raise = (tractorId: string, typeId: AlertTypeId, time: number, value: number | null = null, threshold?: number) =>
    t.app.services.alerts.service.raiseAlert(tractorId, typeId, { time, value, threshold, lat: 20.1667, lon: 73.9833 });

  it("lists the owner's alerts with every spec field, newest first, by default from the first day of two months back", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await raise(tractor.id, 'A0100', TEST_START - HOUR, 14.2);
    await raise(tractor.id, 'A0009', TEST_START - 30 * MINUTE);
    await raise(tractor.id, 'A0003', Date.UTC(2026, 8, 1, 0, 0)); // 1 Sep 05:30 IST: inside (from 1 Sep 00:00 IST)
    await raise(tractor.id, 'A0003', Date.UTC(2026, 7, 31, 18, 0)); // 31 Aug 23:30 IST: before the window
    const res = await get(t.app, 'alerts', { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AlertsResponse>();
    expect(body).toMatchObject({
      page: 1,
      pageSize: 50,
      total: 3,
      startDateTime: toS(Date.UTC(2026, 7, 31, 18, 30)),
      endDateTime: toS(Date.UTC(2026, 10, 21, 18, 29, 59)),
    });
    expect(body.data.map((a) => a.alertTypeId)).toEqual(['A0009', 'A0100', 'A0003']);
    const theft = body.data[1] as AlertItem;
    expect(theft).toEqual({
      alertId: expect.any(String),
      alertName: 'Fuel theft',
      alertTypeId: 'A0100',
      alertSeverity: 'HIGH',
      critical: true,
      alertDescription: `Arjun 555 DI (${tractor.reg_no}) · 14.2 L (limit 10 L) · 11:00:00 am | 21 Nov, 2026`,
      alertthresholdvalue: 10,
      alertValue: 14.2,
      unit: 'L',
      latitude: 20.1667,
      longitude: 73.9833,
      timeStamp: toS(TEST_START - HOUR),
      vin: tractor.vin,
      regNo: tractor.reg_no,
      Veh_Name: 'Arjun 555 DI',
      vehicleModel: 'Arjun 555 DI',
      vehicleType: 'TRACTOR',
      vehicleCategory: 'FD_DOM',
      vehicleGroup: 'DiGiSENSE',
      alertConfigBy: 'oem',
      alertStatus: 'unread',
      // Set on geofence entry and exit only.
      geofenceId: null,
      geofenceName: null,
    });
    // One alert: the same, with the name of the place where it happened.
    const one = await get(t.app, `alerts/${theft.alertId}?isSec=true`, { token: owner.accessToken });
    expect(one.json()).toEqual({ ...theft, address: expect.stringMatching(/Nashik, Maharashtra$/) });
  });

  it("writes names and descriptions in the owner's language", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await t.database.db.kysely.updateTable('users').set({ language: 'hi' }).execute();
    await raise(tractor.id, 'A0102P3', TEST_START - HOUR, 230, 230);
    const [alert] = (await get(t.app, 'alerts', { token: owner.accessToken })).json<AlertsResponse>().data;
    expect(alert?.alertName).toBe('सर्विस रिमाइंडर 3');
    // Hours in Hindi, as the alert screens write them: a voice reads an English 'h' as a letter.
    expect(alert?.alertDescription).toContain('230 घंटे (सीमा 230 घंटे)');
    expect(alert?.alertDescription).toContain('सीमा');
  });

  it('filters by period, tractor, status, critical, severity and type, and pages', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const types: AlertTypeId[] = ['A0100', 'A0009', 'A0003', 'A0104', 'A0101', 'A0007'];
    for (const [i, type] of types.entries()) await raise(tractor.id, type, TEST_START - (i + 1) * HOUR);
    const list = async (query: string) => {
      const res = await get(t.app, `alerts?${query}`, { token: owner.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AlertsResponse>();
    };
    const ids = (r: AlertsResponse) => r.data.map((a) => a.alertTypeId);
    expect(ids(await list('critical=true'))).toEqual(['A0100', 'A0003', 'A0101']);
    expect(ids(await list('critical=false'))).toEqual(['A0009', 'A0104', 'A0007']);
    expect(ids(await list('severity=LOW'))).toEqual(['A0009', 'A0104']);
    expect(ids(await list('alertTypeId=A0101'))).toEqual(['A0101']);
    expect(ids(await list('critical=true&severity=LOW'))).toEqual([]);
    expect(ids(await list(`vin=${tractor.vin}&startDateTime=${toS(TEST_START - 3.5 * HOUR)}&endDateTime=${toS(TEST_START)}&isSec=true`))).toEqual([
      'A0100',
      'A0009',
      'A0003',
    ]);
    const page2 = await list('pageSize=4&page=2');
    expect({ total: page2.total, ids: ids(page2) }).toEqual({ total: 6, ids: ['A0101', 'A0007'] });
    const first = (await list('pageSize=1')).data[0] as AlertItem;
    await call(t.app, 'PUT', 'alerts', { alerts: [first.alertId], status: 1, isSec: true }, { token: owner.accessToken });
    expect(ids(await list('status=unread'))).toEqual(['A0009', 'A0003', 'A0104', 'A0101', 'A0007']);
    expect(ids(await list('status=read'))).toEqual(['A0100']);
  });

  it('bounds the period and the page size', async () => {
    const { owner } = await ownerWithTractor(t);
    const bad = async (query: string, path: string, code: string) => {
      const body = expectError(await get(t.app, `alerts?${query}`, { token: owner.accessToken }), 'VALIDATION_FAILED');
      expect(body.error.details).toContainEqual({ path, code });
    };
    await bad(`startDateTime=${toS(TEST_START - 120 * DAY)}&endDateTime=${toS(TEST_START)}`, 'endDateTime', 'RANGE_TOO_LONG');
    await bad(`startDateTime=${toS(TEST_START - 120 * DAY)}`, 'startDateTime', 'RANGE_TOO_LONG');
    await bad(`startDateTime=${toS(TEST_START)}&endDateTime=${toS(TEST_START - DAY)}`, 'endDateTime', 'RANGE_BACKWARDS');
    await bad('pageSize=500', 'pageSize', 'TOO_LONG');
    await bad('status=seen', 'status', 'INVALID');
    await bad('colour=red', 'colour', 'UNKNOWN_FIELD');
  });

  it('marks read with status 1 and counts unread alerts of the counted types only', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const theft = await raise(tractor.id, 'A0100', TEST_START - HOUR);
    await raise(tractor.id, 'A0102P2', TEST_START - 2 * HOUR);
    await raise(tractor.id, 'A0009', TEST_START - 3 * HOUR); // long idling: not counted
    await raise(tractor.id, 'A0104', TEST_START - 4 * HOUR); // refill: not counted
    const count = async () => (await get(t.app, `alerts/unread-count?vin=${tractor.vin}`, { token: owner.accessToken })).json<{ vin: string; count: number }>();
    expect(await count()).toEqual({ vin: tractor.vin, count: 2 });
    const marked = await call(t.app, 'PUT', 'alerts', { alerts: [theft, theft], status: 1, isSec: true }, { token: owner.accessToken });
    expect(marked.json()).toEqual({ updated: 1 });
    expect(await count()).toEqual({ vin: tractor.vin, count: 1 });
    expect((await call(t.app, 'PUT', 'alerts', { alerts: [theft], status: 1 }, { token: owner.accessToken })).json()).toEqual({ updated: 0 });
    const wrong = expectError(await call(t.app, 'PUT', 'alerts', { alerts: [theft], status: 0 }, { token: owner.accessToken }), 'VALIDATION_FAILED');
    expect(wrong.error.details).toEqual([{ path: 'status', code: 'STATUS_INVALID' }]);
    expectError(await get(t.app, 'alerts/unread-count', { token: owner.accessToken }), 'VALIDATION_FAILED');
    expectError(await get(t.app, 'alerts'), 'UNAUTHENTICATED');
  });

  it('counts unread alerts only within the window the list shows (spec §9: from the 1st of two months back)', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    // TEST_START is 21 November 2026: the window opens at 00:00 IST on 1 September.
    await raise(tractor.id, 'A0100', Date.UTC(2026, 7, 31, 18, 31)); // 1 September, 00:01 IST
    await raise(tractor.id, 'A0100', Date.UTC(2026, 7, 31, 18, 29)); // 31 August, 23:59 IST
    const count = await get(t.app, `alerts/unread-count?vin=${tractor.vin}`, { token: owner.accessToken });
    expect(count.json()).toEqual({ vin: tractor.vin, count: 1 });
    const listed = await get(t.app, 'alerts', { token: owner.accessToken });
    expect(listed.json<{ total: number }>().total).toBe(1);
  });

  it('alert configuration: defaults by oem, changes by user within safe bounds, and the rules use them', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const initial = (await get(t.app, `vehicles/alertconfig/${tractor.vin}?isSec=true`, { token })).json<AlertConfigResponse>();
    expect(initial.data).toHaveLength(ALERT_TYPES.length);
    expect(initial.data.find((c) => c.alertTypeId === 'A0003')).toEqual({
      alertTypeId: 'A0003',
      enabled: true,
      thresholdValue: 105,
      durationSeconds: 60,
      alertConfigBy: 'oem',
    });
    expect(initial.data.every((c) => c.alertConfigBy === 'oem')).toBe(true);

    const one = await call(t.app, 'PUT', 'vehicles/alertconfig', { vin: tractor.vin, alertTypeId: 'A0003', thresholdValue: 115, isSec: true }, { token });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<AlertConfigResponse>().data.find((c) => c.alertTypeId === 'A0003')).toEqual({
      alertTypeId: 'A0003',
      enabled: true,
      thresholdValue: 115,
      durationSeconds: 60,
      alertConfigBy: 'user',
    });
    const many = await call(
      t.app,
      'PUT',
      'vehicles/alertconfigs',
      {
        vin: tractor.vin,
        configs: [
          { alertTypeId: 'A0007', enabled: false },
          { alertTypeId: 'A0001', durationSeconds: 30 },
        ],
      },
      { token },
    );
    const byType = new Map(many.json<AlertConfigResponse>().data.map((c) => [c.alertTypeId, c]));
    expect(byType.get('A0007')).toMatchObject({ enabled: false, thresholdValue: 2500, alertConfigBy: 'user' });
    expect(byType.get('A0001')).toMatchObject({ enabled: true, durationSeconds: 30, alertConfigBy: 'user' });
    expect(byType.get('A0003')).toMatchObject({ thresholdValue: 115 });

    // 110 °C no longer alerts, high RPM is off; 120 °C does, marked 'user'.
    await ingest(
      t.app,
      tractor,
      series(TEST_START - HOUR, 30, 5 * SECOND, () => engineOn({ coolantC: 110, rpm: 2800 })),
    );
    expect(await storedAlerts(t.database.db.kysely, tractor.id)).toEqual([]);
    await ingest(
      t.app,
      tractor,
      series(TEST_START - 50 * MINUTE, 30, 5 * SECOND, () => engineOn({ coolantC: 120, rpm: 2800 })),
    );
    const alerts = (await get(t.app, 'alerts', { token })).json<AlertsResponse>().data;
    expect(alerts.map((a) => [a.alertTypeId, a.alertthresholdvalue, a.alertConfigBy])).toEqual([['A0003', 115, 'user']]);

    const refused = async (body: unknown, details: { path: string; code: string }[]) => {
      const res = await call(t.app, 'PUT', 'vehicles/alertconfigs', body, { token });
      expect(expectError(res, 'VALIDATION_FAILED').error.details).toEqual(details);
    };
    await refused({ vin: tractor.vin, configs: [{ alertTypeId: 'A0100', thresholdValue: 1 }] }, [
      { path: 'configs.0.thresholdValue', code: 'THRESHOLD_OUT_OF_RANGE' },
    ]);
    await refused({ vin: tractor.vin, configs: [{ alertTypeId: 'A0101', durationSeconds: 60 }] }, [
      { path: 'configs.0.durationSeconds', code: 'NOT_CONFIGURABLE' },
    ]);
    await refused({ vin: tractor.vin, configs: [{ alertTypeId: 'A9999' }] }, [{ path: 'configs.0.alertTypeId', code: 'ALERT_TYPE_UNKNOWN' }]);
    await refused({ vin: tractor.vin, configs: [] }, [{ path: 'configs', code: 'TOO_SHORT' }]);
    const single = await call(t.app, 'PUT', 'vehicles/alertconfig', { vin: tractor.vin, alertTypeId: 'A0005', thresholdValue: 20 }, { token });
    expect(expectError(single, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'thresholdValue', code: 'THRESHOLD_OUT_OF_RANGE' }]);
  });

  it('raiseAlert (alerts from outside the telemetry rules) writes the alert and its delivery, and respects a disabled type', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const id = await raise(tractor.id, 'A0110', TEST_START - MINUTE);
    expect(id).toEqual(expect.any(String));
    expect(await t.database.db.kysely.selectFrom('alert_outbox').select(['alert_id', 'kind']).execute()).toEqual([{ alert_id: id, kind: 'fanout' }]);
    await call(t.app, 'PUT', 'vehicles/alertconfig', { vin: tractor.vin, alertTypeId: 'A0110', enabled: false }, { token: owner.accessToken });
    expect(await raise(tractor.id, 'A0110', TEST_START)).toBeUndefined();
    expect(await storedAlerts(t.database.db.kysely, tractor.id)).toEqual(['A0110']);
  });

  it("receivers: create, list, update and delete, with the spec's field rules, a limit and no duplicates", async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const created = await post(t.app, 'receivers', { name: 'Suresh Patil', phone: '9123456789', channel: 'sms' }, { token });
    expect(created.statusCode, created.body).toBe(201);
    const suresh = created.json<Receiver>();
    expect(suresh).toEqual({ id: expect.any(String), name: 'Suresh Patil', phone: '9123456789', channel: 'sms', language: 'en' });
    expectError(await post(t.app, 'receivers', { name: 'Suresh', phone: '9123456789', channel: 'sms' }, { token }), 'RECEIVER_EXISTS');
    const invalid = expectError(
      await post(t.app, 'receivers', { name: 'Suresh 2', phone: '91234 56789', channel: 'whatsapp' }, { token }),
      'VALIDATION_FAILED',
    );
    expect(invalid.error.details).toEqual([
      { path: 'name', code: 'NAME_INVALID' },
      { path: 'phone', code: 'PHONE_INVALID' },
      { path: 'channel', code: 'CHANNEL_INVALID' },
    ]);
    for (const phone of ['9123456780', '9123456781', '9123456782', '9123456783']) {
      expect((await post(t.app, 'receivers', { name: 'Helper', phone, channel: 'notification' }, { token })).statusCode).toBe(201);
    }
    expectError(await post(t.app, 'receivers', { name: 'One More', phone: '9123456784', channel: 'sms' }, { token }), 'RECEIVER_LIMIT');

    const updated = await call(t.app, 'PUT', `receivers/${suresh.id}`, { name: 'Suresh Jadhav', phone: '9123456789', channel: 'notification' }, { token });
    expect(updated.json()).toEqual({ ...suresh, name: 'Suresh Jadhav', channel: 'notification' });
    const list = (await get(t.app, 'receivers?isSec=true', { token })).json<{ data: Receiver[] }>().data;
    expect(list).toHaveLength(5);
    expect(list.find((r) => r.id === suresh.id)).toEqual({ ...suresh, name: 'Suresh Jadhav', channel: 'notification' });
    expect((await call(t.app, 'DELETE', `receivers/${suresh.id}`, undefined, { token })).statusCode).toBe(204);
    expectError(await call(t.app, 'DELETE', `receivers/${suresh.id}`, undefined, { token }), 'NOT_FOUND');
    expect((await get(t.app, 'receivers', { token })).json<{ data: Receiver[] }>().data).toHaveLength(4);
  });

  it('push subscription: the VAPID key, subscribe with PushSubscription.toJSON(), unsubscribe; only known push services', async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const key = (await get(t.app, 'pushsubscription/key')).json<{ publicKey: string }>().publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    // The same key after a restart: it is kept in the database.
    expect((await get(await t.build(), 'pushsubscription/key')).json<{ publicKey: string }>().publicKey).toBe(key);

    const keys = browserKeys().json;
    const endpoint = 'https://push.example.net/send/abc123';
    const sub = await post(t.app, 'pushsubscription', { endpoint, expirationTime: null, keys }, { token });
    expect(sub.statusCode, sub.body).toBe(204);
    const rows = () => t.database.db.kysely.selectFrom('push_subscriptions').select(['endpoint', 'p256dh']).execute();
    expect(await rows()).toEqual([{ endpoint, p256dh: keys.p256dh }]);
    // Again from the same browser: still one.
    await post(t.app, 'pushsubscription', { endpoint, keys }, { token });
    expect(await rows()).toHaveLength(1);

    const elsewhere = expectError(await post(t.app, 'pushsubscription', { endpoint: 'https://10.0.0.5/admin', keys }, { token }), 'VALIDATION_FAILED');
    expect(elsewhere.error.details).toEqual([{ path: 'endpoint', code: 'PUSH_ENDPOINT_NOT_ALLOWED' }]);
    const badKey = expectError(await post(t.app, 'pushsubscription', { endpoint, keys: { ...keys, p256dh: 'A'.repeat(87) } }, { token }), 'VALIDATION_FAILED');
    expect(badKey.error.details).toEqual([{ path: 'keys.p256dh', code: 'PUSH_KEY_INVALID' }]);
    expectError(await post(t.app, 'pushsubscription', { endpoint, keys }), 'UNAUTHENTICATED');

    expect((await call(t.app, 'DELETE', 'pushsubscription', { endpoint }, { token })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('an endpoint known for one owner moves to another only with its keys (the same browser), never by its address alone, even posted in parallel', async () => {
    const a = await ownerWithTractor(t, '9876543210');
    const b = await ownerWithTractor(t, '9822012345');
    const keys = browserKeys().json;
    const endpoint = 'https://push.example.net/send/owner-a';
    expect((await post(t.app, 'pushsubscription', { endpoint, keys }, { token: a.owner.accessToken })).statusCode).toBe(204);
    const ownerOf = async () =>
      await t.database.db.kysely.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).executeTakeFirstOrThrow();
    const before = await ownerOf();

    // Another account posting the endpoint with its own keys: refused, nothing moves.
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, 'pushsubscription', { endpoint, keys: browserKeys().json }, { token: b.owner.accessToken })),
    );
    for (const res of attempts) expect(expectError(res, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'endpoint', code: 'PUSH_ENDPOINT_TAKEN' }]);
    expect(await ownerOf()).toEqual(before);

    // The same browser (it holds the keys) signed in as the other owner: it moves.
    expect((await post(t.app, 'pushsubscription', { endpoint, keys }, { token: b.owner.accessToken })).statusCode).toBe(204);
    expect((await ownerOf()).user_id).not.toBe(before.user_id);
    // The owner it belongs to may renew its keys.
    const renewed = browserKeys().json;
    expect((await post(t.app, 'pushsubscription', { endpoint, keys: renewed }, { token: b.owner.accessToken })).statusCode).toBe(204);
    expect((await ownerOf()).p256dh).toBe(renewed.p256dh);
  });
});
