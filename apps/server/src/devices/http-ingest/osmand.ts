import type { Reading } from '@tractorlink/domain/telemetry';
import { IST_OFFSET_MS } from '@tractorlink/domain/time';

/**
 * The OsmAnd / Traccar Client HTTP protocol (traccar.org/osmand; shared/protocol/device-protocols.md §2):
 * parameters in the query string or a form body, or the Traccar Client JSON document. Pure: it
 * turns a request into a device id and a Reading, or a refusal with a code.
 */

export const KNOTS_TO_KMH = 1.852;
export const MAX_QUERY_PARAMS = 64;
/** Most locations in one JSON batch (the body limit bounds it too). */
const MAX_JSON_LOCATIONS = 1000;
/** Longest attribute name and text value kept: a device id is all that vouches for a device, so what one record stores is bounded. */
export const MAX_ATTRIBUTE_KEY = 64;
export const MAX_ATTRIBUTE_TEXT = 128;

export type OsmandResult =
  | { ok: true; deviceId: string; reading: Reading; attributes: Record<string, string | number | boolean>; format: 'query' | 'json'; key?: string }
  | { ok: false; code: 'DEVICE_ID_MISSING' | 'BAD_TIMESTAMP' | 'BAD_COORDINATES' | 'BAD_JSON'; message: string; format: 'query' | 'json' };

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ +](\d{2}):(\d{2}):(\d{2})$/;

/**
 * Traccar's rule: integers below 2^31 are seconds, larger ones ms; ISO-8601 with 'T'; or
 * 'yyyy-MM-dd HH:mm:ss'. A time without a zone is read as IST, the zone every tractor we serve is in
 * (Traccar uses the server's zone), whatever zone this process runs in. Impossible dates (13th
 * month, 30 February, 25 o'clock) are refused, not rolled over into another day.
 */
export function parseTimestamp(value: string): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (!Number.isSafeInteger(n)) return undefined;
    return n < 2_147_483_647 ? n * 1000 : n;
  }
  const m = ISO_TIME.exec(text) ?? LOCAL_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = Number(m[6] ?? 0);
  const fraction = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = zoneOffsetMs(m[8]);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, fraction);
  // Date.UTC rolls a 13th month or a 30 February over: the date must come back as it was written.
  const back = new Date(wall);
  const real = back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return real && offset !== undefined ? wall - offset : undefined;
}

/** 'Z', '±hh', '±hhmm' or '±hh:mm'; none is IST. */
function zoneOffsetMs(zone: string | undefined): number | undefined {
  if (zone === undefined) return IST_OFFSET_MS;
  if (zone.toUpperCase() === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  const hours = Number(m?.[2]);
  const minutes = Number(m?.[3] ?? 0);
  if (!m || hours > 18 || minutes > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

function typed(value: string): string | number | boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+(\.\d+)?$/.test(value)) {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return value.slice(0, MAX_ATTRIBUTE_TEXT);
}

/** Decimal notation only: Number() would also read '0x14' as 20, '0b1', '0o7' and 'Infinity'. */
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

const num = (v: string | undefined): number | undefined => {
  const text = v?.trim();
  if (!text || !DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

/** A coordinate parameter: undefined when absent or empty, NaN when given but not a number (refused). */
const coordinate = (v: string | undefined): number | undefined => (v === undefined || v.trim() === '' ? undefined : (num(v) ?? Number.NaN));

/** The GPS fields of a fix, set on the reading only when there is a fix: none, or 0,0 (what a tracker without one sends), is no position. */
function placeFix(reading: Reading, fix: Pick<Reading, 'speedKmh' | 'heading' | 'altitude'> & { lat: number; lon: number }): void {
  if (fix.lat === 0 && fix.lon === 0) return;
  for (const [field, value] of Object.entries(fix) as [keyof typeof fix, number | undefined][]) if (value !== undefined) reading[field] = value;
}

/** Keys that are protocol fields, not free attributes. */
const FIELDS = new Set([
  'id',
  'deviceid',
  'key',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'charge',
  'valid',
  'cell',
  'wifi',
]);

/** Free attributes the product understands, by name, mapped onto the Reading. */
function applyAttributes(reading: Reading, attributes: Record<string, string | number | boolean>) {
  const n = (k: string) => (typeof attributes[k] === 'number' ? (attributes[k] as number) : undefined);
  const b = (k: string) =>
    typeof attributes[k] === 'boolean' ? (attributes[k] as boolean) : typeof attributes[k] === 'number' ? attributes[k] !== 0 : undefined;
  const set = <K extends keyof Reading>(key: K, value: Reading[K] | undefined) => {
    if (value !== undefined) reading[key] = value;
  };
  set('ignition', b('ignition'));
  set('pto', b('pto'));
  set('rpm', n('rpm'));
  // Traccar's generic 'fuel' is a level; trackers that send it report percent.
  set('fuelPercent', n('fuel') ?? n('fuelPercent'));
  set('fuelLitres', n('fuelLitres'));
  set('coolantC', n('coolant') ?? n('coolantTemp'));
  set('externalVoltage', n('power'));
  // Trackers that report their own backup battery in volts and their signal as 0–5 bars (Traccar's names).
  set('batteryVoltage', n('battery'));
  const rssi = n('rssi');
  set('gsmSignal', rssi !== undefined && rssi >= 0 && rssi <= 5 ? Math.round(rssi) : undefined);
  set('engineWorktimeMin', n('engineHours') !== undefined ? (n('engineHours') as number) * 60 : undefined);
}

/** Parses query-string or form parameters (repeated keys: the first wins, except cell/wifi which are ignored). */
export function parseOsmandParams(params: URLSearchParams, nowMs: number): OsmandResult {
  const format = 'query' as const;
  const get = (k: string) => params.get(k) ?? undefined;
  const deviceId = (get('id') ?? get('deviceid'))?.trim();
  if (!deviceId) return { ok: false, code: 'DEVICE_ID_MISSING', message: 'id or deviceid is required', format };

  const reading: Reading = { time: nowMs };
  const ts = get('timestamp');
  if (ts !== undefined) {
    const time = parseTimestamp(ts);
    if (time === undefined) return { ok: false, code: 'BAD_TIMESTAMP', message: 'timestamp is not seconds, ms, ISO-8601 or yyyy-MM-dd HH:mm:ss', format };
    reading.time = time;
  }

  let lat = coordinate(get('lat'));
  let lon = coordinate(get('lon'));
  const location = get('location');
  if (location !== undefined && location.trim() !== '') [lat, lon] = location.split(',').map((v) => coordinate(v) ?? Number.NaN);
  if ((lat === undefined) !== (lon === undefined) || (lat !== undefined && !(Math.abs(lat) <= 90 && Math.abs(lon as number) <= 180))) {
    return { ok: false, code: 'BAD_COORDINATES', message: 'lat and lon must both be given and within range', format };
  }

  const valid = get('valid');
  // Traccar's reading of the flag: only true or 1 is a valid fix.
  const fixValid = valid === undefined || valid === 'true' || valid === '1';
  if (lat !== undefined && lon !== undefined && fixValid) {
    const speed = num(get('speed'));
    const heading = num(get('bearing') ?? get('heading'));
    placeFix(reading, {
      lat,
      lon,
      speedKmh: speed !== undefined && speed >= 0 ? speed * KNOTS_TO_KMH : undefined,
      heading: heading !== undefined && heading >= 0 ? heading : undefined,
      altitude: num(get('altitude')),
    });
  }

  const attributes: Record<string, string | number | boolean> = {};
  let count = 0;
  for (const [name, value] of params) {
    if (++count > MAX_QUERY_PARAMS) break;
    const key = name.slice(0, MAX_ATTRIBUTE_KEY);
    if (!FIELDS.has(name) && !Object.hasOwn(attributes, key)) attributes[key] = typed(value);
  }
  const batt = num(get('batt'));
  if (batt !== undefined && batt >= 0 && batt <= 100) attributes.batteryLevel = batt;
  const accuracy = num(get('accuracy'));
  if (accuracy !== undefined && accuracy >= 0) attributes.accuracy = accuracy;
  if (valid !== undefined) attributes.valid = fixValid;
  applyAttributes(reading, attributes);
  const key = get('key');
  return { ok: true, deviceId, reading, attributes, format, ...(key !== undefined ? { key } : {}) };
}

/** The Traccar Client JSON document (Content-Type application/json). */
export function parseOsmandJson(body: unknown, nowMs: number): OsmandResult {
  const format = 'json' as const;
  const bad = (message: string): OsmandResult => ({ ok: false, code: 'BAD_JSON', message, format });
  if (typeof body !== 'object' || body === null) return bad('body is not a JSON object');
  const doc = body as { device_id?: unknown; location?: Record<string, unknown> };
  const deviceId = typeof doc.device_id === 'string' || typeof doc.device_id === 'number' ? String(doc.device_id).trim() : '';
  if (!deviceId) return { ok: false, code: 'DEVICE_ID_MISSING', message: 'device_id is required', format };
  const loc = doc.location;
  if (typeof loc !== 'object' || loc === null) return bad('location is required');

  const reading: Reading = { time: nowMs };
  if (loc.timestamp !== undefined) {
    const time = typeof loc.timestamp === 'string' ? parseTimestamp(loc.timestamp) : undefined;
    if (time === undefined) return { ok: false, code: 'BAD_TIMESTAMP', message: 'location.timestamp must be ISO-8601', format };
    reading.time = time;
  }
  const coords = (typeof loc.coords === 'object' && loc.coords !== null ? loc.coords : {}) as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const lat = n(coords.latitude);
  const lon = n(coords.longitude);
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { ok: false, code: 'BAD_COORDINATES', message: 'coords.latitude and coords.longitude are required and within range', format };
  }
  const speed = n(coords.speed);
  const heading = n(coords.heading);
  placeFix(reading, {
    lat,
    lon,
    speedKmh: speed !== undefined && speed >= 0 ? speed * 3.6 : undefined,
    heading: heading !== undefined && heading >= 0 ? heading : undefined,
    altitude: n(coords.altitude),
  });

  const attributes: Record<string, string | number | boolean> = {};
  const accuracy = n(coords.accuracy);
  // Traccar keeps accuracy only from 10 m up (osmand.minAccuracy); finer values are not trusted.
  if (accuracy !== undefined && accuracy >= 10) attributes.accuracy = accuracy;
  if (typeof loc.is_moving === 'boolean') attributes.motion = loc.is_moving;
  if (typeof loc.event === 'string') attributes.event = loc.event.slice(0, 64);
  if (n(loc.odometer) !== undefined) attributes.odometer = n(loc.odometer) as number;
  const battery = (typeof loc.battery === 'object' && loc.battery !== null ? loc.battery : {}) as Record<string, unknown>;
  const level = n(battery.level);
  if (level !== undefined && level >= 0) attributes.batteryLevel = Math.round(level * 100);
  if (typeof battery.is_charging === 'boolean') attributes.charge = battery.is_charging;
  const activity = loc.activity as Record<string, unknown> | undefined;
  if (typeof activity?.type === 'string') attributes.activity = activity.type.slice(0, 32);
  const extras = (typeof loc.extras === 'object' && loc.extras !== null && !Array.isArray(loc.extras) ? loc.extras : {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(extras).slice(0, MAX_QUERY_PARAMS)) {
    if (key === 'key') continue; // the device's secret is never stored
    const kept = typeof value === 'string' ? value.slice(0, MAX_ATTRIBUTE_TEXT) : value;
    if (typeof kept === 'string' || typeof kept === 'boolean' || (typeof kept === 'number' && Number.isFinite(kept)))
      attributes[key.slice(0, MAX_ATTRIBUTE_KEY)] = kept;
  }
  applyAttributes(reading, attributes);
  const docKey = (doc as { key?: unknown }).key;
  return { ok: true, deviceId, reading, attributes, format, ...(typeof docKey === 'string' ? { key: docKey } : {}) };
}

/**
 * The JSON document, whose `location` may be an array: Traccar Client's background-geolocation
 * library sends its stored locations that way when it syncs in batches, with the device id (and key)
 * beside them once. One result per location, all of one device.
 */
export function parseOsmandJsonLocations(body: unknown, nowMs: number): OsmandResult[] {
  const locations = typeof body === 'object' && body !== null ? (body as { location?: unknown }).location : undefined;
  if (!Array.isArray(locations)) return [parseOsmandJson(body, nowMs)];
  if (locations.length === 0 || locations.length > MAX_JSON_LOCATIONS)
    return [{ ok: false, code: 'BAD_JSON', message: `location holds 1 to ${MAX_JSON_LOCATIONS} locations`, format: 'json' }];
  return locations.map((location: unknown) => parseOsmandJson({ ...(body as object), location }, nowMs));
}
