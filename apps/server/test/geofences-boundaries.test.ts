import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GeofenceDistrictsResponse, GeofenceStatesResponse } from '@tractorlink/domain/geofences';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './support/api';
import { adminRunner } from './support/admin';
import { dbTargets } from './support/db-targets';
import { createGeofence } from './support/geofences';
import { useTestApp } from './support/harness';
import { ownerWithTractor } from './support/vehicles';

const dir = mkdtempSync(path.join(tmpdir(), 'tl-boundaries-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A square of `d` degrees with its south-west corner at (lat, lon), as a GeoJSON ring ([lon, lat], closed). */
const square = (lat: number, lon: number, d: number) => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];
const feature = (properties: Record<string, unknown>, geometry: unknown) => ({ type: 'Feature', properties, geometry });
const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });

/** A small file in another dataset's property names (STATE, DIST), good features and bad ones. */
const FILE = {
  type: 'FeatureCollection',
  features: [
    // Names in the app's other languages as OpenStreetMap writes them; 'name:kn' is not an app language.
    feature({ STATE: 'Karnataka', DIST: 'Belagavi', 'name:hi': 'बेलगावी', 'name:mr': ' बेळगाव ', 'name:kn': 'ಬೆಳಗಾವಿ' }, polygon(square(15.5, 74.5, 0.5))),
    // A district drawn in two features (an island apart): joined into one, with the names of both.
    feature({ STATE: 'Karnataka', DIST: 'Uttara Kannada', 'name:hi': 'उत्तर कन्नड़' }, polygon(square(14.5, 74.3, 0.4), square(14.6, 74.4, 0.1))),
    feature({ STATE: 'Karnataka', DIST: 'Uttara Kannada', 'name:ta': 'உத்தர கன்னடா' }, { type: 'MultiPolygon', coordinates: [[square(14.2, 74.0, 0.05)]] }),
    feature({ STATE: '  Karnataka ', 'name:hi': 'कर्नाटक' }, polygon(square(11.6, 74.0, 6.5))),
    feature({ STATE: 'Karnataka', DIST: 'Long', 'name:te': 'ల'.repeat(200) }, polygon(square(13, 75, 0.1))),
    feature({ STATE: 'Karnataka', DIST: 'Hubli' }, { type: 'Point', coordinates: [75.1, 15.3] }),
    feature({ DIST: 'Nowhere' }, polygon(square(15, 75, 0.1))),
    feature({ STATE: 'Karnataka', DIST: 'Abroad' }, polygon(square(51.5, -0.1, 0.1))),
    feature(
      { STATE: 'Karnataka', DIST: 'Sliver' },
      polygon([
        [75, 15],
        [75.1, 15],
        [75, 15],
      ]),
    ),
    feature(
      { STATE: 'Karnataka', DIST: 'Garbled' },
      polygon([
        ['a', 'b'],
        [75.1, 15],
        [75, 15.1],
        ['a', 'b'],
      ] as unknown as number[][]),
    ),
    { type: 'Something' },
  ],
};

describe.each(dbTargets)('npm run admin -- boundaries on $name', (target) => {
  const t = useTestApp(target);

  const run = adminRunner(t);
  const write = (name: string, content: unknown) => {
    const file = path.join(dir, `${target.name}-${name}`);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const stored = async () =>
    (
      await t.database.db.kysely
        .selectFrom('geofence_boundaries')
        .select(['state', 'district', 'source', 'version'])
        .orderBy('state_key')
        .orderBy('district_key')
        .execute()
    ).map((r) => `${r.state}|${r.district}|${r.source}|${Number(r.version)}`);

  it('imports a small GeoJSON file feature by feature, saying why each bad one was refused', async () => {
    const file = write('karnataka.geojson', FILE);
    const { code, out } = await run('boundaries', 'import', file, '--state-property', 'STATE', '--district-property', 'DIST');
    expect(out).toEqual([
      'feature 5 (Karnataka / Long): refused: name:te: NAME_TOO_LONG (name longer than 60 characters)',
      'feature 6 (Karnataka / Hubli): refused: geometry: GEOMETRY_NOT_POLYGON (geometry is not a Polygon or MultiPolygon)',
      'feature 7 (feature 7): refused: STATE: STATE_MISSING (no state name in the state property)',
      'feature 8 (Karnataka / Abroad): refused: geometry: OUTSIDE_INDIA (a position lies outside India)',
      'feature 9 (Karnataka / Sliver): refused: geometry: RING_TOO_SHORT (a ring has fewer than 3 distinct points)',
      'feature 10 (Karnataka / Garbled): refused: geometry: COORDINATES_INVALID (a position is not [longitude, latitude] in degrees)',
      'feature 11 (feature 11): refused: feature: NOT_A_FEATURE (not a GeoJSON Feature)',
      expect.stringMatching(/^Karnataka \/ Belagavi: imported, 4 points, 2,9\d\d km²$/),
      expect.stringMatching(/^Karnataka \/ Uttara Kannada: imported, 12 points, 1,8\d\d km², 2 features joined$/),
      expect.stringMatching(/^Karnataka \(state outline\): imported, 4 points, [\d,]+ km²$/),
      '5 demo boundaries removed (real ones are loaded now).',
      '3 boundaries imported, 7 features refused.',
    ]);
    expect(code).toBe(1);
    expect(await stored()).toEqual([
      `Karnataka||${target.name}-karnataka.geojson|1`,
      `Karnataka|Belagavi|${target.name}-karnataka.geojson|1`,
      `Karnataka|Uttara Kannada|${target.name}-karnataka.geojson|1`,
    ]);

    // The owner's lists follow; the hole in Uttara Kannada's first part is kept.
    const { owner } = await ownerWithTractor(t);
    const states = await call(t.app, 'GET', 'geofences/states', undefined, { token: owner.accessToken });
    expect(states.json<GeofenceStatesResponse>().data).toEqual([{ state: 'Karnataka', names: { hi: 'कर्नाटक' }, boundary: true, districts: 2 }]);
    // Each district with the names its file gave, for the owner's language (issue 19 item 5).
    const districts = await call(t.app, 'GET', 'geofences/states/Karnataka/districts', undefined, { token: owner.accessToken });
    expect(districts.json<GeofenceDistrictsResponse>().data.map((d) => [d.district, d.names])).toEqual([
      ['Belagavi', { hi: 'बेलगावी', mr: 'बेळगाव' }],
      ['Uttara Kannada', { hi: 'उत्तर कन्नड़', ta: 'உத்தர கன்னடா' }],
    ]);
    const list = await run('boundaries', 'list');
    expect(list.out.at(-1)).toBe('3 boundaries loaded.');
  });

  it('a re-import replaces a boundary in place; demo shapes a geofence uses stay', async () => {
    const { owner } = await ownerWithTractor(t);
    const nashik = await createGeofence(t.app, owner.accessToken, { name: 'Nashik', type: 'district', state: 'Maharashtra', district: 'Nashik' });
    const before = await t.database.db.kysely.selectFrom('geofence_boundaries').select(['id']).where('district', '=', 'Nashik').executeTakeFirstOrThrow();
    const file = write('nashik.geojson', {
      type: 'FeatureCollection',
      features: [feature({ ST_NM: 'Maharashtra', DISTRICT: 'nashik' }, polygon(square(19.6, 73.4, 1.2)))],
    });
    const { code, out } = await run('boundaries', 'import', file, '--tolerance-m', '0');
    expect(code).toBe(0);
    expect(out.at(-1)).toBe('1 boundaries imported, 0 features refused.');
    // Same row (the geofence still points at it), now from the file, version 2; the unused demo shapes are gone.
    const after = await t.database.db.kysely.selectFrom('geofence_boundaries').select(['id', 'district', 'version', 'source']).execute();
    expect(after).toEqual([{ id: before.id, district: 'nashik', version: 2, source: `${target.name}-nashik.geojson` }]);
    const read = await call(t.app, 'GET', `geofences/${nashik.id}`, undefined, { token: owner.accessToken });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a file that is not a FeatureCollection, and bad flags, importing nothing', async () => {
    const before = await stored();
    expect(before).toHaveLength(5);
    const notGeoJson = await run('boundaries', 'import', write('points.json', { type: 'Feature', geometry: null }));
    expect(notGeoJson.code).toBe(2);
    expect(notGeoJson.err.join('\n')).toContain('not a GeoJSON FeatureCollection. Nothing was imported.');
    expect((await run('boundaries', 'import', write('broken.json', '{"type":'))).code).toBe(2);
    expect((await run('boundaries', 'import', path.join(dir, 'missing.geojson'))).code).toBe(2);
    expect((await run('boundaries', 'import', write('ok.json', FILE), '--tolerance-m', 'lots')).code).toBe(2);
    expect((await run('boundaries', 'import')).code).toBe(2);
    expect((await run('boundaries', 'frobnicate')).code).toBe(2);
    expect(await stored()).toEqual(before);
    const help = await run('help');
    expect(help.out.join('\n')).toContain('boundaries import <file.geojson>');
  });
});
