import type { Reading } from '@tractorlink/domain/telemetry';
import type { AggregationResponse, DieselDetailsResponse, HistoryResponse, TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { describe, expect, it } from 'vitest';
import { get } from './support/api';
import { at, engineOn, ingest, noise, parkedOff, series, storedAlerts, tank } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';
import { ownerWithTractor } from './support/vehicles';

/**
 * Diesel events through connection drops and backlogs, against what truly happened in the tank: a
 * refuel whose records straddle a reconnect, a refuel and a night theft that arrive only in the next
 * morning's backlog sent newest first (and then sent again), and the level of a device without a
 * fuel input through the HTTP API.
 */

/** 20 Nov 2026, 18:00 IST: the evening before the test clock's day. */
const EVENING = TEST_START - 18 * HOUR;

/** Frames of `size` records, newest frame first and newest record first, as a device empties its memory. */
function newestFirst(readings: readonly Reading[], size: number): Reading[][] {
  const frames: Reading[][] = [];
  for (let end = readings.length; end > 0; end -= size) frames.push(readings.slice(Math.max(0, end - size), end).reverse());
  return frames;
}

describe.each(dbTargets)('diesel truth audit: backlogs and reconnects, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  const refuelsOf = (tractorId: string) => db().selectFrom('refuels').select(['start_ms', 'litres']).where('tractor_id', '=', tractorId).execute();
  const alertsOf = (tractorId: string) =>
    db().selectFrom('alerts').select(['type_id', 'time_ms', 'value']).where('tractor_id', '=', tractorId).orderBy('time_ms').execute();
  const refuelledInHours = async (tractorId: string) =>
    (await db().selectFrom('usage_hourly').select(['fuel_refuel_l']).where('tractor_id', '=', tractorId).execute()).reduce((s, h) => s + h.fuel_refuel_l, 0);

  it('a refuel of 35 L split by a connection drop (the last frame resent, then the rest from another instance): one refuel, one alert', async () => {
    const rnd = noise(41);
    const tractor = await provisionTractor(db(), { tankCapacityL: 60 });
    const start = TEST_START - 2 * HOUR;
    // At the pump with the engine off: 10 minutes at 15 L, 4 minutes of pumping to 50 L, 20 minutes at 50 L.
    const litres = (i: number) => 15 + Math.max(0, Math.min(35, ((i - 60) * 35) / 24));
    const readings = series(start, 204, 10 * SECOND, (i) => parkedOff(tank(litres(i), 0.5, rnd)));
    const frames: Reading[][] = [];
    for (let i = 0; i < readings.length; i += 6) frames.push(readings.slice(i, i + 6));
    // Frames up to the middle of the pumping, then that last frame again (its acknowledgement was lost).
    const drop = 12;
    for (const frame of frames.slice(0, drop)) await ingest(t.app, tractor, frame);
    await ingest(t.app, tractor, frames[drop - 1] as Reading[]);
    // The device reconnects to another instance, which loads the tractor's state from the database.
    const other = await t.build();
    other.services.telemetry.ingestor.connected(tractor.id);
    await ingest(other, tractor, frames[drop - 1] as Reading[]);
    for (const frame of frames.slice(drop)) await ingest(other, tractor, frame);

    const refuels = await refuelsOf(tractor.id);
    expect(refuels).toHaveLength(1);
    expect(refuels[0]?.litres).toBeGreaterThan(32);
    expect(refuels[0]?.litres).toBeLessThan(38);
    expect(Number(refuels[0]?.start_ms)).toBeGreaterThanOrEqual(start + 9 * MINUTE);
    expect(Number(refuels[0]?.start_ms)).toBeLessThanOrEqual(start + 12 * MINUTE);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0104']);
    expect(await refuelledInHours(tractor.id)).toBeCloseTo(refuels[0]?.litres ?? 0, 5);
  });

  /**
   * The tractor reported live until 18:00 yesterday, parked, then lost coverage until this morning;
   * its memory comes newest first, 50 records a frame, and the replay runs once the frames stop.
   */
  async function backlog(live: Reading[], stored: Reading[]) {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { tankCapacityL: 60 });
    await ingest(t.app, tractor, live);
    const send = async () => {
      for (const frame of newestFirst(stored, 50)) await ingest(t.app, tractor, frame);
      await t.app.services.telemetry.ingestor.replayDue(0);
    };
    return { owner, tractor, send };
  }

  it('a refuel at 19:10 known only from the next morning backlog sent newest first: one refuel of 35 L, one alert, dated then; not doubled when resent', async () => {
    const rnd = noise(42);
    const live = series(EVENING - HOUR, 61, MINUTE, () => parkedOff(tank(15, 0.5, rnd)));
    const pump = EVENING + HOUR;
    const stored = [
      ...series(EVENING + MINUTE, 59, MINUTE, () => parkedOff(tank(15, 0.5, rnd))),
      // At the pump, the engine off: 10 minutes at 15 L, 4 of pumping to 50 L, 16 at 50 L.
      ...series(pump, 180, 10 * SECOND, (i) => parkedOff(tank(15 + Math.max(0, Math.min(35, ((i - 60) * 35) / 24)), 0.5, rnd))),
      // Parked at 50 L until 09:00 this morning.
      ...series(pump + 30 * MINUTE, 13 * 60 + 30, MINUTE, () => parkedOff(tank(50, 0.5, rnd))),
    ];
    const { owner, tractor, send } = await backlog(live, stored);
    await send();
    const check = async () => {
      const refuels = await refuelsOf(tractor.id);
      expect(refuels).toHaveLength(1);
      expect(refuels[0]?.litres).toBeGreaterThan(32);
      expect(refuels[0]?.litres).toBeLessThan(38);
      expect(Number(refuels[0]?.start_ms)).toBeGreaterThanOrEqual(pump + 9 * MINUTE);
      expect(Number(refuels[0]?.start_ms)).toBeLessThanOrEqual(pump + 12 * MINUTE);
      const alerts = await alertsOf(tractor.id);
      expect(alerts.map((a) => a.type_id)).toEqual(['A0104']);
      expect(Number(alerts[0]?.time_ms)).toBe(Number(refuels[0]?.start_ms));
      expect(await refuelledInHours(tractor.id)).toBeCloseTo(refuels[0]?.litres ?? 0, 5);
      const details = (await get(t.app, `vehicles/${tractor.vin}`, { token: owner.accessToken })).json<DieselDetailsResponse>();
      expect(details.lastRefuel?.time).toBe(Math.floor(Number(refuels[0]?.start_ms) / 1000));
      expect(Math.abs((details.dieselLitres ?? 0) - 50)).toBeLessThan(1);
    };
    await check();
    // The acknowledgements were lost: the device sends its whole memory again.
    await send();
    await check();
  });

  it('a 20 L theft at 02:00 known only from the next morning backlog sent newest first: one theft dated at night; not doubled when resent', async () => {
    const rnd = noise(43);
    const live = series(EVENING - HOUR, 13, 5 * MINUTE, () => parkedOff(tank(45, 0.5, rnd)));
    const theft = TEST_START - 10.5 * HOUR; // 02:00 IST
    const litres = (time: number) => 45 - Math.max(0, Math.min(20, ((time - theft) * 20) / (10 * MINUTE)));
    // Parked all night (a record a minute), still parked at 09:00 when coverage comes back.
    const stored = series(EVENING + MINUTE, 15 * 60, MINUTE, (i) => parkedOff(tank(litres(EVENING + (i + 1) * MINUTE), 0.5, rnd)));
    const { tractor, send } = await backlog(live, stored);
    await send();
    const check = async () => {
      const alerts = await alertsOf(tractor.id);
      expect(alerts.map((a) => a.type_id)).toEqual(['A0100']);
      expect(Number(alerts[0]?.time_ms)).toBeGreaterThanOrEqual(theft);
      expect(Number(alerts[0]?.time_ms)).toBeLessThan(theft + 30 * MINUTE);
      expect(alerts[0]?.value).toBeGreaterThanOrEqual(15);
      expect(alerts[0]?.value).toBeLessThanOrEqual(21);
      expect(await refuelsOf(tractor.id)).toEqual([]);
    };
    await check();
    await send();
    await check();
  });

  it('a device whose fuel input is not wired (reads 0): the level is null on home, diesel details, usage and history, not 0', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await ingest(
      t.app,
      tractor,
      series(TEST_START - HOUR, 360, 10 * SECOND, (i) => engineOn({ speedKmh: 5, ...at(i * 1.4, 0), fuelPercent: 0 })),
    );
    const home = (await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>();
    expect(home.dieselLevel).toBeNull();
    expect(home.dieselLitres).toBeNull();
    const details = (await get(t.app, `vehicles/${tractor.vin}`, { token: owner.accessToken })).json<DieselDetailsResponse>();
    expect(details.dieselLevel).toBeNull();
    expect(details.dieselLitres).toBeNull();
    expect(details.dieselStatus).toBeNull();
    expect(details.lastRefuel).toBeNull();
    const usage = (await get(t.app, `vehicles/aggregations/${tractor.vin}?aggregationOption=day`, { token: owner.accessToken })).json<AggregationResponse>();
    expect(usage.hasData).toBe(true);
    expect(usage.allDay.dieselRemainingL).toBeNull();
    const history = (await get(t.app, `vehicles/${tractor.vin}/history`, { token: owner.accessToken })).json<HistoryResponse>();
    expect(history.fuelLevel).toEqual([]);
    expect(history.refuels).toEqual([]);
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
  });

  it('a device that sends no fuel field at all: the level is null, no fuel alert', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await ingest(
      t.app,
      tractor,
      series(TEST_START - HOUR, 120, 10 * SECOND, (i) => engineOn({ speedKmh: 5, ...at(i * 1.4, 0) })),
    );
    const home = (await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>();
    expect(home.dieselLevel).toBeNull();
    const details = (await get(t.app, `vehicles/${tractor.vin}`, { token: owner.accessToken })).json<DieselDetailsResponse>();
    expect(details.dieselLitres).toBeNull();
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
  });
});
