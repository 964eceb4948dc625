import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { at, engineOn, ingest, noise, series, storedAlerts, tank } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { createGeofence, polygonBody, rectangle } from './support/geofences';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * A device whose clock runs 2 minutes ahead until GPS corrects it, reporting live every 10 s while
 * ploughing: after the correction its records are dated up to 2 minutes before ones already
 * received. Against what truly happened (the same hour with true times): no alert, and no figure
 * counted twice.
 */

const START = TEST_START - 2 * HOUR;
/** Off the 10 s grid (a clock ahead by exactly 120 s would make every overlapping record look like a resend). */
const SKEW_MS = 2 * MINUTE + 3 * SECOND;
/** The clock is corrected after this many records (30 minutes). */
const CORRECTED_AT = 180;

/** An hour of ploughing passes, a record every 10 s, true times. */
function ploughing(): Reading[] {
  const rnd = noise(61);
  return series(START, 360, 10 * SECOND, (i) => {
    const pass = Math.floor(i / 30);
    const along = (i % 30) * 14;
    return engineOn({ speedKmh: 5, pto: true, rpm: 1800, ...at(pass * 2, pass % 2 ? 420 - along : along), ...tank(45 - (4 * i) / 360, 3, rnd) });
  });
}

describe.each(dbTargets)('backlog truth audit: a device clock stepped back, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  const totals = async (tractorId: string) => {
    const rows = await db().selectFrom('usage_hourly').selectAll().where('tractor_id', '=', tractorId).execute();
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
    return {
      engineS: sum((r) => r.engine_s),
      ptoS: sum((r) => r.pto_s),
      areaM2: sum((r) => r.area_m2),
      roadM: sum((r) => r.road_m),
      distanceM: sum((r) => r.distance_m),
      fuelNetL: sum((r) => r.fuel_net_l),
      refuelL: sum((r) => r.fuel_refuel_l),
    };
  };

  it('records 2 minutes behind ones already received, once: no alert, no figure counted twice', async () => {
    const { owner, tractor: skewed } = await ownerWithTractor(t, '9876543210');
    const { tractor: truth } = await ownerWithTractor(t, '9876543211');
    // A geofence whose edge the passes run along, so a zigzag between the two clocks' records would cross it.
    await createGeofence(t.app, owner.accessToken, polygonBody('North-Field', rectangle(-100, -100, 130, 600), { vins: [skewed.vin] }));
    const readings = ploughing();
    // Sent live a frame a minute, each when its last record is truly taken (the server's clock follows).
    for (let i = 0; i < readings.length; i += 6) {
      const frame = readings.slice(i, i + 6);
      t.clock.set((frame.at(-1) as Reading).time + SECOND);
      await ingest(t.app, truth, frame);
      await ingest(
        t.app,
        skewed,
        frame.map((r, k) => (i + k < CORRECTED_AT ? { ...r, time: r.time + SKEW_MS } : r)),
      );
    }
    await t.app.services.telemetry.ingestor.replayDue(0);

    expect(await storedAlerts(db(), skewed.id)).toEqual([]);
    const want = await totals(truth.id);
    const got = await totals(skewed.id);
    expect(want.areaM2).toBeGreaterThan(4000);
    // The 2 minutes the clock gave back are lost at most, never counted again.
    expect(got.engineS).toBeLessThanOrEqual(want.engineS + 1);
    expect(got.engineS).toBeGreaterThanOrEqual(want.engineS - SKEW_MS / 1000 - 10);
    expect(got.ptoS).toBeLessThanOrEqual(want.ptoS + 1);
    expect(got.areaM2).toBeLessThanOrEqual(want.areaM2 * 1.02);
    expect(got.areaM2).toBeGreaterThanOrEqual(want.areaM2 * 0.9);
    expect(got.distanceM).toBeLessThanOrEqual(want.distanceM * 1.02);
    expect(got.roadM).toBeLessThanOrEqual(want.roadM + 1);
    expect(Math.abs(got.fuelNetL - want.fuelNetL)).toBeLessThan(1);
    expect(got.refuelL).toBe(0);
  });
});
