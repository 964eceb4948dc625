import type { Reading } from '@tractorlink/domain/telemetry';
import { IST_OFFSET_MS } from '@tractorlink/domain/time';

/**
 * The OsmAnd / Traccar Client HTTP protocol (traccar.org/osmand; shared/protocol/device-protocols.md §2):
 * parameters in the query string or a form body, or the Traccar Client JSON document. Pure: it
 * turns a request into a device id and a Reading, or a refusal with a code.
 */

export const KNOTS_TO_KMH = 1.852;
export const MAX_QUERY_PARAMS = 64;

export type OsmandResult =
  | { ok: true; deviceId: string; reading: Reading; attributes: Record<string, string | number | boolean>; format: 'query' | 'json'; key?: string }
  | { ok: false; code: 'DEVICE_ID_MISSING' | 'BAD_TIMESTAMP' | 'BAD_COORDINATES' | 'BAD_JSON'; message: string; format: 'query' | 'json' };

/** Traccar's rule: integers below 2^31 are seconds, larger ones ms; ISO text with 'T'; or 'yyyy-MM-dd HH:mm:ss'. */
export function parseTimestamp(value: string): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n < 2_147_483_647 ? n * 1000 : n;
  }
  if (text.includes('T')) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? undefined : ms;
  }
  // Local time without a zone: read as IST, the zone every tractor we serve is in (Traccar uses the server's zone).
  const m = /^(\d{4})-(\d{2})-(\d{2})[ +](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - IST_OFFSET_MS;
}

function typed(value: string): string | number | boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

const num = (v: string | undefined): number | undefined => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

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

  let lat = num(get('lat'));
  let lon = num(get('lon'));
  const location = get('location');
  if (location !== undefined) [lat, lon] = location.split(',').map((v) => num(v));
  if ((lat === undefined) !== (lon === undefined) || (lat !== undefined && (Math.abs(lat) > 90 || Math.abs(lon as number) > 180))) {
    return { ok: false, code: 'BAD_COORDINATES', message: 'lat and lon must both be given and within range', format };
  }
  if (lat !== undefined && lon !== undefined) Object.assign(reading, { lat, lon });

  const speed = num(get('speed'));
  if (speed !== undefined && speed >= 0) reading.speedKmh = speed * KNOTS_TO_KMH;
  const heading = num(get('bearing') ?? get('heading'));
  if (heading !== undefined && heading >= 0) reading.heading = heading;
  const altitude = num(get('altitude'));
  if (altitude !== undefined) reading.altitude = altitude;

  const attributes: Record<string, string | number | boolean> = {};
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_QUERY_PARAMS) break;
    if (!FIELDS.has(key) && !(key in attributes)) attributes[key] = typed(value);
  }
  const batt = num(get('batt'));
  if (batt !== undefined) attributes.batteryLevel = batt;
  const accuracy = num(get('accuracy'));
  if (accuracy !== undefined) attributes.accuracy = accuracy;
  const valid = get('valid');
  if (valid !== undefined) attributes.valid = valid === 'true' || valid === '1';
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
  Object.assign(reading, { lat, lon });
  const speed = n(coords.speed);
  if (speed !== undefined && speed >= 0) reading.speedKmh = speed * 3.6;
  const heading = n(coords.heading);
  if (heading !== undefined && heading >= 0) reading.heading = heading;
  const altitude = n(coords.altitude);
  if (altitude !== undefined) reading.altitude = altitude;

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
  const extras = (typeof loc.extras === 'object' && loc.extras !== null ? loc.extras : {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(extras).slice(0, MAX_QUERY_PARAMS)) {
    if (key === 'key') continue; // the device's secret is never stored
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) attributes[key.slice(0, 64)] = value;
  }
  applyAttributes(reading, attributes);
  const docKey = (doc as { key?: unknown }).key;
  return { ok: true, deviceId, reading, attributes, format, ...(typeof docKey === 'string' ? { key: docKey } : {}) };
}
