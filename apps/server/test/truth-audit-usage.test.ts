import { fromLocalMeters } from '@tractorlink/domain/geo';
import { SQUARE_METERS_PER_ACRE } from '@tractorlink/domain/geo';
import type { Reading } from '@tractorlink/domain/telemetry';
import { DAY_MS, istDayRangeSeconds, istMidnight } from '@tractorlink/domain/time';
import type { AggregationResponse, TractorHomepageResponse, UsageReportValues } from '@tractorlink/domain/vehicles-api';
import { describe, expect, it } from 'vitest';
import { type DayTruth, DEVICE_CADENCE, type SimCarry, type SimProfile, type SimSample, oneFieldFarm, simulateDay } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { get } from './support/api';
import { at, FARM, ingest } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { type TestContext, useTestApp } from './support/harness';
import { ownerWithTractor } from './support/vehicles';

/**
 * A truth audit of the usage figures a farmer sees (usage tab, home card), on realistic device data
 * pushed through the real ingestion path and compared with the simulator's ground truth: backlogs
 * sent newest first, resent frames, a flapping ignition wire, a GPS jump inside a field job, a job
 * across IST midnight, misdated records. Tolerances are stated at each comparison.
 */

const FRAME = 50;

const profileFor = (imei: string): SimProfile =>
  oneFieldFarm(
    imei,
    FARM,
    { eastM: 950, northM: 1200, lengthM: 400, widthM: 120, headingDeg: 15, slopePercent: 8 },
    { implementWidthM: 1.8, tankCapacityL: 55 },
  );

const startCarry = (): SimCarry => ({ fuelL: 50, engineMin: 150 * 60, odometerM: 0, position: FARM });

/** Simulated days in a row, each with its samples and truth. */
function simulateDays(profile: SimProfile, dates: readonly string[]): { date: string; samples: SimSample[]; truth: DayTruth }[] {
  let carry = startCarry();
  return dates.map((date) => {
    const day = simulateDay(profile, carry, date, { cadence: DEVICE_CADENCE });
    carry = day.carry;
    return { date, samples: day.samples, truth: day.truth };
  });
}

/** Frames of FRAME records, as a device sends them. */
function frames<T>(records: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < records.length; i += FRAME) out.push(records.slice(i, i + FRAME));
  return out;
}

/** The usage tab's report of one IST day (GET aggregations, day mode), through the API. */
async function dayReport(t: TestContext, token: string, vin: string, date: string): Promise<UsageReportValues> {
  const { startDateTime, endDateTime } = istDayRangeSeconds(date);
  const res = await get(t.app, `vehicles/aggregations/${vin}?aggregationOption=day&startDateTime=${startDateTime}&endDateTime=${endDateTime}&isSec=true`, {
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AggregationResponse>().allDay;
}

const engineMinutes = (r: UsageReportValues) => r.engineHours * 60 + r.engineMinutes;

/**
 * The day's figures against its truth: engine time within 3 minutes (the worktime counter ticks in
 * whole minutes), acres within 5 % (GPS error between passes), PTO hours within 0.1 h plus 2 %.
 */
function expectDayTrue(report: UsageReportValues, truth: DayTruth, label: string) {
  const truthMin = truth.engineS / 60;
  expect(Math.abs(engineMinutes(report) - truthMin), `${label}: engine ${engineMinutes(report)} min of ${truthMin.toFixed(0)}`).toBeLessThanOrEqual(3);
  const acres = truth.workM2 / SQUARE_METERS_PER_ACRE;
  expect(Math.abs((report.fieldWorkAcres ?? Number.NaN) - acres), `${label}: ${report.fieldWorkAcres} acres of ${acres.toFixed(2)}`).toBeLessThanOrEqual(
    Math.max(0.01, acres * 0.05),
  );
  const ptoH = truth.ptoS / 3600;
  expect(Math.abs((report.ptoHours ?? Number.NaN) - ptoH), `${label}: ${report.ptoHours} PTO h of ${ptoH.toFixed(2)}`).toBeLessThanOrEqual(0.1 + ptoH * 0.02);
  const roadKm = truth.roadM / 1000;
  expect(Math.abs((report.onRoadKm ?? Number.NaN) - roadKm), `${label}: ${report.onRoadKm} road km of ${roadKm.toFixed(2)}`).toBeLessThanOrEqual(
    0.1 + roadKm * 0.05,
  );
}

describe.each(dbTargets)('truth audit of the usage figures, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it('a day offline, its backlog sent newest first: every day’s engine hours, acres and PTO hours match the truth', { timeout: 120_000 }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const days = simulateDays(profileFor('860000000000301'), ['2026-11-18', '2026-11-19', '2026-11-20']);
    for (const d of days) expect(d.truth.workM2, `${d.date} is a working day`).toBeGreaterThan(10_000);
    t.clock.set(istMidnight('2026-11-21') + 10 * 3600_000);
    const [first, ...offline] = days as [(typeof days)[number], ...typeof days];
    for (const frame of frames(first.samples.map(sampleToReading))) await ingest(t.app, tractor, frame);
    // Out of coverage for two days; back in the morning, the device empties its memory newest first.
    const backlog = offline.flatMap((d) => d.samples.map(sampleToReading));
    for (const frame of frames([...backlog].reverse())) await ingest(t.app, tractor, frame);
    expect(await t.app.services.telemetry.ingestor.replayDue(0)).toBe(1);
    for (const d of days) expectDayTrue(await dayReport(t, owner.accessToken, tractor.vin, d.date), d.truth, d.date);
    // No IST hour holds more engine time than it has (the counter's jump across the gap was once put in one hour).
    const hours = await db().selectFrom('usage_hourly').select(['hour_start', 'engine_s']).where('tractor_id', '=', tractor.id).execute();
    for (const h of hours) expect(Number(h.engine_s), `hour ${new Date(Number(h.hour_start)).toISOString()}`).toBeLessThanOrEqual(3600 + 60);
  });

  it('every frame resent, one record resent with other content, one twice in a frame: figures counted once, as the truth', { timeout: 120_000 }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const [day] = simulateDays(profileFor('860000000000302'), ['2026-11-19']);
    if (!day) throw new Error('no day');
    expect(day.truth.workM2).toBeGreaterThan(10_000);
    const readings = day.samples.map(sampleToReading);
    for (const [i, frame] of frames(readings).entries()) {
      // The duplicate inside a frame: a device that logged one record twice.
      const sent = i === 10 ? [...frame.slice(0, 5), frame[4] as Reading, ...frame.slice(5)] : frame;
      await ingest(t.app, tractor, sent);
      // Its acknowledgement lost, the device sends the frame again, then once more with one record's fix re-computed.
      await ingest(t.app, tractor, sent);
      if (i % 7 === 3)
        await ingest(
          t.app,
          tractor,
          sent.map((r, j) => (j === 0 ? { ...r, satellites: (r.satellites ?? 8) + 1, speedKmh: (r.speedKmh ?? 0) + 1 } : r)),
        );
    }
    const stored = await db()
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tractor_id', '=', tractor.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(readings.length);
    expectDayTrue(await dayReport(t, owner.accessToken, tractor.vin, day.date), day.truth, day.date);
    const idle = await db()
      .selectFrom('usage_hourly')
      .select((eb) => eb.fn.sum<number>('idle_s').as('s'))
      .where('tractor_id', '=', tractor.id)
      .executeTakeFirstOrThrow();
    // Idle: the engine on, standing, PTO off (warm-up, after lunch, at home): within 2 minutes and 5 %.
    expect(Math.abs(Number(idle.s) - day.truth.idleS), `idle ${Number(idle.s)} s of ${day.truth.idleS} s`).toBeLessThanOrEqual(120 + day.truth.idleS * 0.05);
  });

  it('an ignition wire that flaps while the engine runs (no worktime counter): engine, PTO and acres still true, and the home card', {
    timeout: 120_000,
  }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const [day] = simulateDays(profileFor('860000000000301'), ['2026-11-19']);
    if (!day) throw new Error('no day');
    expect(day.truth.workM2).toBeGreaterThan(10_000);
    // A loose ignition wire: one running record in four reads "off"; the CAN bus still reports the RPM.
    const readings = day.samples.map((s, i) => {
      const { engineWorktimeMin: _counter, ...r } = sampleToReading(s);
      return s.ignition && i % 4 === 1 ? { ...r, ignition: false } : r;
    });
    for (const frame of frames(readings)) await ingest(t.app, tractor, frame);
    expectDayTrue(await dayReport(t, owner.accessToken, tractor.vin, day.date), day.truth, day.date);
    const home = await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken });
    expect(home.statusCode, home.body).toBe(200);
    const { engineHours, serviceDue } = home.json<TractorHomepageResponse>();
    expect(Math.abs(engineHours - day.truth.engineS / 3600), `home ${engineHours} h of ${(day.truth.engineS / 3600).toFixed(2)}`).toBeLessThanOrEqual(0.1);
    expect(serviceDue.hoursLeft).toBeCloseTo(250 - engineHours, 1);
  });

  it('a device without an ignition input (RPM only) and without a PTO switch: engine hours true, no PTO hours or acres invented', {
    timeout: 120_000,
  }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const [day] = simulateDays(profileFor('860000000000301'), ['2026-11-18']);
    if (!day) throw new Error('no day');
    const readings = day.samples.map((s) => {
      const { engineWorktimeMin: _c, ignition: _i, pto: _p, ...r } = sampleToReading(s);
      return r;
    });
    for (const frame of frames(readings)) await ingest(t.app, tractor, frame);
    const report = await dayReport(t, owner.accessToken, tractor.vin, day.date);
    expect(
      Math.abs(engineMinutes(report) - day.truth.engineS / 60),
      `engine ${engineMinutes(report)} min of ${(day.truth.engineS / 60).toFixed(0)}`,
    ).toBeLessThanOrEqual(3);
    // No PTO switch: PTO hours and acres are unknown (null), not 0.
    expect(report.ptoHours).toBeNull();
    expect(report.fieldWorkAcres).toBeNull();
  });

  it('a GPS jump inside a field job (one fix 5 km away, one 150 m away) adds no road km and no acres', { timeout: 120_000 }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const [day] = simulateDays(profileFor('860000000000305'), ['2026-11-20']);
    if (!day) throw new Error('no day');
    expect(day.truth.workM2).toBeGreaterThan(10_000);
    const readings = day.samples.map(sampleToReading);
    const working = readings.flatMap((r, i) => (r.pto ? [i] : []));
    const far = working[Math.floor(working.length / 3)] as number;
    const near = working[Math.floor((2 * working.length) / 3)] as number;
    const jumped = (r: Reading, meters: number) => ({ ...r, ...fromLocalMeters({ lat: r.lat as number, lon: r.lon as number }, meters, 0) });
    readings[far] = jumped(readings[far] as Reading, 5000);
    readings[near] = jumped(readings[near] as Reading, 150);
    for (const frame of frames(readings)) await ingest(t.app, tractor, frame);
    expectDayTrue(await dayReport(t, owner.accessToken, tractor.vin, day.date), day.truth, day.date);
  });

  it('a job from 23:30 to 00:30 IST on the last night of a month: each day gets its own half, and a range across the months the whole', {
    timeout: 60_000,
  }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const midnight = istMidnight('2026-11-01');
    const job = nightJob(midnight - 30 * 60_000, midnight + 30 * 60_000, midnight, 2);
    for (const frame of frames(job.readings)) await ingest(t.app, tractor, frame);
    const parts = [
      ['2026-10-31', job.before],
      ['2026-11-01', job.after],
    ] as const;
    for (const [date, truth] of parts) {
      const report = await dayReport(t, owner.accessToken, tractor.vin, date);
      expect(Math.abs(engineMinutes(report) - truth.engineS / 60), `${date} engine ${engineMinutes(report)} min of ${truth.engineS / 60}`).toBeLessThanOrEqual(
        1,
      );
      const acres = truth.areaM2 / SQUARE_METERS_PER_ACRE;
      expect(Math.abs((report.fieldWorkAcres ?? Number.NaN) - acres), `${date}: ${report.fieldWorkAcres} acres of ${acres.toFixed(2)}`).toBeLessThanOrEqual(
        acres * 0.06,
      );
      expect(report.ptoHours).toBeCloseTo(truth.ptoS / 3600, 1);
    }
    const res = await get(
      t.app,
      `vehicles/aggregations/${tractor.vin}?aggregationOption=range&startDateTime=${istDayRangeSeconds('2026-10-30').startDateTime}&endDateTime=${istDayRangeSeconds('2026-11-02').endDateTime}`,
      { token: owner.accessToken },
    );
    const range = res.json<AggregationResponse>();
    const totalAcres = (job.before.areaM2 + job.after.areaM2) / SQUARE_METERS_PER_ACRE;
    expect(Math.abs((range.allDay.fieldWorkAcres ?? Number.NaN) - totalAcres)).toBeLessThanOrEqual(totalAcres * 0.05);
    expect(Math.abs(engineMinutes(range.allDay) - (job.before.engineS + job.after.engineS) / 60)).toBeLessThanOrEqual(1);
    // The job is at night: all of it afternoon (before midnight) or forenoon (after).
    expect(Math.abs((range.afternoon.fieldWorkAcres ?? Number.NaN) - job.before.areaM2 / SQUARE_METERS_PER_ACRE)).toBeLessThanOrEqual(totalAcres * 0.05);
    expect(Math.abs((range.forenoon.fieldWorkAcres ?? Number.NaN) - job.after.areaM2 / SQUARE_METERS_PER_ACRE)).toBeLessThanOrEqual(totalAcres * 0.05);
  });

  it('records dated a day ahead, over a year back or months back, among live ones, leave the day true and add nothing to the old day', {
    timeout: 120_000,
  }, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const [day] = simulateDays(profileFor('860000000000301'), ['2026-11-20']);
    if (!day) throw new Error('no day');
    expect(day.truth.workM2).toBeGreaterThan(10_000);
    const readings = day.samples.map(sampleToReading);
    // Live: the clock moves with the records. A glitching device clock dates a few records wrong,
    // their content the present's (the engine running, the PTO on).
    for (const [i, frame] of frames(readings).entries()) {
      const last = frame.at(-1) as Reading;
      t.clock.set(Math.max(t.clock.now(), last.time + 5_000));
      const wild =
        i === 20
          ? [
              { ...last, time: last.time + DAY_MS },
              { ...last, time: last.time - 400 * DAY_MS },
              { ...last, time: istMidnight('2026-07-14') + 3600_000 },
            ]
          : [];
      await ingest(t.app, tractor, [...frame, ...wild]);
      await t.app.services.telemetry.ingestor.replayDue(0);
    }
    expectDayTrue(await dayReport(t, owner.accessToken, tractor.vin, day.date), day.truth, day.date);
    // A lone record in July: a moment, not fifteen minutes of engine time.
    const july = await dayReport(t, owner.accessToken, tractor.vin, '2026-07-14');
    expect(engineMinutes(july)).toBe(0);
  });
});

interface PartTruth {
  engineS: number;
  ptoS: number;
  areaM2: number;
}

/**
 * A night job on a 200 m field: 5 minutes' warm-up, passes at 5 km/h one implement width apart with
 * 20-second headland turns, 5 minutes' idle, then parked; a record every 10 s (every 60 s standing),
 * GPS error drifting about 1.5 m. The truth is split at `split` (IST midnight).
 */
function nightJob(start: number, end: number, split: number, widthM: number) {
  const corner = at(-400, 900);
  const lengthM = 200;
  const speed = 5 / 3.6;
  const passS = lengthM / speed;
  const turnS = 20;
  const before: PartTruth = { engineS: 0, ptoS: 0, areaM2: 0 };
  const after: PartTruth = { engineS: 0, ptoS: 0, areaM2: 0 };
  /** Adds [from, to) to the truth of each side of the split. */
  const account = (from: number, to: number, add: (part: PartTruth, s: number) => void) => {
    if (from < split) add(before, (Math.min(to, split) - from) / 1000);
    if (to > split) add(after, (to - Math.max(from, split)) / 1000);
  };
  const workFrom = start + 5 * 60_000;
  const workTo = end - 5 * 60_000;
  account(start, end, (p, s) => (p.engineS += s));
  const drift = { x: 0, y: 0 };
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const readings: Reading[] = [];
  const where = (time: number): { x: number; y: number; pto: boolean; kmh: number } => {
    if (time < workFrom) return { x: widthM / 2, y: 0, pto: false, kmh: 0 };
    if (time >= workTo) return { x: widthM / 2, y: -10, pto: false, kmh: 0 };
    const cycle = passS + turnS;
    const into = (time - workFrom) / 1000;
    const pass = Math.floor(into / cycle);
    const inPass = into - pass * cycle;
    const x = (pass + 0.5) * widthM;
    if (inPass < passS) {
      const s = inPass * speed;
      return { x, y: pass % 2 === 0 ? s : lengthM - s, pto: true, kmh: 5 };
    }
    const f = (inPass - passS) / turnS;
    return { x: x + f * widthM, y: pass % 2 === 0 ? lengthM + 6 * Math.sin(Math.PI * f) : -6 * Math.sin(Math.PI * f), pto: false, kmh: 3 };
  };
  // The truth of the passes: each whole or partial pass before the work ends.
  for (let p = workFrom; p < workTo; p += (passS + turnS) * 1000) {
    const passEnd = Math.min(p + passS * 1000, workTo);
    account(p, passEnd, (part, s) => {
      part.ptoS += s;
      part.areaM2 += s * speed * widthM;
    });
  }
  const times: number[] = [];
  for (let x = start - 30 * 60_000; x < start; x += 600_000) times.push(x);
  for (let x = start; x < workFrom; x += 60_000) times.push(x);
  for (let x = workFrom; x < workTo; x += 10_000) times.push(x);
  for (let x = workTo; x < end; x += 60_000) times.push(x);
  for (let x = end; x <= end + 30 * 60_000; x += 600_000) times.push(x);
  for (const time of times) {
    const engine = time >= start && time < end;
    const w = where(time);
    drift.x = drift.x * 0.9 + rnd() * 0.5;
    drift.y = drift.y * 0.9 + rnd() * 0.5;
    readings.push({
      time,
      ...fromLocalMeters(corner, w.x + drift.x, w.y + drift.y),
      speedKmh: engine ? w.kmh : 0,
      satellites: 10,
      ignition: engine,
      pto: engine && w.pto,
      rpm: engine ? (w.pto ? 1850 : 900) : 0,
    });
  }
  return { readings, before, after };
}
