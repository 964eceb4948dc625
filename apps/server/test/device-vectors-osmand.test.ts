import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';

/**
 * Every request of Traccar's OsmAnd decoder tests, sent over a real HTTP connection to our OsmAnd
 * endpoint (Traccar's path `/` is ours `/api/v1/ingest/osmand`): the status, and the record stored
 * with its decoded values (speed in knots for the query form, m/s for the JSON form; a time without
 * a zone in IST).
 *
 * Requests: traccar/traccar src/test/java/org/traccar/protocol/OsmAndProtocolDecoderTest.java
 * (commit 9e5c458a, Apache-2.0), keyed by their line there.
 */

const KNOT = 1.852;
const NOW = Date.UTC(2026, 10, 20, 6);

type Row = {
  device_time: number;
  lat: number | null;
  lon: number | null;
  speed_kmh: number | null;
  heading: number | null;
  altitude: number | null;
  ignition: number | null;
  rpm: number | null;
  fuel_l: number | null;
};
const row = (r: Partial<Row> & { device_time: number }): Row => ({
  lat: null,
  lon: null,
  speed_kmh: null,
  heading: null,
  altitude: null,
  ignition: null,
  rpm: null,
  fuel_l: null,
  ...r,
});

/** testDecodeQuery: [line, device id, query, server clock, the row stored, attributes it keeps]. */
const QUERIES: [number, string, string, number, Row, Record<string, unknown>][] = [
  [
    35,
    '123456',
    'id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
    1377177267000 + 60_000,
    row({ device_time: 1377177267000 }),
    {},
  ],
  [
    41,
    '902064',
    'id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0',
    Date.UTC(2016, 0, 27, 18, 56),
    row({ device_time: Date.UTC(2016, 0, 27, 18, 55, 47), lat: 42.06288, lon: -88.23412, speed_kmh: 0, altitude: 224 }),
    {},
  ],
  [
    44,
    '902064',
    'id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0',
    1442068686579 + 60_000,
    row({ device_time: 1442068686579, lat: 42.06288, lon: -88.23412, speed_kmh: 0, altitude: 224 }),
    {},
  ],
  [
    47,
    '353861053849681',
    'lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681',
    Date.UTC(2014, 5, 4, 4),
    // No zone: read as IST (UTC+05:30).
    row({ device_time: Date.UTC(2014, 5, 4, 3, 40, 11), lat: 49.60688, lon: 6.15788, speed_kmh: 0, altitude: 384.7 }),
    {},
  ],
  [
    50,
    '123456',
    'id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0',
    1377177267000 + 60_000,
    row({ device_time: 1377177267000, lat: 60, lon: 30, speed_kmh: 0, heading: 0, altitude: 0 }),
    {},
  ],
  [53, '123456', 'id=123456&timestamp=1377177267&lat=60.0&lon=30.0', 1377177267000 + 60_000, row({ device_time: 1377177267000, lat: 60, lon: 30 }), {}],
  [
    56,
    '123456',
    'lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=123456',
    NOW,
    // No timestamp: the server's time.
    row({ device_time: NOW, lat: 60, lon: 30, speed_kmh: 0, heading: 0, altitude: 0 }),
    { vacc: 0, hacc: 0 },
  ],
  [
    59,
    '861001000719969',
    'id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87',
    NOW,
    row({ device_time: NOW, lat: 41.666667, lon: -0.883333, speed_kmh: 0, altitude: 350.059479 }),
    { batteryLevel: 87 },
  ],
  [62, '123456', 'id=123456&timestamp=1377177267&location=60.0,30.0', 1377177267000 + 60_000, row({ device_time: 1377177267000, lat: 60, lon: 30 }), {}],
  [
    65,
    '123456789012345',
    'id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
    1504763810000 + 60_000,
    // 40 knots; fuel 24 % of the 60 L tank.
    row({
      device_time: 1504763810000,
      lat: 40.7232948571,
      lon: -74.0061408571,
      speed_kmh: 40 * KNOT,
      heading: 7.19889788244,
      ignition: 1,
      rpm: 933,
      fuel_l: 14.4,
    }),
    {},
  ],
];

const JSON_LOCATION_15 = {
  timestamp: '2025-06-15T13:45:12.862Z',
  coords: { latitude: 37.4219983, longitude: -122.084, accuracy: 5, speed: 0, heading: -1, altitude: 5 },
  is_moving: false,
  odometer: 0,
  event: 'motionchange',
  battery: { level: 1, is_charging: false },
  activity: { type: 'still' },
  extras: {},
  _: '&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&',
};

/** Line 18's extras: each kept as an attribute of its type. */
const EXTRAS_18 = {
  device_string_test: 'long_device_id',
  device_bool_test: true,
  device_bool_false_test: false,
  device_integer_test: 1,
  device_integer_twelve_test: 12,
  device_double_test: 1.345,
  device_very_long_double_test: 1763636.3442,
};

/** testDecodeJson: [line, the document, the row stored, attributes it keeps]. */
const DOCUMENTS: [number, { device_id: string; location: Record<string, unknown> }, Row, Record<string, unknown>][] = [
  [
    15,
    { location: JSON_LOCATION_15, device_id: '48241179' },
    // heading -1 is no heading; accuracy 5 m is under the 10 m Traccar keeps.
    row({ device_time: Date.parse('2025-06-15T13:45:12.862Z'), lat: 37.4219983, lon: -122.084, speed_kmh: 0, altitude: 5 }),
    { batteryLevel: 100, charge: false, motion: false, event: 'motionchange', activity: 'still', odometer: 0 },
  ],
  [
    18,
    {
      location: {
        ...JSON_LOCATION_15,
        extras: EXTRAS_18,
      },
      device_id: '48241179',
    },
    row({ device_time: Date.parse('2025-06-15T13:45:12.862Z'), lat: 37.4219983, lon: -122.084, speed_kmh: 0, altitude: 5 }),
    EXTRAS_18,
  ],
  [
    22,
    {
      location: {
        extras: {},
        mock: true,
        coords: {
          speed_accuracy: -1,
          speed: -1,
          longitude: -122.406417,
          ellipsoidal_altitude: 0,
          floor: null,
          heading_accuracy: -1,
          latitude: 37.785834000000001,
          accuracy: 5,
          altitude_accuracy: -1,
          altitude: 0,
          heading: -1,
        },
        is_moving: false,
        age: 188,
        odometer: 0,
        uuid: '2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8',
        event: 'motionchange',
        battery: { level: -1, is_charging: false },
        activity: { type: 'unknown', confidence: 100 },
        timestamp: '2025-05-09T04:11:30.579Z',
      },
      device_id: '658765',
    },
    // speed -1, heading -1 and battery level -1 are "not known".
    row({ device_time: Date.parse('2025-05-09T04:11:30.579Z'), lat: 37.785834, lon: -122.406417, altitude: 0 }),
    { motion: false, event: 'motionchange', activity: 'unknown' },
  ],
  [
    25,
    {
      location: {
        event: 'motionchange',
        is_moving: false,
        uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75',
        timestamp: '2021-07-21T08:06:34.444Z',
        odometer: 0,
        coords: {
          latitude: -6.1148096,
          longitude: 106.6837015,
          accuracy: 3.8,
          speed: 18.67,
          speed_accuracy: 0.26,
          heading: 63,
          heading_accuracy: 0.28,
          altitude: 35.7,
          altitude_accuracy: 3.8,
        },
        activity: { type: 'still', confidence: 100 },
        battery: { is_charging: false, level: 0.79 },
        extras: {},
      },
      device_id: '8737767034',
    },
    // 18.67 m/s.
    row({ device_time: Date.parse('2021-07-21T08:06:34.444Z'), lat: -6.1148096, lon: 106.6837015, speed_kmh: 18.67 * 3.6, heading: 63, altitude: 35.7 }),
    { batteryLevel: 79, motion: false },
  ],
];

describe.each(dbTargets)("Traccar's OsmAnd requests over HTTP ($name)", (target) => {
  const t = useTestApp(target);
  const start = async (clockAt: number, deviceId: string) => {
    t.clock.set(clockAt);
    const app = await t.build();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const tractor = await provisionTractor(t.database.db.kysely, { imei: deviceId, deviceModel: 'OsmAnd' });
    return { url: `${address}/api/v1/ingest/osmand`, tractor };
  };
  const rows = async (tractorId: string) =>
    (
      await t.database.db.kysely
        .selectFrom('telemetry')
        .select(['device_time', 'lat', 'lon', 'speed_kmh', 'heading', 'altitude', 'ignition', 'rpm', 'fuel_l', 'attributes'])
        .where('tractor_id', '=', tractorId)
        .execute()
    ).map(({ attributes, device_time, ...r }) => ({ row: { device_time: Number(device_time), ...r }, attributes: JSON.parse(attributes ?? '{}') }));

  const expectStored = async (tractorId: string, expected: Row, attributes: Record<string, unknown>) => {
    const stored = await rows(tractorId);
    expect(stored).toHaveLength(1);
    const got = stored[0] as { row: Row; attributes: Record<string, unknown> };
    // Converted values (knots, m/s, % of the tank) to within floating point.
    const near = (v: number | null) => (v === null ? null : expect.closeTo(v, 6));
    expect(got.row).toEqual({ ...expected, speed_kmh: near(expected.speed_kmh), fuel_l: near(expected.fuel_l) });
    expect(got.attributes).toMatchObject(attributes);
  };

  it.each(QUERIES)('query line %i (device %s): 200 and the position stored as sent', async (_line, deviceId, query, clockAt, expected, attributes) => {
    const { url, tractor } = await start(clockAt, deviceId);
    const res = await fetch(`${url}?${query}`);
    expect(res.status, await res.text()).toBe(200);
    await expectStored(tractor.id, expected, attributes);
  });

  it('query line 38: no id is refused with 400 DEVICE_ID_MISSING, nothing stored', async () => {
    const { url } = await start(1377177267000 + 60_000, '123456');
    const res = await fetch(`${url}?timestamp=1377177267&lat=60.0&lon=30.0`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'DEVICE_ID_MISSING' } });
    expect(await t.database.db.kysely.selectFrom('telemetry').select('device_time').execute()).toEqual([]);
  });

  it.each(DOCUMENTS)('JSON line %i: 200 and the location stored as sent', async (_line, document, expected, attributes) => {
    const { url, tractor } = await start(expected.device_time + 60_000, document.device_id);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(document) });
    expect(res.status, await res.text()).toBe(200);
    await expectStored(tractor.id, expected, attributes);
  });
});
