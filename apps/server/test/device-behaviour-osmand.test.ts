import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';

/**
 * Phones and trackers on the OsmAnd protocol as the Traccar Client apps really send it, over a real
 * HTTP connection: the Android app of 2015-2024 (POST, every parameter in the URL, no body), and the
 * app since 2025 (the JSON document of its background-geolocation library, one location a request,
 * or an array of them when that library syncs in batches).
 */

const DEVICE_ID = '87377670';

describe.each(dbTargets)('Traccar Client over HTTP ($name)', (target) => {
  const t = useTestApp(target);
  const start = async () => {
    const app = await t.build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const tractor = await provisionTractor(t.database.db.kysely, { imei: DEVICE_ID, deviceModel: 'OsmAnd' });
    return { url: `${baseUrl(app)}/api/v1/ingest/osmand`, tractor };
  };
  const rows = (tractorId: string) =>
    t.database.db.kysely
      .selectFrom('telemetry')
      .select(['device_time', 'lat', 'lon', 'speed_kmh'])
      .where('tractor_id', '=', tractorId)
      .orderBy('device_time')
      .execute();
  const at = (iso: string) => Date.parse(iso);

  it('stores the Android app’s POST with its parameters in the URL and no body (timestamp in seconds), and a resend once', async () => {
    const { url, tractor } = await start();
    const t0 = t.clock.now() - 600_000;
    const query = `id=${DEVICE_ID}&timestamp=${t0 / 1000}&lat=20.1700000&lon=73.9800000&speed=5.3995680&bearing=90.0&altitude=560.0&accuracy=12.0&batt=87.0`;
    for (const headers of [{}, { 'content-type': 'application/x-www-form-urlencoded' }] as Record<string, string>[]) {
      const res = await fetch(`${url}?${query}`, { method: 'POST', headers });
      expect(res.status, await res.text()).toBe(200);
    }
    const stored = await rows(tractor.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ device_time: t0, lat: 20.17, lon: 73.98 });
    expect(stored[0]?.speed_kmh).toBeCloseTo(10, 3);
  });

  it.each([
    ['seconds', (ms: number) => String(ms / 1000)],
    ['milliseconds', (ms: number) => String(ms)],
    ['ISO-8601', (ms: number) => new Date(ms).toISOString()],
  ])('reads a timestamp in %s', async (_name, format) => {
    const { url, tractor } = await start();
    const t0 = t.clock.now() - 120_000;
    const res = await fetch(`${url}?id=${DEVICE_ID}&lat=20.17&lon=73.98&timestamp=${encodeURIComponent(format(t0))}`);
    expect(res.status).toBe(200);
    expect((await rows(tractor.id)).map((r) => Number(r.device_time))).toEqual([t0]);
  });

  /** One location as the 2025 app's template writes it (lib/preferences.dart, locationTemplate). */
  const appLocation = (iso: string, lat: number) => ({
    timestamp: iso,
    coords: { latitude: lat, longitude: 73.98, accuracy: 14.2, speed: 2.5, heading: 87.5, altitude: 561.3 },
    is_moving: true,
    odometer: 1234.5,
    event: '',
    battery: { level: 0.64, is_charging: false },
    activity: { type: 'in_vehicle' },
    extras: {},
    _: `&id=${DEVICE_ID}&lat=${lat}&lon=73.98&timestamp=${iso}&`,
  });

  it('stores the 2025 app’s JSON document (device_id beside the location, ISO time) and a resend once', async () => {
    const { url, tractor } = await start();
    const iso = new Date(t.clock.now() - 60_000).toISOString();
    const body = JSON.stringify({ location: appLocation(iso, 20.17), device_id: DEVICE_ID });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, await res.text()).toBe(200);
    }
    const stored = await rows(tractor.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ device_time: at(iso), lat: 20.17, lon: 73.98 });
    expect(stored[0]?.speed_kmh).toBeCloseTo(9, 3);
  });

  it('stores a batch (the location array of a batch sync) whole, and a resent batch once', async () => {
    const { url, tractor } = await start();
    const times = [180_000, 120_000, 60_000].map((ago) => new Date(t.clock.now() - ago).toISOString());
    const body = JSON.stringify({ location: times.map((iso, i) => appLocation(iso, 20.17 + i / 1000)), device_id: DEVICE_ID });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, await res.text()).toBe(200);
    }
    expect((await rows(tractor.id)).map((r) => [Number(r.device_time), r.lat])).toEqual(times.map((iso, i) => [at(iso), 20.17 + i / 1000]));
  });

  it('refuses a batch with a location it cannot read, storing none of it, and takes it resent without that one', async () => {
    const { url, tractor } = await start();
    const good = appLocation(new Date(t.clock.now() - 60_000).toISOString(), 20.17);
    const body = JSON.stringify({ location: [good, { ...good, coords: { latitude: 95, longitude: 73.98 } }], device_id: DEVICE_ID });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_COORDINATES' } });
    expect(await rows(tractor.id)).toEqual([]);
    // Resent without the broken one, the batch is taken.
    const fixed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location: [good], device_id: DEVICE_ID }),
    });
    expect(fixed.status).toBe(200);
    expect(await rows(tractor.id)).toHaveLength(1);
  });
});

function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
