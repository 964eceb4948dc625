import type { Geofence } from '@tractorlink/domain/geofences';
import { describe, expect, it } from 'vitest';
import { call, expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence, polygonBody } from './support/geofences';
import { useTestApp } from './support/harness';
import { ownerWithTractor } from './support/vehicles';

interface Target {
  /** A geofence id and a VIN to put in the request. */
  id: string;
  vin: string;
  /** The caller's own geofence and tractor (for routes that take one of each). */
  ownId: string;
  ownVin: string;
}

/**
 * Every geofence route, with a valid request, so only ownership can refuse it. `mine` is the
 * request the owner is served for; the same request naming another owner's geofence or tractor, an
 * unknown one, or a malformed one, must answer the same NOT_FOUND.
 */
const ROUTES: { name: string; status: number; request: (x: Target) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown } }[] = [
  { name: 'GET geofences/{id}', status: 200, request: (x) => ({ method: 'GET', url: `geofences/${x.id}` }) },
  { name: 'PUT geofences/{id}', status: 200, request: (x) => ({ method: 'PUT', url: `geofences/${x.id}`, body: polygonBody('Renamed') }) },
  {
    name: 'PUT geofences/{id}/tractors (their geofence)',
    status: 200,
    request: (x) => ({ method: 'PUT', url: `geofences/${x.id}/tractors`, body: { vins: [x.ownVin] } }),
  },
  { name: 'PUT geofences/{id}/active', status: 200, request: (x) => ({ method: 'PUT', url: `geofences/${x.id}/active`, body: { active: false } }) },
  { name: 'DELETE geofences/{id}', status: 204, request: (x) => ({ method: 'DELETE', url: `geofences/${x.id}` }) },
  {
    name: 'PUT geofences/{id}/tractors (their tractor)',
    status: 200,
    request: (x) => ({ method: 'PUT', url: `geofences/${x.ownId}/tractors`, body: { vins: [x.ownVin, x.vin] } }),
  },
  {
    name: 'POST geofences with their tractor',
    status: 201,
    request: (x) => ({ method: 'POST', url: 'geofences', body: circleBody('Fresh', 300, { vins: [x.vin] }) }),
  },
  { name: 'GET geofences?vin={their tractor}', status: 200, request: (x) => ({ method: 'GET', url: `geofences?vin=${x.vin}` }) },
];

describe.each(dbTargets)("every geofence route answers 404 for another owner's geofence or tractor, on $name", (target) => {
  const t = useTestApp(target);

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const { owner: ramesh, tractor: rameshs } = await ownerWithTractor(t, '9876543210');
    const { owner: suresh, tractor: sureshs } = await ownerWithTractor(t, '9123456789');
    const mine = await createGeofence(t.app, ramesh.accessToken, polygonBody('Home', undefined, { vins: [rameshs.vin] }));
    const theirs = await createGeofence(t.app, suresh.accessToken, polygonBody('Home', undefined, { vins: [sureshs.vin] }));
    const send = (x: Omit<Target, 'ownId' | 'ownVin'>) => {
      const r = route.request({ ...x, ownId: mine.id, ownVin: rameshs.vin });
      return call(t.app, r.method, r.url, r.body, { token: ramesh.accessToken });
    };

    // Another owner's geofence or tractor, an unknown one and a malformed one look exactly alike …
    const other = await send({ id: theirs.id, vin: sureshs.vin });
    const unknown = await send({ id: '00000000-0000-4000-8000-000000000000', vin: 'MBNAAHTR1NL999999' });
    const malformed = await send({ id: 'not-an-id', vin: 'not-a-vin' });
    for (const res of [other, unknown, malformed]) expectError(res, 'NOT_FOUND');
    expect(other.body).toBe(unknown.body);
    expect(other.body).toBe(malformed.body);
    // … nothing of theirs changed, and nothing of the caller's either …
    const stored = await call(t.app, 'GET', `geofences/${theirs.id}`, undefined, { token: suresh.accessToken });
    expect(stored.json<Geofence>()).toEqual(theirs);
    expect((await call(t.app, 'GET', `geofences/${mine.id}`, undefined, { token: ramesh.accessToken })).json<Geofence>()).toEqual(mine);
    // … and the owner is served.
    const own = await send({ id: mine.id, vin: rameshs.vin });
    expect(own.statusCode, own.body).toBe(route.status);
  });
});
