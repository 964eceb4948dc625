import { describe, expect, it } from 'vitest';
import { get } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';

/**
 * DESIGN §5 'OpenAPI document served at /api/v1/openapi.json from the same schemas', held against
 * spec §7: every call the spec makes is described under its path (or the one README's 'Spec paths we
 * serve under other names' gives) with the spec's method, the isSec flag where the spec sends it, and
 * the answers carry spec §3's field names. A test author with the spec and this document finds each.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** [method, path, the query fields the spec sends]. */
const SPEC_CALLS: [string, string, string[]][] = [
  // Auth and session (forgotpin: otp/send with purpose reset, then createpin)
  ['post', 'login', ['isSec']],
  ['post', 'refreshtoken', []],
  ['post', 'otp/send', []],
  ['post', 'createpin', []],
  ['post', 'changepin', []],
  // Vehicles and usage (usage/{vin}, usagevindata/{vin}: history and track)
  ['get', 'vehicles/tracking', ['isSec']],
  ['get', 'vehiclesmodelconfig', []],
  ['get', 'tractorhomepage/{vin}', ['isSec']],
  ['get', 'vehicles/aggregations/{vin}', ['aggregationOption', 'startDateTime', 'endDateTime', 'isSec']],
  ['get', 'servicereminders/{vin}', []],
  ['get', 'vehicles/{vin}', ['isSec']],
  ['get', 'vehicles/{vin}/history', []],
  ['get', 'vehicles/{vin}/track', []],
  // Alerts
  ['get', 'alerts', ['startDateTime', 'endDateTime', 'isSec']],
  ['put', 'alerts', []],
  ['get', 'vehicles/alertconfig/{vin}', []],
  ['put', 'vehicles/alertconfig', []],
  ['put', 'vehicles/alertconfigs', []],
  // Geofences
  ['get', 'geofences', ['isSec']],
  ['post', 'geofences', []],
  // Profile and devices
  ['get', 'profile', ['isSec']],
  ['post', 'image', []],
  ['get', 'image', ['imageName']],
  ['post', 'pushsubscription', []],
  ['delete', 'pushsubscription', []],
  // Subscription
  ['get', 'subscription/Scheme/GetScheme', ['VIN']],
  ['post', 'subscription/orders', []],
  ['get', 'subscription/history', []],
  // Weather, text-to-speech, places
  ['get', 'weather/hourly/{vin}', ['language']],
  ['get', 'weather/daily/{vin}', ['language']],
  ['get', 'tts', ['text', 'lang']],
  ['get', 'places/autocomplete', ['input']],
  ['get', 'places/details', []],
];

/** The property names of a schema, through arrays and nullable unions. */
function fieldsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.items) return fieldsOf(schema.items);
  if (schema.anyOf) return schema.anyOf.flatMap(fieldsOf);
  return Object.keys(schema.properties ?? {});
}
const answerOf = (op: Operation | undefined) => op?.responses['200']?.content?.['application/json']?.schema;

describe.each(dbTargets.slice(0, 1))('API contract: the OpenAPI document and spec §7 ($name)', (target) => {
  const t = useTestApp(target);

  it('describes every spec call with its method, the query fields the spec sends, and an answer', async () => {
    const doc = (await get(t.app, 'openapi.json')).json<Doc>();
    const missing: string[] = [];
    for (const [method, path, query] of SPEC_CALLS) {
      const op = doc.paths[`/api/v1/${path}`]?.[method];
      if (!op) {
        missing.push(`${method} ${path}`);
        continue;
      }
      const declared = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const q of query) if (!declared.includes(q)) missing.push(`${method} ${path}: query ${q}`);
      for (const param of path.match(/\{\w+\}/g) ?? [])
        if (!(op.parameters ?? []).some((p) => p.in === 'path' && `{${p.name}}` === param)) missing.push(`${method} ${path}: path ${param}`);
      if (!Object.keys(op.responses).some((status) => /^2\d\d$/.test(status))) missing.push(`${method} ${path}: no answer`);
    }
    expect(missing).toEqual([]);
  });

  it('the answers that are bytes say which media types they come as (spec §7: image and speech as a blob)', async () => {
    const doc = (await get(t.app, 'openapi.json')).json<Doc>();
    const mediaOf = (path: string) => Object.keys(doc.paths[`/api/v1/${path}`]?.get?.responses['200']?.content ?? {}).sort();
    expect(mediaOf('image')).toEqual(['image/jpeg', 'image/png']);
    expect(mediaOf('subscription/invoices/{orderId}/pdf')).toEqual(['application/pdf']);
    expect(mediaOf('tts')).toEqual(['audio/mpeg', 'audio/ogg', 'audio/wav']);
  });

  it('the answers carry spec §3’s field names', async () => {
    const doc = (await get(t.app, 'openapi.json')).json<Doc>();
    const fields = (method: string, path: string, under?: string) => {
      const answer = answerOf(doc.paths[`/api/v1/${path}`]?.[method]);
      return fieldsOf(under ? answer?.properties?.[under] : answer);
    };
    // Alert, in the list's `data` (spec §7: 'The response field is data').
    expect(fields('get', 'alerts', 'data')).toEqual(
      expect.arrayContaining([
        'alertStatus',
        'regNo',
        'alertTypeId',
        'vehicleGroup',
        'alertSeverity',
        'latitude',
        'longitude',
        'alertDescription',
        'alertthresholdvalue',
        'alertValue',
        'vehicleCategory',
        'timeStamp',
        'alertName',
        'vehicleModel',
        'vin',
        'alertId',
        'alertConfigBy',
        'vehicleType',
      ]),
    );
    // Vehicle entry.
    expect(fields('get', 'vehicles', 'data')).toEqual(
      expect.arrayContaining([
        'vin',
        'Veh_Name',
        'expiresOn',
        'regNo',
        'firstName',
        'lastName',
        'mobileNoCC',
        'mobileNo',
        'address',
        'city',
        'pincode',
        'state',
        'country',
        'isExpired',
        'isNewTractor',
        'numberOfDays',
      ]),
    );
    // Home-page vehicle data.
    expect(fields('get', 'tractorhomepage/{vin}')).toEqual(
      expect.arrayContaining(['vehicleStatus', 'devicePower', 'devicePowerMode', 'vin', 'latitude', 'longitude']),
    );
    // User data and profile.
    expect(fields('get', 'profile')).toEqual(expect.arrayContaining(['firstName', 'mobileNoCC', 'mobileNo', 'imageURL']));
    expect(fields('post', 'login')).toContain('access_token');
    // Scheme response: a result list.
    expect(fields('get', 'subscription/Scheme/GetScheme')).toContain('result');
    // Weather: hourly items and the five-day forecast.
    expect(fields('get', 'weather/hourly/{vin}')).toEqual(expect.arrayContaining(['EpochDateTime', 'Temperature', 'IconPhrase', 'WeatherIcon']));
    expect(fields('get', 'weather/daily/{vin}', 'DailyForecasts')).toEqual(expect.arrayContaining(['EpochDate', 'Temperature', 'Day']));
    // Authentication request and alert list request (spec §3 request shapes).
    const body = (method: string, path: string) => fieldsOf(doc.paths[`/api/v1/${path}`]?.[method]?.requestBody?.content['application/json']?.schema);
    expect(body('post', 'login')).toEqual(
      expect.arrayContaining(['deviceID', 'grantType', 'isSec', 'password', 'refreshToken', 'requestedFrom', 'userName', 'vehicleCategory']),
    );
    expect(body('put', 'alerts')).toEqual(expect.arrayContaining(['alerts', 'status', 'isSec']));
  });
});
