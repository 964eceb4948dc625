import type { BoundaryOutlineResponse, Geofence, GeofenceDistrictsResponse, GeofenceListResponse, GeofenceStatesResponse } from '@tractorlink/domain/geofences';
import type { ErrorCode } from '@tractorlink/domain/errors';
import { describe, expect, it } from 'vitest';
import { call, expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence, polygonBody, pt, rectangle, squareBody } from './support/geofences';
import { useTestApp } from './support/harness';
import { TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';
import { provisionTractor } from './support/tractors';

describe.each(dbTargets)('geofences API on $name', (target) => {
  const t = useTestApp(target);

  it('creates a circle, a square and a polygon, lists them newest first, reads, edits and deletes one', async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const circle = await createGeofence(t.app, token, circleBody('Well', 150));
    expect(circle).toMatchObject({
      name: 'Well',
      type: 'custom',
      shape: 'circle',
      coordinates: [pt(0, 0)],
      radiusM: 150,
      sideM: null,
      state: null,
      district: null,
      vins: [],
      active: true,
      alertOnEntry: true,
      alertOnExit: true,
      createdAt: TEST_START / 1000,
    });
    expect(circle.areaM2).toBe(Math.round(Math.PI * 150 * 150));
    t.clock.advance(1000);
    const square = await createGeofence(t.app, token, squareBody('Yard', 100, { alertOnEntry: false }));
    expect(square).toMatchObject({ shape: 'square', sideM: 100, radiusM: null, alertOnEntry: false });
    expect(square.areaM2).toBeGreaterThan(9_990);
    expect(square.areaM2).toBeLessThan(10_010);
    // A square's box is the square: 100 m across.
    expect((square.bounds.north - square.bounds.south) * 111_195).toBeCloseTo(100, 0);
    t.clock.advance(1000);
    const closed = [...rectangle(0, 0, 300, 200), pt(0, 0)];
    const polygon = await createGeofence(t.app, token, polygonBody('North-Field_2', closed, { active: false }));
    // The closing point is dropped: the corners as drawn.
    expect(polygon).toMatchObject({ shape: 'polygon', coordinates: rectangle(0, 0, 300, 200), active: false });

    const list = await call(t.app, 'GET', 'geofences', undefined, { token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<GeofenceListResponse>()).toMatchObject({ page: 1, pageSize: 50, total: 3, limit: 50 });
    expect(list.json<GeofenceListResponse>().data.map((g) => g.name)).toEqual(['North-Field_2', 'Yard', 'Well']);
    const inactive = await call(t.app, 'GET', 'geofences?active=false&isSec=true', undefined, { token });
    expect(inactive.json<GeofenceListResponse>().data.map((g) => g.name)).toEqual(['North-Field_2']);
    const paged = await call(t.app, 'GET', 'geofences?page=2&pageSize=2', undefined, { token });
    expect(paged.json<GeofenceListResponse>()).toMatchObject({ page: 2, pageSize: 2, total: 3, data: [{ name: 'Well' }] });
    expectError(await call(t.app, 'GET', 'geofences?pageSize=101', undefined, { token }), 'VALIDATION_FAILED');

    const read = await call(t.app, 'GET', `geofences/${circle.id}`, undefined, { token });
    expect(read.json<Geofence>()).toEqual(circle);

    // An edit replaces the definition: a circle becomes a polygon; its name may change case.
    t.clock.advance(60_000);
    const edited = await call(t.app, 'PUT', `geofences/${circle.id}`, polygonBody('WELL'), { token });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Geofence>()).toMatchObject({
      id: circle.id,
      name: 'WELL',
      shape: 'polygon',
      radiusM: null,
      coordinates: rectangle(-200, -200, 400, 400),
      createdAt: circle.createdAt,
      updatedAt: circle.createdAt + 62,
    });

    const deleted = await call(t.app, 'DELETE', `geofences/${square.id}`, undefined, { token });
    expect(deleted.statusCode).toBe(204);
    expectError(await call(t.app, 'GET', `geofences/${square.id}`, undefined, { token }), 'NOT_FOUND');
    expectError(await call(t.app, 'DELETE', `geofences/${square.id}`, undefined, { token }), 'NOT_FOUND');
    // Its name is free again.
    await createGeofence(t.app, token, squareBody('yard'));
  });

  it("assigns the owner's tractors, lists the geofences watching one, and toggles active", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const second = await provisionTractor(t.database.db.kysely, { mobileNo: '9876543210' });
    expect((await call(t.app, 'POST', 'vehicles/claim', { vin: second.vin }, { token })).statusCode).toBe(200);
    const farm = await createGeofence(t.app, token, circleBody('Farm', 500, { vins: [tractor.vin.toLowerCase()] }));
    expect(farm.vins).toEqual([tractor.vin]);
    await createGeofence(t.app, token, circleBody('Village', 2000));

    const assigned = await call(t.app, 'PUT', `geofences/${farm.id}/tractors`, { vins: [second.vin, tractor.vin, second.vin] }, { token });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<Geofence>().vins).toEqual([tractor.vin, second.vin].sort());
    const watching = await call(t.app, 'GET', `geofences?vin=${second.vin}`, undefined, { token });
    expect(watching.json<GeofenceListResponse>().data.map((g) => g.name)).toEqual(['Farm']);
    const none = await call(t.app, 'PUT', `geofences/${farm.id}/tractors`, { vins: [] }, { token });
    expect(none.json<Geofence>().vins).toEqual([]);

    const off = await call(t.app, 'PUT', `geofences/${farm.id}/active`, { active: false }, { token });
    expect(off.json<Geofence>().active).toBe(false);
    const again = await call(t.app, 'PUT', `geofences/${farm.id}/active`, { active: false }, { token });
    expect(again.json<Geofence>()).toEqual(off.json<Geofence>());
    const on = await call(t.app, 'PUT', `geofences/${farm.id}/active`, { active: true }, { token });
    expect(on.json<Geofence>().active).toBe(true);
    expectError(await call(t.app, 'PUT', `geofences/${farm.id}/active`, { active: 'yes' }, { token }), 'VALIDATION_FAILED');
  });

  it('state and district geofences come from the loaded boundaries, with their lists and outlines', async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const states = await call(t.app, 'GET', 'geofences/states?isSec=true', undefined, { token });
    expect(states.statusCode, states.body).toBe(200);
    // The demo boundaries: Maharashtra's outline and three of its districts; Dang (Gujarat) without Gujarat's outline.
    expect(states.json<GeofenceStatesResponse>().data).toEqual([
      // The demo file names nothing in other languages: the app's catalogue does (web place-names.ts).
      { state: 'Gujarat', names: {}, boundary: false, districts: 1 },
      { state: 'Maharashtra', names: {}, boundary: true, districts: 3 },
    ]);
    const districts = await call(t.app, 'GET', 'geofences/states/maharashtra/districts', undefined, { token });
    expect(districts.json<GeofenceDistrictsResponse>().state).toBe('Maharashtra');
    expect(districts.json<GeofenceDistrictsResponse>().data.map((d) => d.district)).toEqual(['Ahmednagar', 'Nashik', 'Pune']);
    expectError(await call(t.app, 'GET', 'geofences/states/Kerala/districts', undefined, { token }), 'NOT_FOUND');

    const outline = await call(t.app, 'GET', `geofences/states/${encodeURIComponent('Maharashtra')}/districts/Nashik/outline`, undefined, { token });
    expect(outline.statusCode, outline.body).toBe(200);
    const body = outline.json<BoundaryOutlineResponse>();
    expect(body).toMatchObject({ state: 'Maharashtra', district: 'Nashik', geometry: { type: 'MultiPolygon' } });
    expect(body.areaM2 / 1e6).toBeGreaterThan(10_000);
    expect(body.geometry.coordinates[0]?.[0]?.[0]).toEqual(body.geometry.coordinates[0]?.[0]?.at(-1));
    expect((await call(t.app, 'GET', 'geofences/states/Maharashtra/outline', undefined, { token })).statusCode).toBe(200);
    expectError(await call(t.app, 'GET', 'geofences/states/Gujarat/outline', undefined, { token }), 'NOT_FOUND');

    const district = await createGeofence(t.app, token, { name: 'Nashik-district', type: 'district', state: ' maharashtra ', district: 'NASHIK' });
    expect(district).toMatchObject({ type: 'district', shape: null, coordinates: [], state: 'Maharashtra', district: 'Nashik', radiusM: null });
    expect(district.bounds.south).toBeLessThan(20.1667);
    expect(district.bounds.north).toBeGreaterThan(20.1667);
    const state = await createGeofence(t.app, token, { name: 'MH', type: 'state', state: 'Maharashtra' });
    expect(state).toMatchObject({ type: 'state', state: 'Maharashtra', district: null });
    expect(state.areaM2).toBeGreaterThan(district.areaM2);
  });

  it('at most 50 geofences per owner', async () => {
    const { owner } = await ownerWithTractor(t);
    for (let i = 0; i < 50; i++) await createGeofence(t.app, owner.accessToken, circleBody(`G${i}`));
    expectError(await call(t.app, 'POST', 'geofences', circleBody('G50'), { token: owner.accessToken }), 'GEOFENCE_LIMIT');
    // Another owner has their own 50.
    const { owner: other } = await ownerWithTractor(t, '9123456789');
    await createGeofence(t.app, other.accessToken, circleBody('G0'));
  });

  /** Spec §5 and the bounds, each refused with its code (VALIDATION_FAILED details carry the field's). */
  const refusals: [string, Record<string, unknown>, ErrorCode, { path: string; code: string }?][] = [
    ['a name with a space', circleBody('North Field'), 'VALIDATION_FAILED', { path: 'name', code: 'GEOFENCE_NAME_INVALID' }],
    ['a name with a dot', circleBody('farm.1'), 'VALIDATION_FAILED', { path: 'name', code: 'GEOFENCE_NAME_INVALID' }],
    ['an empty name', circleBody(''), 'VALIDATION_FAILED', { path: 'name', code: 'GEOFENCE_NAME_REQUIRED' }],
    ['a 31-character name', circleBody('A'.repeat(31)), 'VALIDATION_FAILED', { path: 'name', code: 'GEOFENCE_NAME_TOO_LONG' }],
    ['a name already used (any case)', circleBody('HOME'), 'DUPLICATE_GEOFENCE_NAME'],
    ['empty coordinates', polygonBody('Field', []), 'VALIDATION_FAILED', { path: 'coordinates', code: 'COORDINATES_EMPTY' }],
    [
      'no coordinates',
      { name: 'Field', type: 'custom', shape: 'circle', radiusM: 100 },
      'VALIDATION_FAILED',
      { path: 'coordinates', code: 'COORDINATES_EMPTY' },
    ],
    ['a radius of 20 m', circleBody('Small', 20), 'VALIDATION_FAILED', { path: 'radiusM', code: 'RADIUS_OUT_OF_RANGE' }],
    ['a radius of 60 km', circleBody('Huge', 60_000), 'VALIDATION_FAILED', { path: 'radiusM', code: 'RADIUS_OUT_OF_RANGE' }],
    ['a square of 200 km side', squareBody('Huge', 200_000), 'VALIDATION_FAILED', { path: 'sideM', code: 'SIDE_OUT_OF_RANGE' }],
    [
      'a polygon crossing itself',
      polygonBody('Bow', [pt(0, 0), pt(300, 300), pt(300, 0), pt(0, 300)]),
      'VALIDATION_FAILED',
      { path: 'coordinates', code: 'POLYGON_SELF_INTERSECTS' },
    ],
    ['a polygon of 0.04 ha', polygonBody('Tiny', rectangle(0, 0, 20, 20)), 'VALIDATION_FAILED', { path: 'coordinates', code: 'AREA_TOO_SMALL' }],
    [
      'a district not in the chosen state',
      { name: 'Dang', type: 'district', state: 'Maharashtra', district: 'Dang' },
      'VALIDATION_FAILED',
      { path: 'district', code: 'DISTRICT_NOT_IN_STATE' },
    ],
    ['a district whose boundary is not loaded', { name: 'Nagpur', type: 'district', state: 'Maharashtra', district: 'Nagpur' }, 'BOUNDARY_NOT_LOADED'],
    ['a state whose outline is not loaded', { name: 'Gujarat', type: 'state', state: 'Gujarat' }, 'BOUNDARY_NOT_LOADED'],
    ['a state not loaded at all', { name: 'Kerala', type: 'state', state: 'Kerala' }, 'BOUNDARY_NOT_LOADED'],
    ["a tractor that is not the owner's", circleBody('Farm', 200, { vins: ['MBNAAHTR1NL999999'] }), 'NOT_FOUND'],
    ['an unknown field', circleBody('Farm', 200, { colour: 'red' }), 'VALIDATION_FAILED', { path: 'colour', code: 'UNKNOWN_FIELD' }],
  ];

  it.each(refusals)('refuses %s', async (_what, body, code, detail) => {
    const { owner } = await ownerWithTractor(t);
    const home = await createGeofence(t.app, owner.accessToken, circleBody('Home'));
    const created = await call(t.app, 'POST', 'geofences', body, { token: owner.accessToken });
    const error = expectError(created, code);
    if (detail) expect(error.error.details).toContainEqual(detail);
    // The same rule holds for an edit (a tractor list is not part of an edit).
    if (!('vins' in body) && body.name !== 'HOME') {
      const { colour: _colour, ...definition } = body;
      const edited = await call(t.app, 'PUT', `geofences/${home.id}`, 'colour' in body ? body : definition, { token: owner.accessToken });
      expectError(edited, code);
    }
    const list = await call(t.app, 'GET', 'geofences', undefined, { token: owner.accessToken });
    expect(list.json<GeofenceListResponse>().data.map((g) => g.name)).toEqual(['Home']);
  });

  it('an edit to a name another geofence has is refused; to its own name in another case it is not', async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    await createGeofence(t.app, token, circleBody('Home'));
    const field = await createGeofence(t.app, token, circleBody('Field'));
    expectError(await call(t.app, 'PUT', `geofences/${field.id}`, circleBody('home'), { token }), 'DUPLICATE_GEOFENCE_NAME');
    expect((await call(t.app, 'PUT', `geofences/${field.id}`, circleBody('FIELD'), { token })).statusCode).toBe(200);
  });

  it('needs a signed-in owner', async () => {
    expectError(await call(t.app, 'GET', 'geofences'), 'UNAUTHENTICATED');
    expectError(await call(t.app, 'POST', 'geofences', circleBody('Farm')), 'UNAUTHENTICATED');
    expectError(await call(t.app, 'GET', 'geofences/states'), 'UNAUTHENTICATED');
  });
});
