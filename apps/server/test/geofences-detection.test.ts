import type { AlertsResponse } from '@tractorlink/domain/alerts-api';
import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { at, engineOn, ingest, noise, series, storedAlerts } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { createGeofence, polygonBody, rectangle } from './support/geofences';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';
import { ownerWithTractor } from './support/vehicles';

/**
 * Geofence detection through the real ingestion path (group commit, the rules inside the
 * transaction, their state stored with the records), on a 400 m × 400 m field around the farm:
 * its east edge is 200 m east of the farm.
 */

const T0 = TEST_START - 4 * HOUR;
const FIELD = rectangle(-200, -200, 400, 400);

/** A position every 10 s along x (metres east of the farm) from `from` to `to`, `step` m apart. */
const drive = (start: number, from: number, to: number, step = 20): Reading[] =>
  series(start, Math.floor(Math.abs(to - from) / step) + 1, 10 * SECOND, (i) => engineOn({ speedKmh: 7, ...at(from + Math.sign(to - from) * i * step, 0) }));
const stay = (start: number, x: number, count = 6): Reading[] => series(start, count, 10 * SECOND, () => engineOn(at(x, 0)));

describe.each(dbTargets)('geofence detection on ingest, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it('a track leaving and re-entering the field raises exactly one exit and one entry, named in the alert list', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const field = await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    await ingest(t.app, tractor, drive(T0 + 5 * MINUTE, 0, 600));
    await ingest(t.app, tractor, stay(T0 + 10 * MINUTE, 600));
    await ingest(t.app, tractor, drive(T0 + 20 * MINUTE, 600, 0));
    await ingest(t.app, tractor, stay(T0 + 25 * MINUTE, 0));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0110', 'A0109']);
    const rows = await db()
      .selectFrom('alerts')
      .select(['type_id', 'geofence_id', 'geofence_name', 'lat', 'lon'])
      .where('tractor_id', '=', tractor.id)
      .orderBy('time_ms')
      .execute();
    expect(rows.map((r) => [r.geofence_id, r.geofence_name])).toEqual([
      [field.id, 'North-Field'],
      [field.id, 'North-Field'],
    ]);
    // Each went out for delivery with the batch that raised it.
    expect(await db().selectFrom('alert_outbox').select('kind').execute()).toHaveLength(2);

    const list = await call(t.app, 'GET', `alerts?vin=${tractor.vin}&startDateTime=${Math.floor(T0 / 1000)}`, undefined, { token: owner.accessToken });
    const data = list.json<AlertsResponse>().data;
    expect(data.map((a) => [a.alertTypeId, a.alertName, a.geofenceName])).toEqual([
      ['A0109', 'Entered geofence', 'North-Field'],
      ['A0110', 'Left geofence', 'North-Field'],
    ]);
    expect(data[0]?.alertDescription).toContain('North-Field');
  });

  it('a tractor working ±10 m along the boundary for an hour raises nothing', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    const rnd = noise(3);
    await ingest(t.app, tractor, stay(T0, 100));
    // 360 positions 10 s apart: x = 200 ± 10 m with 3 m of GPS noise, passes up and down the edge.
    const wobble = series(T0 + MINUTE, 360, 10 * SECOND, (i) =>
      engineOn({ speedKmh: 4, ...at(200 + 10 * Math.sin(i / 4) + 3 * rnd(), ((i * 4) % 360) - 180) }),
    );
    for (let k = 0; k < wobble.length; k += 25) await ingest(t.app, tractor, wobble.slice(k, k + 25));
    await ingest(t.app, tractor, stay(T0 + 2 * HOUR, 100));
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
  });

  it('an inactive geofence raises nothing; turned active again it watches from then on', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const field = await createGeofence(t.app, token, polygonBody('North-Field', FIELD, { vins: [tractor.vin], active: false }));
    await ingest(t.app, tractor, stay(T0, 0));
    await ingest(t.app, tractor, drive(T0 + 5 * MINUTE, 0, 600));
    await ingest(t.app, tractor, drive(T0 + 10 * MINUTE, 600, 0));
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
    // Active from inside; off again while it leaves; back on outside: nothing for the time it was off.
    expect((await call(t.app, 'PUT', `geofences/${field.id}/active`, { active: true }, { token })).statusCode).toBe(200);
    await ingest(t.app, tractor, stay(T0 + 15 * MINUTE, 0));
    expect((await call(t.app, 'PUT', `geofences/${field.id}/active`, { active: false }, { token })).statusCode).toBe(200);
    await ingest(t.app, tractor, drive(T0 + 20 * MINUTE, 0, 600));
    expect((await call(t.app, 'PUT', `geofences/${field.id}/active`, { active: true }, { token })).statusCode).toBe(200);
    await ingest(t.app, tractor, stay(T0 + 25 * MINUTE, 600));
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
    await ingest(t.app, tractor, drive(T0 + 30 * MINUTE, 600, 0));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0109']);
  });

  it('a tractor not assigned to the geofence is not tested; assigned later, it is', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const other = await provisionTractor(db(), { mobileNo: '9876543210' });
    expect((await call(t.app, 'POST', 'vehicles/claim', { vin: other.vin }, { token: owner.accessToken })).statusCode).toBe(200);
    const field = await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, other, [...stay(T0, 0), ...drive(T0 + 5 * MINUTE, 0, 600)]);
    expect(await storedAlerts(db(), other.id)).toEqual([]);
    await call(t.app, 'PUT', `geofences/${field.id}/tractors`, { vins: [tractor.vin, other.vin] }, { token: owner.accessToken });
    await ingest(t.app, other, drive(T0 + 10 * MINUTE, 600, 0));
    expect(await storedAlerts(db(), other.id)).toEqual(['A0109']);
  });

  it('survives a restart: inside before it, the exit after it is alerted once', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    await t.app.services.telemetry.ingestor.idle();
    const restarted = await t.build();
    await ingest(restarted, tractor, drive(T0 + 5 * MINUTE, 0, 600));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0110']);
  });

  it('an edit restarts detection without an alert for the edit itself', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const field = await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    // Moved 1 km east: the tractor is outside it now, but it did not leave.
    const moved = await call(t.app, 'PUT', `geofences/${field.id}`, polygonBody('North-Field', rectangle(800, -200, 400, 400)), { token: owner.accessToken });
    expect(moved.statusCode, moved.body).toBe(200);
    await ingest(t.app, tractor, stay(T0 + 5 * MINUTE, 0));
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
    await ingest(t.app, tractor, drive(T0 + 10 * MINUTE, 0, 1000, 50));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0109']);
  });

  it('district geofences from the boundaries: crossing from Nashik into Ahmednagar is an exit and an entry', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    await createGeofence(t.app, token, { name: 'Nashik', type: 'district', state: 'Maharashtra', district: 'Nashik', vins: [tractor.vin] });
    await createGeofence(t.app, token, { name: 'Ahmednagar', type: 'district', state: 'Maharashtra', district: 'Ahmednagar', vins: [tractor.vin] });
    // Sinnar (Nashik) south to Akole (Ahmednagar) on the road, a position every 12 s at 30 km/h.
    const from = { lat: 19.845, lon: 73.998 };
    const to = { lat: 19.54, lon: 74.0 };
    const trip = series(T0, 340, 12 * SECOND, (i) =>
      engineOn({ speedKmh: 30, lat: from.lat + ((to.lat - from.lat) * i) / 339, lon: from.lon + ((to.lon - from.lon) * i) / 339 }),
    );
    for (let k = 0; k < trip.length; k += 25) await ingest(t.app, tractor, trip.slice(k, k + 25));
    const rows = await db().selectFrom('alerts').select(['type_id', 'geofence_name']).where('tractor_id', '=', tractor.id).execute();
    expect(rows.map((r) => `${r.type_id} ${r.geofence_name}`).sort()).toEqual(['A0109 Ahmednagar', 'A0110 Nashik']);
  });
});
