// Budget "acreage for a day's track (≈ 3,000 points) ≤ 50 ms on the server" (issue 17).
// A simulated hire day (three customers' fields, the device's own cadence: ≈ 3,000 records) is
// stored in a fresh SQLite database (WAL, synchronous=FULL, as the server runs it); a job spanning the
// whole day is then measured as the server does on every re-measure: the records read back, the
// acreage (usage rule, own 0.5 m coverage, overlaps once), the worked-area outline, the amount written
// back. Beside it, the acreage alone on the readings in memory, and the baseline: the day's field-work
// figure as ingestion measures it (usage.ts measureInterval with the day's coverage, gap fill 2 m).
// Median and p95 over many runs; prints one JSON line.
//   node --import tsx apps/server/bench/hire/acreage.ts [runs]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldCoverage } from '@tractorlink/domain/field-coverage';
import { fromLocalMeters } from '@tractorlink/domain/geo';
import { measureWindow } from '@tractorlink/domain/hire/acreage';
import { workedOutline } from '@tractorlink/domain/hire/outline';
import type { Reading } from '@tractorlink/domain/telemetry';
import { measureInterval } from '@tractorlink/domain/usage';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { JobMeasurer } from '../../src/modules/hire/measure';
import { findJob, readingsBetween } from '../../src/modules/hire/repo';
import { insertTractor } from '../../src/modules/tractors/repo';
import { DEVICE_CADENCE, simulateDay } from '../../src/sim/farm-day';

const runs = Number(process.argv[2] ?? 200);
const FARM = { lat: 20.1667, lon: 73.9833 };
const at = (x: number, y: number) => fromLocalMeters(FARM, x, y);
const fields = [
  { corner: at(400, 300), lengthM: 220, widthM: 90, headingDeg: 20 },
  { corner: at(-700, 600), lengthM: 200, widthM: 81, headingDeg: 95 },
  { corner: at(300, -900), lengthM: 240, widthM: 72, headingDeg: 170 },
];
const profile = { imei: '860000000000303', home: FARM, fields: [], implementWidthM: 1.8, tankCapacityL: 55 };
const day = simulateDay(profile, { fuelL: 50, engineMin: 9000, odometerM: 0, position: FARM }, '2026-11-19', { cadence: DEVICE_CADENCE, fields });
const readings: Reading[] = day.samples.map((s) => ({
  time: s.time,
  lat: s.lat,
  lon: s.lon,
  speedKmh: s.speedKmh,
  ignition: s.ignition,
  pto: s.pto,
  engineWorktimeMin: s.engineWorktimeMin,
}));
const from = readings[0]?.time ?? 0;
const to = readings.at(-1)?.time ?? 0;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
  return { p50Ms: pick(0.5), p95Ms: pick(0.95), maxMs: pick(1) };
}

function time(fn: () => void): number[] {
  for (let i = 0; i < 5; i++) fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Ingestion's own figure for the day: the baseline the job's acreage is compared with. */
function usageDay(): number {
  const coverage = new FieldCoverage({ lat: FARM.lat, lon: FARM.lon });
  let area = 0;
  for (let i = 1; i < readings.length; i++) area += measureInterval(readings[i - 1] as Reading, readings[i] as Reading, profile, coverage).areaM2 ?? 0;
  return area;
}

const dir = mkdtempSync(join(tmpdir(), 'tl-hire-bench-'));
const db = createDb({ databaseUrl: undefined, dataDir: dir });
try {
  await migrateToLatest(db);
  const k = db.kysely;
  const now = Date.now();
  const tractor = await insertTractor(
    k,
    {
      imei: profile.imei,
      vin: 'MBNAAHTR1NL000303',
      engineNo: 'B00303X',
      regNo: 'MH15B0303',
      model: 'Arjun 555 DI',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: 1.8,
      tankCapacityL: 55,
      serviceIntervalH: 250,
      firstName: 'Bench',
      lastName: 'Owner',
      mobileNo: '9876543210',
      address: 'x',
      city: 'Nashik',
      pincode: '422209',
      state: 'Maharashtra',
      expiresOn: now + 365 * 86_400_000,
    },
    now,
  );
  const rows = day.samples.map((s) => ({
    tractor_id: tractor.id,
    device_time: s.time,
    received_at: s.time,
    lat: s.lat,
    lon: s.lon,
    speed_kmh: s.speedKmh,
    heading: s.heading,
    altitude: null,
    satellites: s.satellites,
    ignition: s.ignition ? 1 : 0,
    pto: s.pto ? 1 : 0,
    key_present: 1,
    fuel_l: s.fuelL,
    rpm: s.rpm,
    coolant_c: s.coolantC,
    ext_v: s.externalVoltage,
    worktime_min: s.engineWorktimeMin,
    odometer_m: s.odometerM,
    attributes: null,
    movement: null,
    oil_low: null,
    air_filter: null,
    batt_v: null,
    fuel_used_l: null,
    gsm: null,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await k
      .insertInto('telemetry')
      .values(rows.slice(i, i + 200))
      .execute();
  await k
    .insertInto('users')
    .values({
      id: 'u1',
      mobile_no: '9876543210',
      name: 'Bench Owner',
      birth_date: '1980-01-01',
      email: null,
      language: 'en',
      pin_hash: 'x',
      image_name: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await k
    .insertInto('hire_customers')
    .values({ id: 'c1', user_id: 'u1', name: 'Sunil Shinde', phone: null, village: null, language: 'mr', request_hash: 'x', created_at: now, updated_at: now })
    .execute();
  await k
    .insertInto('hire_jobs')
    .values({
      id: 'j1',
      user_id: 'u1',
      customer_id: 'c1',
      tractor_id: tractor.id,
      implement: 'rotavator',
      implement_width_m: 1.8,
      rate_kind: 'acre',
      rate_paise: 120_000,
      trips: 1,
      acre_basis: 'covered',
      hour_basis: 'pto',
      agreed_quantity: null,
      start_ms: from,
      end_ms: to,
      origin: 'owner',
      lat: null,
      lon: null,
      place: null,
      boundary: null,
      field_m2: null,
      note: null,
      quantity_source: 'covered',
      request_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const job =
    (await findJob(k, 'j1')) ??
    (() => {
      throw new Error('no job');
    })();
  const measurer = new JobMeasurer({ db: k, now: () => Date.now() });

  const server: number[] = [];
  const read: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    let t0 = performance.now();
    await readingsBetween(k, tractor.id, from, to);
    const readMs = performance.now() - t0;
    t0 = performance.now();
    await measurer.measure(job);
    const ms = performance.now() - t0;
    if (i >= 5) {
      server.push(ms);
      read.push(readMs);
    }
  }
  const stored = await findJob(k, 'j1');
  const acreage = time(() => measureWindow(readings, 1.8, from, to));
  const outline = time(() => workedOutline(measureWindow(readings, 1.8, from, to).swaths, 1.8));
  const baseline = time(() => usageDay());
  const figures = measureWindow(readings, 1.8, from, to);
  process.stdout.write(
    `${JSON.stringify({
      points: readings.length,
      runs,
      serverMeasure: stats(server),
      readRecords: stats(read),
      acreageOnly: stats(acreage),
      acreageAndOutline: stats(outline),
      baselineUsageDay: stats(baseline),
      acres: Math.round((figures.coveredM2 / 4046.8564224) * 100) / 100,
      usageDayAcres: Math.round((usageDay() / 4046.8564224) * 100) / 100,
      truthAcres: Math.round(((day.fields ?? []).reduce((s, f) => s + f.workM2, 0) / 4046.8564224) * 100) / 100,
      outlineBytes: stored?.worked_area?.length ?? 0,
    })}\n`,
  );
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
