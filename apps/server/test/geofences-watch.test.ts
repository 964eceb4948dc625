import { describe, expect, it } from 'vitest';
import { GeofenceWatch } from '../src/modules/geofences/watch';
import { call } from './support/api';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence, polygonBody } from './support/geofences';
import { useTestApp } from './support/harness';
import { MINUTE } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/** The cache detection reads: what it loads, when it reads again, and what it compiles once. */
describe.each(dbTargets)('geofence watch on $name', (target) => {
  const t = useTestApp(target);

  it("loads a tractor's active geofences oldest first, keeps them, and re-reads them after 5 minutes without recompiling", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const field = await createGeofence(t.app, token, polygonBody('Field', undefined, { vins: [tractor.vin] }));
    t.clock.advance(1000);
    const well = await createGeofence(t.app, token, circleBody('Well', 100, { vins: [tractor.vin] }));
    await createGeofence(t.app, token, circleBody('Elsewhere', 100));
    // Another instance's cache: it hears of no change but by reading again.
    const watch = new GeofenceWatch({ db: t.database.db.kysely, clock: t.clock });
    await watch.prepare([tractor.id]);
    const first = watch.forTractor(tractor.id);
    expect(first.map((g) => g.name)).toEqual(['Field', 'Well']);
    expect(watch.forTractor('someone-else')).toEqual([]);

    await call(t.app, 'PUT', `geofences/${well.id}/active`, { active: false }, { token });
    await watch.prepare([tractor.id]);
    expect(watch.forTractor(tractor.id)).toBe(first);
    t.clock.advance(5 * MINUTE + 1);
    await watch.prepare([tractor.id]);
    const reread = watch.forTractor(tractor.id);
    expect(reread.map((g) => g.name)).toEqual(['Field']);
    // The field did not change: the same compiled geofence.
    expect(reread[0]).toBe(first[0]);

    await call(t.app, 'PUT', `geofences/${field.id}`, polygonBody('Field-2'), { token });
    watch.invalidate([tractor.id]);
    await watch.prepare([tractor.id]);
    expect(watch.forTractor(tractor.id)[0]).toMatchObject({ id: field.id, name: 'Field-2', rev: first[0] ? first[0].rev + 1 : 0 });
  });

  it('compiles a district once for every geofence on it, whoever owns it', async () => {
    const { owner: a, tractor: ta } = await ownerWithTractor(t);
    const { owner: b, tractor: tb } = await ownerWithTractor(t, '9123456789');
    await createGeofence(t.app, a.accessToken, { name: 'Nashik', type: 'district', state: 'Maharashtra', district: 'Nashik', vins: [ta.vin] });
    await createGeofence(t.app, b.accessToken, { name: 'Home-district', type: 'district', state: 'Maharashtra', district: 'Nashik', vins: [tb.vin] });
    const watch = new GeofenceWatch({ db: t.database.db.kysely, clock: t.clock });
    await watch.prepare([ta.id, tb.id]);
    const [ga] = watch.forTractor(ta.id);
    const [gb] = watch.forTractor(tb.id);
    expect(ga?.area).toBe(gb?.area);
    expect(ga?.area.contains(20.1667, 73.9833)).toBe(true);
  });
});
