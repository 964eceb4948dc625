import { describe, expect, it } from 'vitest';
import { parseOsmandJson, parseOsmandParams, parseTimestamp } from './osmand';

// Samples from shared/protocol/device-protocols.md §2.1 and §2.2 (Traccar's OsmAndProtocolDecoderTest).
const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const query = (path: string) => parseOsmandParams(new URL(`http://device${path}`).searchParams, NOW);

describe('OsmAnd query-string samples', () => {
  it('line 35: cell and wifi only, no position: a record at server time', () => {
    const r = query('/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70');
    expect(r).toMatchObject({ ok: true, deviceId: '123456', reading: { time: 1377177267000 } });
    expect(r.ok && r.reading.lat).toBeUndefined();
  });

  it('reads the tractor battery (power), the device battery (battery, V) and the signal (rssi, 0–5 bars)', () => {
    expect(query('/?id=902064&lat=20.1&lon=73.9&power=12.6&battery=4.1&rssi=4')).toMatchObject({
      ok: true,
      reading: { externalVoltage: 12.6, batteryVoltage: 4.1, gsmSignal: 4 },
    });
    // An rssi in dBm is not bars: not read as a signal.
    const dbm = query('/?id=902064&lat=20.1&lon=73.9&rssi=-71');
    expect(dbm.ok && dbm.reading.gsmSignal).toBeUndefined();
  });

  it('line 38: no id is refused', () => {
    expect(query('/?timestamp=1377177267&lat=60.0&lon=30.0')).toMatchObject({ ok: false, code: 'DEVICE_ID_MISSING' });
  });

  it('line 41: ISO timestamp', () => {
    expect(query('/?id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0')).toMatchObject({
      ok: true,
      deviceId: '902064',
      reading: { time: Date.UTC(2016, 0, 27, 18, 55, 47), lat: 42.06288, lon: -88.23412, altitude: 224, speedKmh: 0 },
    });
  });

  it('line 44: millisecond timestamp', () => {
    expect(query('/?id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0')).toMatchObject({
      ok: true,
      reading: { time: 1442068686579 },
    });
  });

  it("line 47: 'yyyy-MM-dd HH:mm:ss' in the server's zone (IST here), id last", () => {
    expect(query('/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681')).toMatchObject({
      ok: true,
      deviceId: '353861053849681',
      reading: { time: Date.UTC(2014, 5, 4, 3, 40, 11), lat: 49.60688, lon: 6.15788, altitude: 384.7 },
    });
  });

  it('line 50 and 53: seconds timestamp', () => {
    expect(query('/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0')).toMatchObject({
      ok: true,
      reading: { time: Date.UTC(2013, 7, 22, 13, 14, 27), lat: 60, lon: 30, heading: 0 },
    });
    expect(query('/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0')).toMatchObject({ ok: true, reading: { lat: 60, lon: 30 } });
  });

  it('line 56: deviceid and heading, no timestamp: server time', () => {
    const r = query('/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=123456');
    expect(r).toMatchObject({ ok: true, deviceId: '123456', reading: { time: NOW, heading: 0 }, attributes: { vacc: 0, hacc: 0 } });
  });

  it('line 59: battery level', () => {
    expect(query('/?id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87')).toMatchObject({
      ok: true,
      attributes: { batteryLevel: 87 },
      reading: { lat: 41.666667, lon: -0.883333, altitude: 350.059479 },
    });
  });

  it('line 62: location=lat,lon', () => {
    expect(query('/?id=123456&timestamp=1377177267&location=60.0,30.0')).toMatchObject({ ok: true, reading: { lat: 60, lon: 30 } });
  });

  it('line 65: speed in knots; ignition, rpm and fuel attributes', () => {
    const r = query(
      '/?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
    );
    expect(r).toMatchObject({ ok: true, attributes: { ignition: true, rpm: 933, fuel: 24 }, reading: { ignition: true, rpm: 933, heading: 7.19889788244 } });
    expect(r.ok && r.reading.speedKmh).toBeCloseTo(74.08, 2);
  });

  it('refuses coordinates out of range', () => {
    expect(query('/?id=1&lat=95&lon=30')).toMatchObject({ ok: false, code: 'BAD_COORDINATES' });
    expect(query('/?id=1&lat=20')).toMatchObject({ ok: false, code: 'BAD_COORDINATES' });
  });

  it('refuses a timestamp it cannot read', () => {
    expect(query('/?id=1&timestamp=yesterday')).toMatchObject({ ok: false, code: 'BAD_TIMESTAMP' });
  });
});

describe('Traccar Client JSON samples', () => {
  it('line 15: speed 0, heading -1 ignored, accuracy 5 < 10 dropped, battery 100 %', () => {
    const r = parseOsmandJson(
      JSON.parse(
        '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}',
      ),
      NOW,
    );
    expect(r).toMatchObject({
      ok: true,
      deviceId: '48241179',
      reading: { time: Date.parse('2025-06-15T13:45:12.862Z'), lat: 37.4219983, lon: -122.084, speedKmh: 0, altitude: 5 },
      attributes: { event: 'motionchange', motion: false, odometer: 0, batteryLevel: 100, activity: 'still' },
    });
    expect(r.ok && r.reading.heading).toBeUndefined();
    expect(r.ok && r.attributes.accuracy).toBeUndefined();
  });

  it('line 18: extras become attributes (integer 12 stays 12)', () => {
    const r = parseOsmandJson(
      JSON.parse(
        '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_integer_twelve_test":12,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}',
      ),
      NOW,
    );
    expect(r).toMatchObject({ ok: true, attributes: { device_integer_twelve_test: 12, device_string_test: 'long_device_id', device_bool_false_test: false } });
  });

  it('line 22: speed -1 and battery -1 are ignored', () => {
    const r = parseOsmandJson(
      JSON.parse(
        '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"658765"}',
      ),
      NOW,
    );
    expect(r).toMatchObject({ ok: true, deviceId: '658765', reading: { time: Date.parse('2025-05-09T04:11:30.579Z'), lat: 37.785834, lon: -122.406417 } });
    expect(r.ok && r.reading.speedKmh).toBeUndefined();
    expect(r.ok && r.attributes.batteryLevel).toBeUndefined();
  });

  it('line 25: 18.67 m/s, heading 63, battery 79 %', () => {
    const r = parseOsmandJson(
      JSON.parse(
        '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"8737767034"}',
      ),
      NOW,
    );
    expect(r).toMatchObject({ ok: true, reading: { heading: 63, altitude: 35.7 }, attributes: { batteryLevel: 79 } });
    // 18.67 m/s = 36.29 knots = 67.2 km/h.
    expect(r.ok && r.reading.speedKmh).toBeCloseTo(67.21, 2);
    expect(r.ok && r.attributes.accuracy).toBeUndefined();
  });

  it('refuses a document without device_id or coordinates', () => {
    expect(parseOsmandJson({ location: { coords: { latitude: 1, longitude: 2 } } }, NOW)).toMatchObject({ ok: false, code: 'DEVICE_ID_MISSING' });
    expect(parseOsmandJson({ device_id: 'x', location: { coords: {} } }, NOW)).toMatchObject({ ok: false, code: 'BAD_COORDINATES' });
    expect(parseOsmandJson('nope', NOW)).toMatchObject({ ok: false, code: 'BAD_JSON' });
  });
});

describe('timestamps', () => {
  it.each([
    ['1377177267', 1377177267000],
    ['2147483646', 2147483646000],
    ['2147483647', 2147483647],
    ['2016-01-27T18:55:47Z', Date.UTC(2016, 0, 27, 18, 55, 47)],
    ['2014-06-04 09:10:11', Date.UTC(2014, 5, 4, 3, 40, 11)],
    ['soon', undefined],
  ])('%s → %s', (text, ms) => {
    expect(parseTimestamp(text)).toBe(ms);
  });
});

describe('what a broken or hostile device sends', () => {
  it('reads a time without a zone as IST whichever way it is written, and a zone when one is given', () => {
    const ist = Date.UTC(2026, 10, 20, 4, 30);
    expect(parseTimestamp('2026-11-20T10:00:00')).toBe(ist);
    expect(parseTimestamp('2026-11-20 10:00:00')).toBe(ist);
    expect(parseTimestamp('2026-11-20T10:00')).toBe(ist);
    expect(parseTimestamp('2026-11-20T10:00:00+05:30')).toBe(ist);
    expect(parseTimestamp('2026-11-20T10:00:00+0530')).toBe(ist);
    expect(parseTimestamp('2026-11-20T04:30:00.5Z')).toBe(ist + 500);
    expect(parseTimestamp('2026-11-20T01:30:00-03')).toBe(ist);
  });

  it.each([
    '2026-13-01 10:00:00',
    '2026-02-30T10:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01 10:61:00',
    '2026-01-01T10:00:00+25:00',
    'Tue, 20 Nov 2026 10:00:00',
    '9'.repeat(400),
  ])('refuses the impossible time %s rather than rolling it into another', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
    expect(query(`/?id=1&timestamp=${encodeURIComponent(text)}`)).toMatchObject({ ok: false, code: 'BAD_TIMESTAMP' });
  });

  it('refuses coordinates that are not decimal numbers instead of reading 0x14 as 20 or dropping them', () => {
    for (const q of ['lat=0x14&lon=73', 'lat=abc&lon=def', 'lat=NaN&lon=NaN', 'lat=Infinity&lon=1', 'lat=1e400&lon=1', 'location=abc', 'location=20']) {
      expect(query(`/?id=1&${q}`), q).toMatchObject({ ok: false, code: 'BAD_COORDINATES' });
    }
    // Empty is absent (a record with no position), as before; exponent notation is a number.
    expect(query('/?id=1&lat=&lon=')).toMatchObject({ ok: true, reading: { time: NOW } });
    expect(query('/?id=1&lat=2.01e1&lon=7.39e1')).toMatchObject({ ok: true, reading: { lat: 20.1, lon: 73.9 } });
  });

  it('keeps 0,0 (a tracker without a fix) and a fix marked not valid out of the position, and keeps the record', () => {
    for (const q of [
      'lat=0&lon=0&speed=3',
      'lat=0.0&lon=-0.0',
      'location=0,0',
      'lat=20.1&lon=73.9&speed=3&bearing=90&altitude=500&valid=false',
      'lat=20.1&lon=73.9&valid=0',
    ]) {
      const r = query(`/?id=1&timestamp=1795168800&${q}&ignition=true`);
      expect(r, q).toMatchObject({ ok: true, reading: { time: 1795168800000, ignition: true } });
      if (!r.ok) continue;
      expect([r.reading.lat, r.reading.lon, r.reading.speedKmh, r.reading.heading, r.reading.altitude], q).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    }
    expect(query('/?id=1&lat=20.1&lon=73.9&valid=false')).toMatchObject({ ok: true, attributes: { valid: false } });
    expect(query('/?id=1&lat=20.1&lon=73.9&valid=true')).toMatchObject({ ok: true, reading: { lat: 20.1, lon: 73.9 }, attributes: { valid: true } });
    const json = parseOsmandJson({ device_id: 'x', location: { coords: { latitude: 0, longitude: 0, speed: 5, heading: 10 } } }, NOW);
    expect(json).toMatchObject({ ok: true, reading: { time: NOW } });
    expect(json.ok && [json.reading.lat, json.reading.lon, json.reading.speedKmh]).toEqual([undefined, undefined, undefined]);
  });

  it('bounds what one record keeps: long names and texts are cut, a battery level outside 0–100 % or a negative accuracy dropped, an array is no extras', () => {
    const long = query(`/?id=1&${'k'.repeat(5000)}=${'v'.repeat(5000)}&note=${'n'.repeat(5000)}&batt=1e300&accuracy=-5`);
    expect(long.ok).toBe(true);
    if (!long.ok) return;
    expect(Object.keys(long.attributes)).toEqual(['k'.repeat(64), 'note']);
    expect(long.attributes.note).toBe('n'.repeat(128));
    expect(JSON.stringify(long.attributes).length).toBeLessThan(400);
    const json = parseOsmandJson({ device_id: 'x', location: { coords: { latitude: 1, longitude: 1 }, extras: { s: 'z'.repeat(5000) } } }, NOW);
    expect(json.ok && json.attributes.s).toBe('z'.repeat(128));
    const array = parseOsmandJson({ device_id: 'x', location: { coords: { latitude: 1, longitude: 1 }, extras: [1, 2] } }, NOW);
    expect(array.ok && array.attributes).toEqual({});
  });
});
