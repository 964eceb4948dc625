import { describe, expect, it } from 'vitest';
import { call, expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { ownerWithTractor } from './support/vehicles';

/** Every VIN-scoped route of the vehicle API, with a valid query, so only ownership can refuse it. */
const VIN_ROUTES: { method: 'GET' | 'PUT'; path: (vin: string) => string; body?: unknown }[] = [
  { method: 'GET', path: (vin) => `tractorhomepage/${vin}?isSec=true` },
  { method: 'GET', path: (vin) => `vehicles/aggregations/${vin}?aggregationOption=day&isSec=true` },
  { method: 'GET', path: (vin) => `vehicles/aggregations/${vin}?aggregationOption=range&startDateTime=1795199400&endDateTime=1795285799&isSec=true` },
  { method: 'GET', path: (vin) => `vehicles/aggregations/${vin}?aggregationOption=month` },
  { method: 'GET', path: (vin) => `vehicles/${vin}?isSec=true` },
  { method: 'GET', path: (vin) => `servicereminders/${vin}` },
  { method: 'GET', path: (vin) => `vehicles/${vin}/history` },
  { method: 'GET', path: (vin) => `vehicles/${vin}/history?from=1795199400&to=1795285799` },
  { method: 'GET', path: (vin) => `vehicles/${vin}/track` },
  { method: 'GET', path: (vin) => `vehicles/${vin}/track?date=2026-11-21` },
  { method: 'PUT', path: (vin) => `vehicles/${vin}/name`, body: { vehName: 'Mine now' } },
];

describe.each(dbTargets)('every VIN-scoped route answers 404 for a tractor the caller does not own, on $name', (target) => {
  const t = useTestApp(target);

  it.each(VIN_ROUTES.map((r) => [`${r.method} ${r.path('{vin}')}`, r] as const))('%s', async (_name, route) => {
    const { owner: ramesh, tractor: rameshs } = await ownerWithTractor(t, '9876543210');
    const { owner: suresh, tractor: sureshs } = await ownerWithTractor(t, '9123456789');
    const send = (token: string, vin: string) => call(t.app, route.method, route.path(vin), route.body, { token });

    // The owner is served …
    const own = await send(ramesh.accessToken, rameshs.vin);
    expect(own.statusCode, own.body).toBe(200);
    // … another owner's VIN, an unknown VIN and a malformed one look exactly alike.
    const other = await send(ramesh.accessToken, sureshs.vin);
    const unknown = await send(ramesh.accessToken, 'MBNAAHTR1NL999999');
    const malformed = await send(ramesh.accessToken, 'not-a-vin');
    for (const res of [other, unknown, malformed]) expectError(res, 'NOT_FOUND');
    expect(other.body).toBe(unknown.body);
    expect(other.body).toBe(malformed.body);
    // The other owner's tractor is untouched (not renamed), and still theirs.
    const stored = await t.database.db.kysely.selectFrom('tractors').select('veh_name').where('vin', '=', sureshs.vin).executeTakeFirstOrThrow();
    expect(stored.veh_name).toBe('Arjun 555 DI');
    const theirs = await send(suresh.accessToken, sureshs.vin);
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
});
