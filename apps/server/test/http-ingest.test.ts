import { describe, expect, it, vi } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { get } from './support/api';
import { LogCapture } from './support/log-capture';
import { MINUTE } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';
import { provisionTractor } from './support/tractors';

const OPERATOR_KEY = 'operator-key-for-tests-0123456789';

describe.each(dbTargets)('HTTP ingestion on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });
  const rows = (tractorId: string) =>
    t.database.db.kysely
      .selectFrom('telemetry')
      .select(['device_time', 'lat', 'lon', 'speed_kmh', 'ignition', 'rpm', 'attributes'])
      .where('tractor_id', '=', tractorId)
      .orderBy('device_time')
      .execute();

  it('stores an OsmAnd query-string position of a provisioned device (speed in knots)', async () => {
    const tractor = await provisionTractor(t.database.db.kysely, { imei: '123456789012345' });
    t.clock.set(1504763810000 + MINUTE); // the vector's day: records over a year old are refused
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ingest/osmand?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows(tractor.id);
    expect(row).toMatchObject({ device_time: 1504763810000, lat: 40.7232948571, lon: -74.0061408571, ignition: 1, rpm: 933 });
    expect(row?.speed_kmh).toBeCloseTo(74.08, 2);
  });

  it('reads parameters from a form body when the URL has none', async () => {
    const tractor = await provisionTractor(t.database.db.kysely, { imei: '353861053849681' });
    t.clock.set(Date.UTC(2014, 5, 4, 9, 11));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681',
    });
    expect(res.statusCode).toBe(200);
    expect(await rows(tractor.id)).toHaveLength(1);
  });

  it('a form body naming a device id no device can have (a NUL in it) is refused as unknown; a NUL in an attribute is kept as text', async () => {
    const tractor = await provisionTractor(t.database.db.kysely, { imei: '353861053849682' });
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/ingest/osmand', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    const unknown = await post('id=3538610538%0049682&lat=20.1&lon=73.9');
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'DEVICE_UNKNOWN' } });
    const noted = await post('id=353861053849682&lat=20.1&lon=73.9&note=a%00b');
    expect(noted.statusCode, noted.body).toBe(200);
    const [row] = await rows(tractor.id);
    expect(JSON.parse(row?.attributes ?? '{}')).toMatchObject({ note: 'a\u0000b' });
  });

  it('stores a Traccar Client JSON document', async () => {
    const tractor = await provisionTractor(t.database.db.kysely, { imei: '8737767034' });
    t.clock.set(Date.parse('2021-07-21T08:07:00Z'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/osmand',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"location":{"event":"motionchange","is_moving":false,"timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"heading":63,"altitude":35.7},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"8737767034"}',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows(tractor.id);
    expect(row).toMatchObject({ device_time: Date.parse('2021-07-21T08:06:34.444Z'), lat: -6.1148096 });
    expect(JSON.parse(row?.attributes ?? '{}')).toMatchObject({ batteryLevel: 79, activity: 'still' });
  });

  it('stores a resent position once', async () => {
    const tractor = await provisionTractor(t.database.db.kysely, { imei: '902064' });
    t.clock.set(1442068686579 + MINUTE);
    const url = '/api/v1/ingest/osmand?id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(await rows(tractor.id)).toHaveLength(1);
  });

  it.each([
    ['no id', 'GET', '/api/v1/ingest/osmand?timestamp=1377177267&lat=60.0&lon=30.0', undefined, 400, 'DEVICE_ID_MISSING'],
    ['an unknown device (query)', 'GET', '/api/v1/ingest/osmand?id=555&lat=60&lon=30', undefined, 400, 'DEVICE_UNKNOWN'],
    [
      'an unknown device (JSON)',
      'POST',
      '/api/v1/ingest/osmand',
      '{"device_id":"555","location":{"coords":{"latitude":1,"longitude":2}}}',
      404,
      'DEVICE_UNKNOWN',
    ],
    ['bad coordinates', 'GET', '/api/v1/ingest/osmand?id=555&lat=95&lon=30', undefined, 400, 'BAD_COORDINATES'],
    ['a bad timestamp', 'GET', '/api/v1/ingest/osmand?id=555&timestamp=soon', undefined, 400, 'BAD_TIMESTAMP'],
  ] as const)('refuses %s with a code', async (_case, method, url, payload, status, code) => {
    const res = await t.app.inject({ method, url, payload, headers: payload ? { 'content-type': 'application/json' } : {} });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { code } });
  });

  it('takes a JSON batch of several devices with the operator key, all or nothing', async () => {
    const a = await provisionTractor(t.database.db.kysely);
    const b = await provisionTractor(t.database.db.kysely);
    const batch = (records: object[], key = OPERATOR_KEY) =>
      t.app.inject({ method: 'POST', url: '/api/v1/ingest/batch', headers: { 'x-operator-key': key }, payload: { records } });
    const ok = await batch([
      { deviceId: a.imei, time: 1_763_700_000_000, lat: 20.1, lon: 73.9, ignition: true, fuelPercent: 50 },
      { deviceId: b.imei, time: '2026-11-21T06:00:00Z', lat: 20.2, lon: 73.8 },
      { deviceId: a.imei, time: 1_763_700_010_000, lat: 20.1001, lon: 73.9 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ accepted: 3 });
    expect(await rows(a.id)).toHaveLength(2);
    expect(await rows(b.id)).toHaveLength(1);

    const unknown = await batch([
      { deviceId: a.imei, time: 1_763_700_020_000 },
      { deviceId: 'nope', time: 1_763_700_020_000 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'DEVICE_UNKNOWN', details: [{ path: 'records.1.deviceId', code: 'DEVICE_UNKNOWN' }] } });
    expect(await rows(a.id)).toHaveLength(2);

    expect((await batch([{ deviceId: a.imei, time: 5, extra: 1 }])).json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect((await batch([{ deviceId: a.imei, time: 1_763_700_000_000 }], 'wrong-key-wrong-key-wrong')).json()).toMatchObject({
      error: { code: 'OPERATOR_KEY_INVALID' },
    });
    expect((await batch([{ deviceId: a.imei, time: 1_763_700_000_000 }], 'short')).statusCode).toBe(401);
  });
});

describe('HTTP batch ingestion without an operator key', () => {
  const t = useTestApp(dbTargets[0] as (typeof dbTargets)[number]);
  it('does not exist', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/ingest/batch', payload: { records: [] } });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(dbTargets)('poisoned values on $name', (target) => {
  const t = useTestApp(target);
  const IMEI = '356307042441999';
  const now = () => Math.floor(t.clock.now() / 1000);
  const send = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/ingest/osmand?id=${IMEI}&lat=20.1&lon=73.9&${query}` });

  it.each([
    ['speed=1e308', 'speed_kmh'],
    ['speed=Infinity', 'speed_kmh'],
    ['speed=NaN', 'speed_kmh'],
    ['speed=-5', 'speed_kmh'],
    ['rpm=1e308', 'rpm'],
    ['fuel=1e308', 'fuel_l'],
    ['power=1e308', 'ext_v'],
  ])("%s: the field is dropped, the record kept, and the day's track still answers", async (query, column) => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { imei: IMEI });
    const res = await send(`timestamp=${now() - 60}&${query}&ignition=true`);
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.kysely.selectFrom('telemetry').selectAll().where('tractor_id', '=', tractor.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[column as 'rpm']).toBeNull();
    expect(rows[0]?.lat).toBe(20.1);
    const track = await get(t.app, `vehicles/${tractor.vin}/track`, { token: owner.accessToken });
    expect(track.statusCode, track.body).toBe(200);
  });

  it('a position of 0,0 (no fix) or one marked not valid is not stored as where the tractor is; the rest of the record is', async () => {
    const tractor = await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const at = now() - 60;
    const noFix = await t.app.inject({ method: 'GET', url: `/api/v1/ingest/osmand?id=${IMEI}&timestamp=${at}&lat=0&lon=0&ignition=true` });
    expect(noFix.statusCode).toBe(200);
    const invalid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ingest/osmand?id=${IMEI}&timestamp=${at + 10}&lat=20.1&lon=73.9&speed=5&valid=false&ignition=true`,
    });
    expect(invalid.statusCode).toBe(200);
    const rows = await t.database.db.kysely
      .selectFrom('telemetry')
      .select(['device_time', 'lat', 'lon', 'speed_kmh', 'ignition'])
      .where('tractor_id', '=', tractor.id)
      .orderBy('device_time')
      .execute();
    expect(rows.map((r) => ({ ...r, device_time: Number(r.device_time) }))).toEqual([
      { device_time: at * 1000, lat: null, lon: null, speed_kmh: null, ignition: 1 },
      { device_time: (at + 10) * 1000, lat: null, lon: null, speed_kmh: null, ignition: 1 },
    ]);
  });

  it.each([
    ['year 275760', '8640000000000'],
    ['1970', '0'],
    ['1e308', '1e308'],
  ])('a record dated %s is not kept, and later records are', async (_, timestamp) => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { imei: IMEI });
    expect((await send(`timestamp=${timestamp}`)).statusCode).toBeLessThan(500);
    expect((await send(`timestamp=${now() - 30}`)).statusCode).toBe(200);
    const rows = await t.database.db.kysely.selectFrom('telemetry').select('device_time').where('tractor_id', '=', tractor.id).execute();
    expect(rows.map((r) => Number(r.device_time))).toEqual([(now() - 30) * 1000]);
    const home = await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken });
    expect(home.statusCode, home.body).toBe(200);
  });
});

describe.each(dbTargets)('resent records on $name', (target) => {
  const t = useTestApp(target);

  it('a resend that differs from the stored record is logged (once an hour per tractor), the stored one kept; a plain resend is not', async () => {
    const logs = new LogCapture();
    const app = await t.build({ LOG_LEVEL: 'info' }, { logStream: logs });
    const tractor = await provisionTractor(t.database.db.kysely, { imei: '356307042441777' });
    const at = Math.floor(t.clock.now() / 1000) - 60;
    const send = (query: string) => app.inject({ method: 'GET', url: `/api/v1/ingest/osmand?id=356307042441777&timestamp=${at}&${query}` });
    const warnings = () => logs.records().filter((r) => r.msg === 'resent record differs from the stored one; the stored one is kept');
    expect((await send('lat=20.1&lon=73.9&speed=5')).statusCode).toBe(200);
    expect((await send('lat=20.1&lon=73.9&speed=5')).statusCode).toBe(200);
    await app.services.telemetry.ingestor.idle();
    expect(warnings()).toEqual([]);
    expect((await send('lat=20.2&lon=73.9&speed=5')).statusCode).toBe(200);
    expect((await send('lat=20.3&lon=73.9&speed=5')).statusCode).toBe(200);
    await vi.waitFor(() => expect(warnings()).toHaveLength(1));
    expect(warnings()[0]).toMatchObject({ tractorId: tractor.id, first: { deviceTime: at * 1000, columns: ['lat'] } });
    const rows = await t.database.db.kysely.selectFrom('telemetry').select('lat').where('tractor_id', '=', tractor.id).execute();
    expect(rows).toEqual([{ lat: 20.1 }]);
  });
});
