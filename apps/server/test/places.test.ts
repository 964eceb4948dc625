import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FUEL_STATIONS } from '../src/providers/places/fuel-stations';
import { GooglePlaces } from '../src/providers/places/google-places';
import { LocalPlaces } from '../src/providers/places/local-places';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, get, registerOwner } from './support/api';

const PIMPALGAON = { lat: 20.1667, lon: 73.9833 };

describe('places API with the local provider', () => {
  const t = useTestApp(dbTargets[0] as (typeof dbTargets)[number]);

  it('lists diesel stations near a tractor, nearest first, within the radius', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const res = await get(t.app, `places/diesel-stations?lat=${PIMPALGAON.lat}&lon=${PIMPALGAON.lon}&radiusKm=10`, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { name: string; distanceM: number }[] }>();
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data.every((s) => s.distanceM <= 10_000)).toBe(true);
    expect(data.map((s) => s.distanceM)).toEqual([...data.map((s) => s.distanceM)].sort((a, b) => a - b));
    expect(data[0]?.distanceM).toBeLessThan(1000);
  });

  it("gives the stations' addresses in the owner's language; the pumps' boards stay as they are", async () => {
    const owner = await registerOwner(t.app, t.sms);
    const near = (language: string) =>
      get(t.app, `places/diesel-stations?lat=${PIMPALGAON.lat}&lon=${PIMPALGAON.lon}&radiusKm=5&language=${language}`, { token: owner.accessToken });
    const stations = async (language: string) => (await near(language)).json<{ data: { name: string; address: string }[] }>().data;
    const english = await stations('en');
    expect(english.find((s) => s.name === 'Bharat Petroleum Krushi Fuels')?.address).toBe('Nashik Road, Pimpalgaon Baswant');
    const hindi = await stations('hi');
    expect(hindi.map((s) => s.name)).toEqual(english.map((s) => s.name));
    expect(hindi.find((s) => s.name === 'Bharat Petroleum Krushi Fuels')?.address).toBe('नासिक रोड, पिंपलगांव बसवंत');
    expect(hindi.find((s) => s.name === 'IndianOil Kisan Seva Kendra')?.address).toBe('मुंबई–आगरा हाईवे, पिंपलगांव बसवंत');
    const tamil = await stations('ta');
    expect(tamil.find((s) => s.name === 'Bharat Petroleum Krushi Fuels')?.address).toBe('நாசிக் ரோடு, பிம்பல்காவ் பஸ்வந்த்');
    expectError(await near('xx'), 'VALIDATION_FAILED');
  });

  it("names every part of every demo station's address in each language, in its own script", async () => {
    const scripts = [
      ['hi', /^[\p{Script=Devanagari}\s–-]+$/u],
      ['mr', /^[\p{Script=Devanagari}\s–-]+$/u],
      ['pa', /^[\p{Script=Gurmukhi}\s–-]+$/u],
      ['gu', /^[\p{Script=Gujarati}\s–-]+$/u],
      ['ta', /^[\p{Script=Tamil}\s–-]+$/u],
      ['te', /^[\p{Script=Telugu}\u200c\s–-]+$/u],
    ] as const;
    const local = new LocalPlaces();
    for (const [language, script] of scripts) {
      const stations = await local.dieselStations(20.2, 74.1, 100_000, language);
      expect(stations).toHaveLength(FUEL_STATIONS.length);
      for (const s of stations) for (const part of s.address.split(', ')) expect(part, `${s.name} in ${language}`).toMatch(script);
    }
  });

  it('finds Indian places by name and tells where one is', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const found = await get(t.app, 'places/autocomplete?input=nash', { token: owner.accessToken });
    const { data } = found.json<{ data: { placeId: string; description: string }[] }>();
    const nashik = data.find((p) => p.description.startsWith('Nashik'));
    expect(nashik, JSON.stringify(data)).toBeDefined();
    const details = await get(t.app, `places/details?placeId=${nashik?.placeId}`, { token: owner.accessToken });
    expect(details.json()).toMatchObject({ name: 'Nashik' });
    expect(details.json<{ latitude: number }>().latitude).toBeCloseTo(20, 0);
    expectError(await get(t.app, 'places/details?placeId=local:999999', { token: owner.accessToken }), 'NOT_FOUND');
  });

  it("finds places by their name in the owner's language and answers in it", async () => {
    const owner = await registerOwner(t.app, t.sms);
    const found = await get(t.app, `places/autocomplete?input=${encodeURIComponent('नाशि')}&language=mr`, { token: owner.accessToken });
    const { data } = found.json<{ data: { placeId: string; description: string }[] }>();
    expect(data.map((p) => p.description)).toContain('नाशिक, नाशिक, महाराष्ट्र');
    const byEnglish = await get(t.app, 'places/autocomplete?input=niph&language=ta', { token: owner.accessToken });
    const niphad = byEnglish.json<{ data: { placeId: string; description: string }[] }>().data[0];
    expect(niphad?.description).toBe('நிபாட், நாசிக், மகாராஷ்டிரா');
    expect((await get(t.app, `places/details?placeId=${niphad?.placeId}&language=ta`, { token: owner.accessToken })).json()).toMatchObject({ name: 'நிபாட்' });
  });

  it('refuses an unsigned caller and bad input', async () => {
    expectError(await get(t.app, `places/diesel-stations?lat=20&lon=73`), 'UNAUTHENTICATED');
    const owner = await registerOwner(t.app, t.sms);
    expectError(await get(t.app, 'places/diesel-stations?lat=200&lon=73', { token: owner.accessToken }), 'VALIDATION_FAILED');
    expectError(await get(t.app, 'places/diesel-stations?lat=20&lon=73&radiusKm=500', { token: owner.accessToken }), 'VALIDATION_FAILED');
    // Numbers written out in decimal: an empty latitude is not 0 (the Gulf of Guinea), nor hex 20.
    for (const query of ['lat=&lon=', 'lat=0x14&lon=73', 'lat=20&lon=73&radiusKm=1e1', 'lat=%2020&lon=73'])
      expectError(await get(t.app, `places/diesel-stations?${query}`, { token: owner.accessToken }), 'VALIDATION_FAILED');
    expectError(await get(t.app, 'places/autocomplete?input=a', { token: owner.accessToken }), 'VALIDATION_FAILED');
  });
});

describe('Google places provider', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A fake Google endpoint that records each request and answers `body`. */
  async function fake(body: unknown, status = 200): Promise<{ baseUrl: string; requests: IncomingMessage[] }> {
    const requests: IncomingMessage[] = [];
    server = createServer((req, res) => {
      requests.push(req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
    return { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests };
  }
  const query = (req: IncomingMessage | undefined) => new URL(req?.url ?? '/', 'http://x');

  it('searches gas stations near a point', async () => {
    const { baseUrl, requests } = await fake({
      status: 'OK',
      results: [{ name: 'IndianOil', vicinity: 'Ozar', geometry: { location: { lat: 20.0957, lng: 73.9311 } } }],
    });
    const stations = await new GooglePlaces({ key: 'k123', baseUrl }).dieselStations(20.1667, 73.9833, 15_000, 'hi');
    const url = query(requests[0]);
    expect(url.pathname).toBe('/maps/api/place/nearbysearch/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({ location: '20.1667,73.9833', radius: '15000', type: 'gas_station', language: 'hi', key: 'k123' });
    expect(stations).toEqual([{ name: 'IndianOil', address: 'Ozar', latitude: 20.0957, longitude: 73.9311, distanceM: expect.any(Number) }]);
  });

  it('autocompletes regions in India only, and looks up geometry by place id', async () => {
    const { baseUrl, requests } = await fake({
      status: 'OK',
      predictions: [{ place_id: 'ChIJ1', description: 'Niphad, Maharashtra, India' }],
      result: { name: 'Niphad', geometry: { location: { lat: 20.08, lng: 74.11 } } },
    });
    const places = new GooglePlaces({ key: 'k123', baseUrl });
    expect(await places.autocomplete('Niph', 'mr')).toEqual([{ placeId: 'ChIJ1', description: 'Niphad, Maharashtra, India' }]);
    expect(Object.fromEntries(query(requests[0]).searchParams)).toEqual({
      input: 'Niph',
      types: '(regions)',
      components: 'country:in',
      language: 'mr',
      key: 'k123',
    });
    expect(await places.details('ChIJ1', 'mr')).toEqual({ placeId: 'ChIJ1', name: 'Niphad', latitude: 20.08, longitude: 74.11 });
    expect(query(requests[1]).pathname).toBe('/maps/api/place/details/json');
    expect(Object.fromEntries(query(requests[1]).searchParams)).toEqual({ placeid: 'ChIJ1', fields: 'geometry,name', language: 'mr', key: 'k123' });
  });

  it('fails with a PlacesError on a refused key', async () => {
    const { baseUrl } = await fake({ status: 'REQUEST_DENIED' });
    await expect(new GooglePlaces({ key: 'bad', baseUrl }).autocomplete('Nashik', 'en')).rejects.toThrow(/REQUEST_DENIED/);
  });
});
