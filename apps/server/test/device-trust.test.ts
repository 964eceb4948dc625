import { describe, expect, it } from 'vitest';
import { encodeCodec8eFrame } from '../src/devices/teltonika/encoder';
import { expectError, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { standingRecord } from './support/teltonika-frames';
import { DevicePeer } from './support/teltonika-peer';
import { MINUTE } from './support/test-clock';
import { validTractor } from './support/vehicles';

const OPERATOR_KEY = 'operator-key-for-tests-0123456789';
const key = { headers: { 'x-operator-key': OPERATOR_KEY } };

/**
 * A device id is all that vouches for a Teltonika or OsmAnd device (that is how they work), so it
 * is bounded: a record budget per device on every path, short phone-app ids for the OsmAnd model
 * only, and an optional per-device secret for the HTTP protocols.
 */
describe.each(dbTargets)('devices trusted by their id, within bounds, on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY, DEVICE_MAX_RECORDS_PER_MINUTE: '60' });
  const osmand = (id: string, extra = '', secondsAgo = 5) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ingest/osmand?id=${id}&lat=20.1&lon=73.9&timestamp=${Math.floor(t.clock.now() / 1000) - secondsAgo}${extra}` });
  const stored = async (imei: string) => {
    const tractor = await t.database.db.kysely.selectFrom('tractors').select('id').where('imei', '=', imei).executeTakeFirstOrThrow();
    return t.database.db.kysely.selectFrom('telemetry').select(['device_time', 'attributes']).where('tractor_id', '=', tractor.id).execute();
  };

  it("takes a Traccar Client's short id for the OsmAnd model only", async () => {
    expect((await post(t.app, 'operator/tractors', { ...validTractor(1), imei: '902064', deviceModel: 'OsmAnd' }, key)).statusCode).toBe(201);
    expect((await osmand('902064')).statusCode).toBe(200);
    expect(await stored('902064')).toHaveLength(1);
    const res = await post(t.app, 'operator/tractors', { ...validTractor(2), imei: '902065' }, key);
    expect(res.statusCode, res.body).toBe(400);
    expect(expectError(res, 'VALIDATION_FAILED').error.details).toContainEqual({ path: 'imei', code: 'IMEI_INVALID' });
    expect(
      expectError(await post(t.app, 'operator/tractors', { ...validTractor(3), imei: 'ab', deviceModel: 'OsmAnd' }, key), 'VALIDATION_FAILED').error.details,
    ).toContainEqual({ path: 'imei', code: 'IMEI_INVALID' });
  });

  it('requires the key of a device given one, and never stores it', async () => {
    const secret = 'S3cret-for-902070';
    expect((await post(t.app, 'operator/tractors', { ...validTractor(1), imei: '902070', deviceModel: 'OsmAnd', deviceKey: secret }, key)).statusCode).toBe(
      201,
    );
    expect((await osmand('902070')).statusCode).toBe(401);
    expect((await osmand('902070', '&key=wrong-key-123')).statusCode).toBe(401);
    expect((await osmand('902070', `&key=${secret}`)).statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/osmand',
      headers: { 'content-type': 'application/json' },
      payload: {
        device_id: '902070',
        key: secret,
        location: { timestamp: new Date(t.clock.now() - 1000).toISOString(), coords: { latitude: 20.1, longitude: 73.9 }, extras: { key: secret } },
      },
    });
    expect(json.statusCode).toBe(200);
    const rows = await stored('902070');
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.attributes ?? '').not.toContain(secret);
    // A device without a key is not asked for one.
    expect((await post(t.app, 'operator/tractors', { ...validTractor(2), imei: '902071', deviceModel: 'OsmAnd' }, key)).statusCode).toBe(201);
    expect((await osmand('902071')).statusCode).toBe(200);
  });

  it('holds a device to its record budget over HTTP, and lets it in again as the budget refills', async () => {
    expect((await post(t.app, 'operator/tractors', { ...validTractor(1), imei: '902080', deviceModel: 'OsmAnd' }, key)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => osmand('902080', '', 100 - i)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(60);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored('902080')).toHaveLength(60);
    // Another device is not affected.
    expect((await post(t.app, 'operator/tractors', { ...validTractor(2), imei: '902081', deviceModel: 'OsmAnd' }, key)).statusCode).toBe(201);
    expect((await osmand('902081')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await osmand('902080')).statusCode).toBe(200);
  });

  it('holds a batch to the budgets of its devices, all or nothing', async () => {
    const tractor = validTractor(1);
    expect((await post(t.app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    const records = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ deviceId: tractor.imei, time: t.clock.now() - 100_000 + from + i * 1000, lat: 20.1, lon: 73.9 }));
    expect((await post(t.app, 'ingest/batch', { records: records(50, 0) }, key)).statusCode).toBe(200);
    const over = await post(t.app, 'ingest/batch', { records: records(20, 50_000) }, key);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'DEVICE_RATE_LIMITED', retryAfterSeconds: Number(over.headers['retry-after']) });
    expect(await stored(tractor.imei)).toHaveLength(50);
  });

  it('makes a Teltonika device over its budget wait: the frame is acknowledged once the budget refills, nothing lost', { timeout: 30_000 }, async () => {
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', DEVICE_UDP_PORT: 'off' }, { startDevices: true });
    const tractor = validTractor(1);
    expect((await post(app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    const device = await DevicePeer.connect(app.deviceServer?.port as number);
    expect(await device.handshake(tractor.imei)).toBe(1);
    const frame = (n: number, from: number) =>
      encodeCodec8eFrame(Array.from({ length: n }, (_, i) => standingRecord(t.clock.now() - 200_000 + (from + i) * 1000)));
    expect(await device.sendFrame(frame(50, 0))).toBe(50);
    const second = device.sendFrame(frame(50, 50));
    let acked = false;
    void second.then(() => (acked = true));
    // Not acknowledged while over the budget: the server holds the frame, reading paused…
    await expect.poll(() => app.deviceServer?.throttled()).toBe(1);
    expect(acked).toBe(false);
    expect(await stored(tractor.imei)).toHaveLength(50);
    // …and committed once the budget has refilled.
    t.clock.advance(MINUTE);
    expect(await second).toBe(50);
    expect(await stored(tractor.imei)).toHaveLength(100);
    device.end();
  });
});
