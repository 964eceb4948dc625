import { describe, expect, it } from 'vitest';
import type { AggregationResponse, DieselDetailsResponse, HistoryResponse, ServiceReminderResponse, TrackResponse } from '@tractorlink/domain/vehicles-api';
import { DAY_MS, HOUR_MS, istDayRangeSeconds, istMidnight } from '@tractorlink/domain/time';
import { SQUARE_METERS_PER_ACRE } from '@tractorlink/domain/geo';
import { expectError, get } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { insertHours, insertTractorState, ownerWithTractor } from './support/vehicles';

const day = istMidnight('2026-11-20');
const at = (hourOfDay: number, base = day) => base + hourOfDay * HOUR_MS;

describe.each(dbTargets)('usage, diesel, service and replay on $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  /** The smoothed tank level ingestion last saved. */
  const saveState = (tractorId: string, processor: object, reading: object = { time: at(12, istMidnight('2026-11-21')) }) =>
    insertTractorState(db(), tractorId, { time: at(12, istMidnight('2026-11-21')), reading, processor: { diesel: { samples: [] }, ...processor } });

  const setUp = async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await saveState(tractor.id, { fuelL: 40 });
    await insertHours(db(), tractor.id, [
      { hourStart: at(-1), engineS: 3600, fuelNetChangeL: 0 }, // 19 Nov 23:00: outside
      {
        hourStart: at(10),
        engineS: 3600,
        ptoS: 1800,
        areaM2: SQUARE_METERS_PER_ACRE,
        distanceM: 2_000,
        rpmWeighted: 1500 * 3600,
        rpmS: 3600,
        fuelNetChangeL: -4,
      },
      {
        hourStart: at(11),
        engineS: 1800,
        ptoS: 1800,
        areaM2: SQUARE_METERS_PER_ACRE / 2,
        distanceM: 1_000,
        rpmWeighted: 1800 * 1800,
        rpmS: 1800,
        fuelNetChangeL: -3,
      },
      { hourStart: at(12), engineS: 2700, roadM: 12_000, distanceM: 12_000, rpmWeighted: 1200 * 2700, rpmS: 2700, fuelNetChangeL: 30, fuelRefuelL: 35 },
      { hourStart: at(15), engineS: 900, fuelNetChangeL: -1 },
      { hourStart: at(24), engineS: 600, fuelNetChangeL: -2 }, // 21 Nov 00:00: outside
    ]);
    const aggregate = (query: string) => get(t.app, `vehicles/aggregations/${tractor.vin}?${query}`, { token: owner.accessToken });
    return { owner, tractor, aggregate };
  };

  it('splits a day crossing 12:00 IST into forenoon and afternoon, summed from the hourly rollups', async () => {
    const { tractor, aggregate } = await setUp();
    const { startDateTime, endDateTime } = istDayRangeSeconds('2026-11-20');
    const res = await aggregate(`aggregationOption=day&startDateTime=${startDateTime}&endDateTime=${endDateTime}&isSec=true`);
    expect(res.statusCode, res.body).toBe(200);
    // The tank held 40 L now; 2 L were burnt after the 20th, so 42 L were left at its end.
    expect(res.json<AggregationResponse>()).toEqual({
      vin: tractor.vin,
      aggregationOption: 'day',
      startDateTime,
      endDateTime,
      hasData: true,
      allDay: {
        fieldWorkAcres: 1.5,
        onRoadKm: 12,
        engineHours: 2,
        engineMinutes: 30,
        ptoHours: 1,
        averageRpm: 1467,
        dieselConsumedL: 13,
        dieselRemainingL: 42,
      },
      forenoon: {
        fieldWorkAcres: 1.5,
        onRoadKm: 0,
        engineHours: 1,
        engineMinutes: 30,
        ptoHours: 1,
        averageRpm: 1600,
        dieselConsumedL: 7,
        dieselRemainingL: 42,
      },
      afternoon: { fieldWorkAcres: 0, onRoadKm: 12, engineHours: 1, engineMinutes: 0, ptoHours: 0, averageRpm: 1200, dieselConsumedL: 6, dieselRemainingL: 42 },
    });
  });

  it('says when there is no usage data, and defaults to today or this month in IST without dates', async () => {
    const { aggregate } = await setUp();
    const quiet = istDayRangeSeconds('2026-11-10');
    const none = (await aggregate(`aggregationOption=range&startDateTime=${quiet.startDateTime}&endDateTime=${quiet.endDateTime}`)).json<AggregationResponse>();
    expect(none.hasData).toBe(false);
    expect(none.allDay).toEqual({
      fieldWorkAcres: 0,
      onRoadKm: 0,
      engineHours: 0,
      engineMinutes: 0,
      ptoHours: 0,
      averageRpm: 0,
      dieselConsumedL: 0,
      dieselRemainingL: 40 - (-4 - 3 + 30 - 1 - 2),
    });

    // Spec §7: only aggregationOption and isSec sent. The test clock is 21 Nov 2026, 12:00 IST.
    const today = (await aggregate('aggregationOption=day&isSec=true')).json<AggregationResponse>();
    expect(today).toMatchObject({ ...istDayRangeSeconds('2026-11-21'), hasData: true, allDay: { engineHours: 0, engineMinutes: 10, dieselRemainingL: 40 } });
    const month = (await aggregate('aggregationOption=month&isSec=true')).json<AggregationResponse>();
    expect(month).toMatchObject({ startDateTime: istMidnight('2026-11-01') / 1000, endDateTime: istMidnight('2026-12-01') / 1000 - 1 });
    expect(month.allDay).toMatchObject({ engineHours: 3, engineMinutes: 40 });
  });

  it('bounds the period: at most 400 days, end not before start, range needs both dates', async () => {
    const { aggregate } = await setUp();
    const start = istMidnight('2025-11-01') / 1000;
    const details = async (query: string) => expectError(await aggregate(query), 'VALIDATION_FAILED').error.details;
    expect((await aggregate(`aggregationOption=range&startDateTime=${start}&endDateTime=${start + 400 * 86_400 - 1}`)).statusCode).toBe(200);
    expect(await details(`aggregationOption=range&startDateTime=${start}&endDateTime=${start + 400 * 86_400}`)).toEqual([
      { path: 'endDateTime', code: 'RANGE_TOO_LONG' },
    ]);
    expect(await details(`aggregationOption=range&startDateTime=${start}&endDateTime=${start - 1}`)).toEqual([
      { path: 'endDateTime', code: 'RANGE_BACKWARDS' },
    ]);
    expect(await details('aggregationOption=range')).toEqual([{ path: 'startDateTime', code: 'REQUIRED' }]);
    expect(await details(`aggregationOption=day&startDateTime=${start}`)).toEqual([{ path: 'endDateTime', code: 'REQUIRED' }]);
    expect(await details('aggregationOption=week')).toEqual([{ path: 'aggregationOption', code: 'INVALID' }]);
    expect(await details(`aggregationOption=day&startDateTime=yesterday&endDateTime=${start}`)).toEqual([{ path: 'startDateTime', code: 'TYPE_INVALID' }]);
  });

  it('sums a year of hourly rollups', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const first = istMidnight('2025-11-21');
    const hours = Array.from({ length: 365 * 24 }, (_, i) => ({
      hourStart: first + i * HOUR_MS,
      engineS: 1800,
      ptoS: i % 24 < 12 ? 600 : 0,
      rpmWeighted: 1500 * 1800,
      rpmS: 1800,
    }));
    await insertHours(db(), tractor.id, hours);
    const started = performance.now();
    const res = await get(
      t.app,
      `vehicles/aggregations/${tractor.vin}?aggregationOption=range&startDateTime=${first / 1000}&endDateTime=${(first + 365 * DAY_MS) / 1000 - 1}`,
      { token: owner.accessToken },
    );
    const ms = performance.now() - started;
    console.info(`one-year aggregation (8,760 hourly rows) on ${target.name}: ${ms.toFixed(1)} ms through app.inject`);
    const body = res.json<AggregationResponse>();
    expect(body.allDay).toMatchObject({ engineHours: 4380, engineMinutes: 0, ptoHours: 730, averageRpm: 1500 });
    expect(body.forenoon).toMatchObject({ engineHours: 2190, ptoHours: 730 });
    expect(body.afternoon).toMatchObject({ engineHours: 2190, ptoHours: 0 });
  });

  it("gives diesel details: level, status, the last refuel as one event at its own time, today's use, approximate", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const today = istMidnight('2026-11-21');
    await saveState(tractor.id, { fuelL: 6.04 }, { time: at(11, today), fuelPercent: 10 });
    // One refuel from 18:44:52 that went on past 19:00: one event of 35 L, whatever its hours hold.
    const refuelAt = at(18) + (44 * 60 + 52) * 1000;
    await db()
      .insertInto('refuels')
      .values([
        { tractor_id: tractor.id, start_ms: at(2), litres: 12 },
        { tractor_id: tractor.id, start_ms: refuelAt, litres: 35 },
      ])
      .execute();
    await insertHours(db(), tractor.id, [
      { hourStart: at(18), fuelRefuelL: 35, fuelNetChangeL: 20 },
      { hourStart: at(19), fuelNetChangeL: 14 },
      { hourStart: at(9, today), engineS: 3600, fuelNetChangeL: -4.5 },
      { hourStart: at(10, today), engineS: 3600, fuelNetChangeL: -3.5 },
    ]);
    const res = await get(t.app, `vehicles/${tractor.vin}?isSec=true`, { token: owner.accessToken });
    expect(res.json<DieselDetailsResponse>()).toEqual({
      vin: tractor.vin,
      dieselLevel: 10,
      dieselLitres: 6,
      tankCapacity: 60,
      hasFuelSensor: true,
      dieselStatus: 'low',
      lastRefuel: { time: refuelAt / 1000, litres: 35 },
      consumedToday: 8,
      lastUpdated: at(11, today) / 1000,
      approximate: true,
    });
  });

  it('gives the service reminder with its five pre-reminders from the worktime counter', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await saveState(tractor.id, {}, { time: at(11), engineWorktimeMin: 215 * 60 });
    const res = await get(t.app, `servicereminders/${tractor.vin}`, { token: owner.accessToken });
    expect(res.json<ServiceReminderResponse>()).toEqual({
      vin: tractor.vin,
      engineHours: 215,
      serviceIntervalH: 250,
      lastServiceAtHours: 0,
      nextServiceAtHours: 250,
      hoursLeft: 35,
      status: 'due_soon',
      preReminders: [
        { number: 1, hoursBefore: 50, atHours: 200, reached: true },
        { number: 2, hoursBefore: 40, atHours: 210, reached: true },
        { number: 3, hoursBefore: 30, atHours: 220, reached: false },
        { number: 4, hoursBefore: 20, atHours: 230, reached: false },
        { number: 5, hoursBefore: 10, atHours: 240, reached: false },
      ],
      currentPreReminder: 2,
      history: [],
      // Reported, never serviced: the date rule runs from its first day of data; no running to project from.
      hasData: true,
      nextServiceDate: '2027-05-20',
      expectedOn: null,
    });
  });

  it('lists the tractor models and what each device model reports', async () => {
    const { owner } = await ownerWithTractor(t);
    const res = await get(t.app, 'vehiclesmodelconfig', { token: owner.accessToken });
    const body = res.json<{ tractorModels: string[]; deviceModels: { model: string; fields: string[] }[] }>();
    expect(body.tractorModels).toEqual(['Arjun 555 DI']);
    expect(body.deviceModels.map((m) => m.model)).toEqual(expect.arrayContaining(['FMB130', 'FMB920']));
    expect(body.deviceModels.find((m) => m.model === 'FMB130')?.fields).toEqual(
      expect.arrayContaining(['ignition', 'pto', 'fuelPercent', 'rpm', 'engineWorktimeMin']),
    );
  });

  it('draws history from the rollups: hourly diesel walked back from now, refuel and drop markers, daily engine hours and RPM', async () => {
    const { owner, tractor } = await setUp();
    // A night-time loss with the engine off on the 20th at 02:00; the refuel of the 12:00 hour began at 12:40.
    await insertHours(db(), tractor.id, [{ hourStart: at(2), fuelNetChangeL: -8 }]);
    await db()
      .insertInto('refuels')
      .values({ tractor_id: tractor.id, start_ms: at(12) + 40 * 60_000, litres: 35 })
      .execute();
    const from = istMidnight('2026-11-19') / 1000;
    const to = istMidnight('2026-11-21') / 1000 - 1;
    const res = await get(t.app, `vehicles/${tractor.vin}/history?from=${from}&to=${to}`, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<HistoryResponse>();
    // 40 L now; the 21st burnt 2 L, so the 20th ended at 42 L; each earlier point undoes one hour's change.
    expect(body.fuelLevel).toEqual([
      [at(0) / 1000, 28], // end of the 19 Nov 23:00 hour
      [at(3) / 1000, 20], // after the 8 L night-time loss
      [at(11) / 1000, 16],
      [at(12) / 1000, 13],
      [at(13) / 1000, 43], // after the refuel
      [at(16) / 1000, 42],
    ]);
    expect(body.refuels).toEqual([[(at(12) + 40 * 60_000) / 1000, 35]]);
    expect(body.drops).toEqual([[at(2) / 1000, 8]]);
    expect(body.engineHoursPerDay).toEqual([
      [istMidnight('2026-11-19') / 1000, 1],
      [day / 1000, 2.5],
    ]);
    // The 19th ran without an RPM reading: left out, not plotted as 0.
    expect(body.averageRpmPerDay).toEqual([[day / 1000, 1467]]);
  });

  it('thins 92 days of hourly diesel to at most 500 points and refuses longer spans', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await saveState(tractor.id, { fuelL: 30 });
    const first = istMidnight('2026-08-21');
    await insertHours(
      db(),
      tractor.id,
      Array.from({ length: 92 * 24 }, (_, i) => ({
        hourStart: first + i * HOUR_MS,
        engineS: 600,
        fuelNetChangeL: i % 24 === 6 ? 20 : -1,
        fuelRefuelL: i % 24 === 6 ? 21 : 0,
      })),
    );
    await db()
      .insertInto('refuels')
      .values(Array.from({ length: 92 }, (_, d) => ({ tractor_id: tractor.id, start_ms: first + d * 24 * HOUR_MS + 6 * HOUR_MS, litres: 21 })))
      .execute();
    const from = first / 1000;
    const res = await get(t.app, `vehicles/${tractor.vin}/history?from=${from}&to=${from + 92 * 86_400}`, { token: owner.accessToken });
    const body = res.json<HistoryResponse>();
    expect(body.fuelLevel.length).toBe(500);
    expect(body.refuels.length).toBe(92);
    expect(body.engineHoursPerDay.length).toBe(92);
    const tooLong = await get(t.app, `vehicles/${tractor.vin}/history?from=${from}&to=${from + 92 * 86_400 + 1}`, { token: owner.accessToken });
    expect(expectError(tooLong, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'to', code: 'RANGE_TOO_LONG' }]);
    // A lone `from` runs to now: still bounded.
    const loneFrom = await get(t.app, `vehicles/${tractor.vin}/history?from=${from - 86_400}`, { token: owner.accessToken });
    expect(expectError(loneFrom, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'from', code: 'RANGE_TOO_LONG' }]);
    expect((await get(t.app, `vehicles/${tractor.vin}/history?from=${from + 86_400}`, { token: owner.accessToken })).statusCode).toBe(200);
  });

  it("replays a day's track thinned to 2000 points, keeping every start and end of work", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const today = istMidnight('2026-11-21');
    // 6,000 fixes a few seconds apart along a line, working in alternate blocks of 500.
    const rows = Array.from({ length: 6000 }, (_, i) => {
      const working = Math.floor(i / 500) % 2 === 1;
      return {
        tractor_id: tractor.id,
        device_time: at(6, today) + i * 5000,
        received_at: at(6, today),
        lat: 20.16 + i * 0.00001,
        lon: 73.98,
        speed_kmh: working ? 5 : 20,
        ignition: 1,
        pto: working ? 1 : 0,
      };
    });
    // A fix from the day before and one without a position are not part of the replay.
    rows.push({ tractor_id: tractor.id, device_time: at(23), received_at: at(23), lat: 20, lon: 73, speed_kmh: 0, ignition: 0, pto: 0 });
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('telemetry')
        .values(rows.slice(i, i + 500))
        .execute();
    await db()
      .insertInto('telemetry')
      .values({ tractor_id: tractor.id, device_time: at(7, today) + 1, received_at: at(7, today), lat: null, lon: null })
      .execute();

    const res = await get(t.app, `vehicles/${tractor.vin}/track?date=2026-11-21`, { token: owner.accessToken });
    const body = res.json<TrackResponse>();
    expect(body.totalPoints).toBe(6000);
    expect(body.points.length).toBe(2000);
    expect(body.points[0]).toEqual([at(6, today) / 1000, 20.16, 73.98, 20, 0]);
    expect(body.points.at(-1)?.[0]).toBe((at(6, today) + 5999 * 5000) / 1000);
    const times = new Set(body.points.map((p) => p[0]));
    for (let block = 1; block < 12; block++) {
      const i = block * 500;
      expect(times.has((at(6, today) + (i - 1) * 5000) / 1000), `before change ${i}`).toBe(true);
      expect(times.has((at(6, today) + i * 5000) / 1000), `change ${i}`).toBe(true);
    }
    expect(body.points.filter((p) => p[4] === 1).length).toBeGreaterThan(900);
    // A day without fixes is an empty replay; the date must be a real one.
    expect((await get(t.app, `vehicles/${tractor.vin}/track?date=2026-11-01`, { token: owner.accessToken })).json<TrackResponse>().points).toEqual([]);
    expect(
      expectError(await get(t.app, `vehicles/${tractor.vin}/track?date=2026-02-30`, { token: owner.accessToken }), 'VALIDATION_FAILED').error.details,
    ).toEqual([{ path: 'date', code: 'DATE_INVALID' }]);
  });
});
