import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { distanceMeters } from '@tractorlink/domain/geo';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { GoogleGeocoder } from '../src/providers/geocoder/google-geocoder';
import { type Geocoder, GeocoderError } from '../src/providers/geocoder/geocoder';
import { GeocodingService } from '../src/modules/geocoding/service';
import { LocalGeocoder, NEAR_MAX_M } from '../src/providers/geocoder/local-geocoder';
import { localName, PLACE_NAMES } from '../src/providers/geocoder/place-names';
import { PLACES } from '../src/providers/geocoder/places';
import { call, get } from './support/api';
import { dbTargets } from './support/db-targets';
import { type TestContext, useTestApp } from './support/harness';
import { TEST_START } from './support/test-clock';
import { insertTractorState, ownerWithTractor } from './support/vehicles';

/** The tractor last reported from Pimpalgaon Baswant, at the test's start. */
const standsAtTheVillage = (t: TestContext, tractorId: string) =>
  insertTractorState(t.database.db.kysely, tractorId, {
    time: TEST_START,
    reading: { time: TEST_START, lat: 20.16712, lon: 73.98288 },
    fix: { lat: 20.16712, lon: 73.98288, time: TEST_START },
  });

const silentLog = { warn: () => undefined } as unknown as ConstructorParameters<typeof GoogleGeocoder>[0]['log'];

describe('local geocoder', () => {
  const local = new LocalGeocoder();

  it('bundles at least 150 places, dense around the demo fleet, across the farming states', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(150);
    const inDistrict = (d: string) => PLACES.filter((p) => p[1] === d).length;
    expect(inDistrict('Nashik') + inDistrict('Pune') + inDistrict('Ahmednagar')).toBeGreaterThanOrEqual(60);
    const states = new Set(PLACES.map((p) => p[2]));
    for (const s of [
      'Maharashtra',
      'Punjab',
      'Haryana',
      'Uttar Pradesh',
      'Madhya Pradesh',
      'Gujarat',
      'Karnataka',
      'Andhra Pradesh',
      'Telangana',
      'Tamil Nadu',
    ])
      expect(states, s).toContain(s);
    // Every place is in India's bounding box, and no two share a name within a district.
    for (const [name, , , lat, lon] of PLACES) expect(lat > 6 && lat < 37 && lon > 68 && lon < 98, name).toBe(true);
    expect(new Set(PLACES.map((p) => `${p[0]}|${p[1]}`)).size).toBe(PLACES.length);
  });

  it.each([
    [20.1701, 73.9902, 'Pimpalgaon Baswant', 'Nashik'],
    [20.09, 74.12, 'Niphad', 'Nashik'],
    [20.1, 73.93, 'Ozar', 'Nashik'],
    [18.16, 74.57, 'Baramati', 'Pune'],
    [19.77, 74.47, 'Shirdi', 'Ahmednagar'],
    [30.9, 75.85, 'Ludhiana', 'Ludhiana'],
    [11.02, 76.95, 'Coimbatore', 'Coimbatore'],
  ])('%s, %s is near %s (%s)', async (lat, lon, name, district) => {
    expect(await local.reverse(lat, lon)).toMatchObject({ name, district });
  });

  it('names only the district beyond 15 km, and nothing far from every place', async () => {
    // Between Pune and Ahmednagar districts' towns, in Pune district's hills.
    const far = await local.reverse(18.95, 74.2);
    expect(far?.name).toBeNull();
    expect(far?.state).toBe('Maharashtra');
    const nearest = Math.min(...PLACES.map((p) => distanceMeters({ lat: 18.95, lon: 74.2 }, { lat: p[3], lon: p[4] })));
    expect(nearest).toBeGreaterThan(NEAR_MAX_M);
    // The Arabian Sea.
    expect(await local.reverse(18.5, 70.5)).toBeUndefined();
  });
});

describe("local geocoder in the owner's language", () => {
  const local = new LocalGeocoder();
  // Each language's script; Marathi and Hindi share Devanagari.
  const SCRIPTS = [
    ['hi', /^[\p{Script=Devanagari}\s-]+$/u],
    ['mr', /^[\p{Script=Devanagari}\s-]+$/u],
    ['pa', /^[\p{Script=Gurmukhi}\s-]+$/u],
    ['gu', /^[\p{Script=Gujarati}\s-]+$/u],
    ['ta', /^[\p{Script=Tamil}\s-]+$/u],
    ['te', /^[\p{Script=Telugu}\u200c\s-]+$/u],
  ] as const;

  it('has every bundled town, district and state in the six other languages, each in its own script', () => {
    const names = new Set(PLACES.flatMap(([name, district, state]) => [name, district, state]));
    for (const english of names) {
      expect(PLACE_NAMES[english], english).toBeDefined();
      for (const [language, script] of SCRIPTS) expect(localName(english, language), `${english} in ${language}`).toMatch(script);
    }
    expect(Object.keys(PLACE_NAMES).filter((n) => !names.has(n))).toEqual([]);
  });

  it.each([
    ['en', 'Pimpalgaon Baswant', 'Nashik', 'Maharashtra'],
    ['mr', 'पिंपळगाव बसवंत', 'नाशिक', 'महाराष्ट्र'],
    ['hi', 'पिंपलगांव बसवंत', 'नासिक', 'महाराष्ट्र'],
    ['ta', 'பிம்பல்காவ் பஸ்வந்த்', 'நாசிக்', 'மகாராஷ்டிரா'],
  ])('answers in %s', async (language, name, district, state) => {
    expect(await local.reverse(20.1701, 73.9902, language)).toEqual({ name, district, state });
  });

  it('answers in English for a language it has no names in', async () => {
    expect(await local.reverse(20.1701, 73.9902, 'xx')).toEqual({ name: 'Pimpalgaon Baswant', district: 'Nashik', state: 'Maharashtra' });
  });
});

describe.each(dbTargets)('address on the home screen through the local geocoder on $name', (target) => {
  const t = useTestApp(target);

  it("is in the owner's language, and an English answer cached before the names came is not reused", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await standsAtTheVillage(t, tractor.id);
    // What the English-only geocoder left in the cache for Marathi.
    await t.database.db.kysely
      .insertInto('geocode_cache')
      .values({
        provider: 'local',
        language: 'mr',
        lat_e3: 20167,
        lon_e3: 73983,
        found: 1,
        name: 'Pimpalgaon Baswant',
        district: 'Nashik',
        state: 'Maharashtra',
        created_at: TEST_START,
      })
      .execute();
    const home = async () => (await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>();
    expect((await home()).address).toBe('Pimpalgaon Baswant, Nashik, Maharashtra');
    await call(t.app, 'PUT', 'profile', { language: 'mr' }, { token: owner.accessToken });
    expect(await home()).toMatchObject({ address: 'पिंपळगाव बसवंत, नाशिक, महाराष्ट्र', place: { name: 'पिंपळगाव बसवंत' } });
    await call(t.app, 'PUT', 'profile', { language: 'ta' }, { token: owner.accessToken });
    expect((await home()).address).toBe('பிம்பல்காவ் பஸ்வந்த், நாசிக், மகாராஷ்டிரா');
  });
});

/** A stand-in for Google's Geocoding API: records each request and answers what the test sets. */
function fakeGoogle() {
  const requests: URL[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { status: 'ZERO_RESULTS', results: [] } };
  const server = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://fake'));
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  return {
    requests,
    server,
    answer: (status: number, body: unknown) => (answer = { status, body }),
    get baseUrl() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

const PIMPALGAON_MR = {
  status: 'OK',
  results: [
    {
      address_components: [
        { long_name: 'पिंपळगाव बसवंत', short_name: 'पिंपळगाव बसवंत', types: ['locality', 'political'] },
        { long_name: 'नाशिक विभाग', short_name: 'नाशिक विभाग', types: ['administrative_area_level_2', 'political'] },
        { long_name: 'नाशिक', short_name: 'नाशिक', types: ['administrative_area_level_3', 'political'] },
        { long_name: 'महाराष्ट्र', short_name: 'MH', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'भारत', short_name: 'IN', types: ['country', 'political'] },
      ],
      formatted_address: 'पिंपळगाव बसवंत, महाराष्ट्र, भारत',
      types: ['locality', 'political'],
    },
  ],
};

describe('Google geocoder', () => {
  const google = fakeGoogle();
  beforeAll(() => new Promise<void>((resolve) => google.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => google.server.close(resolve)));
  beforeEach(() => {
    google.requests.length = 0;
  });

  it('sends the reverse request Google documents and reads locality, district and state', async () => {
    const geocoder = new GoogleGeocoder({ key: 'AIza-test-key', baseUrl: google.baseUrl, log: silentLog });
    google.answer(200, PIMPALGAON_MR);
    expect(await geocoder.reverse(20.167, 73.983, 'mr')).toEqual({ name: 'पिंपळगाव बसवंत', district: 'नाशिक', state: 'महाराष्ट्र' });
    expect(google.requests).toHaveLength(1);
    const url = google.requests[0] as URL;
    expect(url.pathname).toBe('/maps/api/geocode/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latlng: '20.167,73.983',
      language: 'mr',
      result_type: 'locality|sublocality',
      key: 'AIza-test-key',
    });
  });

  it('answers undefined for ZERO_RESULTS and fails on a refusal', async () => {
    const geocoder = new GoogleGeocoder({ key: 'k', baseUrl: google.baseUrl, log: silentLog });
    google.answer(200, { status: 'ZERO_RESULTS', results: [] });
    expect(await geocoder.reverse(18.5, 70.5, 'en')).toBeUndefined();
    google.answer(200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' });
    await expect(geocoder.reverse(20.167, 73.983, 'en')).rejects.toBeInstanceOf(GeocoderError);
    google.answer(500, {});
    await expect(geocoder.reverse(20.167, 73.983, 'en')).rejects.toBeInstanceOf(GeocoderError);
  });
});

describe.each(dbTargets)('address on the home screen through GEOCODER_PROVIDER=google on $name', (target) => {
  const google = fakeGoogle();
  beforeAll(() => new Promise<void>((resolve) => google.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => google.server.close(resolve)));
  const t = useTestApp(target);

  it("asks once per ~110 m and language, in the owner's language, and caches the answer in the database", async () => {
    google.requests.length = 0;
    const env = { GEOCODER_PROVIDER: 'google', GOOGLE_MAPS_KEY: 'AIza-test-key', GOOGLE_MAPS_BASE_URL: google.baseUrl };
    const app = await t.build(env);
    const { owner, tractor } = await ownerWithTractor(t);
    await call(app, 'PUT', 'profile', { language: 'mr' }, { token: owner.accessToken });
    await standsAtTheVillage(t, tractor.id);
    const home = async (a = app) => (await get(a, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>();

    // The provider fails: no address, nothing cached.
    google.answer(503, {});
    expect((await home()).address).toBeNull();
    google.answer(200, PIMPALGAON_MR);
    expect(await home()).toMatchObject({ address: 'पिंपळगाव बसवंत, नाशिक, महाराष्ट्र', place: { name: 'पिंपळगाव बसवंत', district: 'नाशिक', state: 'महाराष्ट्र' } });
    expect(google.requests.map((u) => u.searchParams.get('latlng'))).toEqual(['20.167,73.983', '20.167,73.983']);
    expect(google.requests.at(-1)?.searchParams.get('language')).toBe('mr');

    // Polls use the memory cache; the answer reaches the database cache shortly after (in a
    // batch, off the request), and then another instance on the same database uses it.
    await home();
    const cached = () => t.database.db.kysely.selectFrom('geocode_cache').selectAll().execute();
    await vi.waitFor(async () => expect(await cached()).toHaveLength(1), { timeout: 5000, interval: 50 });
    await home(await t.build(env));
    expect(google.requests).toHaveLength(2);
    expect(await cached()).toEqual([
      expect.objectContaining({ provider: 'google', language: 'mr', lat_e3: 20167, lon_e3: 73983, found: 1, name: 'पिंपळगाव बसवंत' }),
    ]);

    // Another language is another question.
    await call(app, 'PUT', 'profile', { language: 'hi' }, { token: owner.accessToken });
    await home();
    expect(google.requests.at(-1)?.searchParams.get('language')).toBe('hi');
  });
});

describe.each(dbTargets)('the database cache of addresses on $name', (target) => {
  const t = useTestApp(target);

  it('is written after the answers, in one batch, and whatever waits is written on close', async () => {
    const asked: string[] = [];
    const geocoder: Geocoder = {
      name: 'local',
      cacheName: 'local',
      reverse: async (lat, lon) => {
        asked.push(`${lat},${lon}`);
        return { name: `Village ${lat}`, district: 'Nashik', state: 'Maharashtra' };
      },
    };
    const db = t.database.db.kysely;
    const service = new GeocodingService({ db, geocoder, clock: t.clock, log: t.app.log });
    const rows = () => db.selectFrom('geocode_cache').select(['lat_e3', 'name']).orderBy('lat_e3').execute();

    for (const lat of [20.1, 20.2, 20.3]) expect((await service.reverse(lat, 73.9, 'en'))?.name).toBe(`Village ${lat}`);
    // Answered before anything was written; a repeat comes from memory.
    expect(await rows()).toEqual([]);
    await service.reverse(20.1, 73.9, 'en');
    expect(asked).toHaveLength(3);

    await service.flush();
    expect(await rows()).toEqual([20100, 20200, 20300].map((lat_e3) => ({ lat_e3, name: `Village ${lat_e3 / 1000}` })));
  });
});
