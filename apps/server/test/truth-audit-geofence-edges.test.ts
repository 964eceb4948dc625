import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { at, engineOn, ingest, noise, parkedOff, series, storedAlerts } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence, polygonBody, rectangle } from './support/geofences';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * Geofence entry and exit through the real ingestion path against where the tractor truly was: GPS
 * jitter while parked on a boundary, a trip out and back known only from a backlog sent newest first,
 * a geofence edited or deleted under a tractor, and geofences overlapping. The field is 400 m × 400 m
 * around the farm: its east edge is 200 m east of the farm.
 */

const T0 = TEST_START - 5 * HOUR;
const FIELD = rectangle(-200, -200, 400, 400);

/** A position every 10 s along x (metres east of the farm) from `from` to `to`, `step` m apart. */
const drive = (start: number, from: number, to: number, step = 20): Reading[] =>
  series(start, Math.floor(Math.abs(to - from) / step) + 1, 10 * SECOND, (i) => engineOn({ speedKmh: 7, ...at(from + Math.sign(to - from) * i * step, 0) }));
const stay = (start: number, x: number, count = 6): Reading[] => series(start, count, 10 * SECOND, () => engineOn(at(x, 0)));

/** Parked at `x` m east for 30 minutes, a fix every 10 s with GPS jitter of ±15 m on both axes. */
const jitter = (start: number, x: number, seed: number): Reading[] => {
  const rnd = noise(seed);
  return series(start, 180, 10 * SECOND, () => parkedOff(at(x + 15 * rnd(), 15 * rnd())));
};

describe.each(dbTargets)('geofence truth audit: edges, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;
  const alertRows = (tractorId: string) =>
    db().selectFrom('alerts').select(['type_id', 'time_ms', 'geofence_id']).where('tractor_id', '=', tractorId).orderBy('time_ms').execute();

  it('parked on the boundary for 30 minutes with ±15 m of GPS jitter: no alert', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 100));
    await ingest(t.app, tractor, drive(T0 + MINUTE, 100, 200));
    const fixes = jitter(T0 + 5 * MINUTE, 200, 51);
    for (let k = 0; k < fixes.length; k += 20) await ingest(t.app, tractor, fixes.slice(k, k + 20));
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
  });

  it('parked 40 m outside the boundary with ±15 m of jitter after truly leaving: exactly one exit, when it crossed', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 100));
    await ingest(t.app, tractor, drive(T0 + MINUTE, 100, 240));
    const fixes = jitter(T0 + MINUTE + 80 * SECOND, 240, 52);
    for (let k = 0; k < fixes.length; k += 20) await ingest(t.app, tractor, fixes.slice(k, k + 20));
    const rows = await alertRows(tractor.id);
    expect(rows.map((r) => r.type_id)).toEqual(['A0110']);
    // Clearly out (225 m east) first at the drive's last fix, confirmed by the first parked one.
    expect(Number(rows[0]?.time_ms)).toBe(T0 + MINUTE + 80 * SECOND);
  });

  it('a trip out and back known only from a backlog sent newest first: one exit and one entry, dated when they happened, in order; not doubled when resent', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const field = await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    // Out of coverage from here: out to 600 m east, an hour's work there, back home.
    const trip = [
      ...stay(T0 + 5 * MINUTE, 0),
      ...drive(T0 + 10 * MINUTE, 0, 600),
      ...series(T0 + 20 * MINUTE, 360, 10 * SECOND, (i) => engineOn({ speedKmh: 5, pto: true, ...at(600 + (i % 30) * 5, Math.floor(i / 30) * 3) })),
      ...drive(T0 + 90 * MINUTE, 600, 0),
      ...stay(T0 + 100 * MINUTE, 0, 10),
    ];
    const send = async () => {
      for (let end = trip.length; end > 0; end -= 40) await ingest(t.app, tractor, trip.slice(Math.max(0, end - 40), end).reverse());
      await t.app.services.telemetry.ingestor.replayDue(0);
    };
    await send();
    const check = async () => {
      const rows = await alertRows(tractor.id);
      expect(rows.map((r) => [r.type_id, r.geofence_id])).toEqual([
        ['A0110', field.id],
        ['A0109', field.id],
      ]);
      // Out past 225 m at the 12th fix of 20 m, confirmed by the 13th; back inside 175 m at the 22nd fix home, confirmed by the 23rd.
      expect(Number(rows[0]?.time_ms)).toBe(T0 + 10 * MINUTE + 13 * 10 * SECOND);
      expect(Number(rows[1]?.time_ms)).toBe(T0 + 90 * MINUTE + 23 * 10 * SECOND);
    };
    await check();
    await send();
    await check();
  });

  it('a geofence moved while the tractor is inside, leaving it within the new boundary band: the exit that follows is alerted', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const field = await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 100));
    // Moved 90 m west: the tractor, still parked at 100 m east, is 10 m inside the new east edge.
    const moved = await call(t.app, 'PUT', `geofences/${field.id}`, polygonBody('North-Field', rectangle(-290, -200, 400, 400)), { token: owner.accessToken });
    expect(moved.statusCode, moved.body).toBe(200);
    await ingest(t.app, tractor, stay(T0 + 5 * MINUTE, 100));
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
    await ingest(t.app, tractor, drive(T0 + 10 * MINUTE, 100, 600));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0110']);
  });

  it('a geofence moved away from a parked tractor: no exit for the edit; the next real entry is alerted', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const field = await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    const moved = await call(t.app, 'PUT', `geofences/${field.id}`, polygonBody('North-Field', rectangle(400, -200, 400, 400)), { token: owner.accessToken });
    expect(moved.statusCode, moved.body).toBe(200);
    await ingest(t.app, tractor, stay(T0 + 5 * MINUTE, 0));
    await ingest(t.app, tractor, drive(T0 + 10 * MINUTE, 0, 600));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0109']);
  });

  it('a geofence deleted mid-trip raises nothing more; another one goes on', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const field = await createGeofence(t.app, token, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    const village = await createGeofence(t.app, token, circleBody('Village', 1000, { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    await ingest(t.app, tractor, drive(T0 + MINUTE, 0, 600));
    expect((await call(t.app, 'DELETE', `geofences/${field.id}`, undefined, { token })).statusCode).toBe(204);
    await ingest(t.app, tractor, drive(T0 + 10 * MINUTE, 600, 1200));
    await ingest(t.app, tractor, drive(T0 + 20 * MINUTE, 1200, 0));
    const rows = await alertRows(tractor.id);
    expect(rows.map((r) => [r.type_id, r.geofence_id])).toEqual([
      ['A0110', field.id],
      ['A0110', village.id],
      ['A0109', village.id],
    ]);
  });

  it('three overlapping geofences: each exit and entry once, in the order crossed', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const field = await createGeofence(t.app, token, polygonBody('North-Field', FIELD, { vins: [tractor.vin] }));
    const yard = await createGeofence(t.app, token, circleBody('Yard', 80, { vins: [tractor.vin] }));
    const east = await createGeofence(t.app, token, polygonBody('East-Strip', rectangle(100, -100, 300, 200), { vins: [tractor.vin] }));
    await ingest(t.app, tractor, stay(T0, 0));
    await ingest(t.app, tractor, drive(T0 + MINUTE, 0, 600));
    await ingest(t.app, tractor, drive(T0 + 10 * MINUTE, 600, 0));
    const rows = await alertRows(tractor.id);
    // Out: the yard (past 105 m), into the strip (past 125 m), out of the field (225 m), out of the strip (425 m).
    // Back: into the strip (375 m), into the field (175 m), out of the strip (75 m), into the yard (55 m).
    const name = (id: string | null) => (id === field.id ? 'field' : id === yard.id ? 'yard' : id === east.id ? 'east' : id);
    expect(rows.map((r) => `${r.type_id} ${name(r.geofence_id)}`)).toEqual([
      'A0110 yard',
      'A0109 east',
      'A0110 field',
      'A0110 east',
      'A0109 east',
      'A0109 field',
      'A0110 east',
      'A0109 yard',
    ]);
  });
});
