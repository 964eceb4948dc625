// `npm run bench -- truth`: one simulated month of a tractor against the simulator's ground truth.
// A tractor works a field on an 8 % slope (the float sensor misreads for whole passes), refuels at
// the pump when the tank runs low, loses 20 L to a night theft, and one day of its records reaches
// the server as a backlog sent newest first; beside it a phone running an OsmAnd client rides the
// same tractor and sends positions without speed. Everything goes through the real ingestion path
// (group commit, alert rules, late replay) on a fresh SQLite file. Prints one JSON line with each
// figure and its truth.
//   node --import tsx apps/server/bench/telemetry/truth.ts [days]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reading } from '@tractorlink/domain/telemetry';
import { istMidnight } from '@tractorlink/domain/time';
import { systemClock } from '../../src/clock';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { DEVICE_CADENCE, type DayTruth, type SimEvent, type SimProfile, type SimSample, simulateDay } from '../../src/sim/farm-day';
import { createAlertHook } from '../../src/modules/alerts/hook';
import { AlertProfiles } from '../../src/modules/alerts/profiles';
import { insertTractor } from '../../src/modules/tractors/repo';
import { Ingestor } from '../../src/modules/telemetry/ingestor';
import { replayLate } from '../../src/modules/telemetry/late-replay';
import { processorLoader } from '../../src/modules/telemetry/load-processor';
import type { TractorProfile } from '../../src/modules/telemetry/processor';
import { sqliteTelemetryStore } from '../../src/modules/telemetry/store';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import { sampleToReading } from '../../src/sim/to-reading';

const days = Number(process.argv[2] ?? 31);
const FIRST_DAY = '2026-10-01';
const HOUR = 3600_000;
const FARM = { lat: 20.1667, lon: 73.9833 };
const PROFILE: SimProfile = {
  imei: '860000000000201',
  home: FARM,
  fields: [
    { corner: { lat: 20.1752, lon: 73.9945 }, lengthM: 400, widthM: 120, headingDeg: 15, slopePercent: 8 },
    { corner: { lat: 20.1606, lon: 73.9981 }, lengthM: 250, widthM: 100, headingDeg: 100 },
  ],
  implementWidthM: 1.8,
  tankCapacityL: 55,
};
const dateOf = (i: number) => new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
const THEFT_DAY = 12;
const BACKLOG_DAY = 20;

/** What a phone tracker knows: where it is, nothing of the engine, no speed. */
const toPhoneReading = (s: SimSample): Reading => ({ time: s.time, lat: s.lat, lon: s.lon });

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tl-truth-'));
  const db = createDb({ databaseUrl: undefined, dataDir: dir });
  try {
    await migrateToLatest(db);
    const provision = async (imei: string, vin: string): Promise<TractorProfile> => {
      const row = await insertTractor(
        db.kysely,
        {
          imei,
          vin,
          engineNo: `E${vin}`,
          regNo: 'MH15TR0001',
          model: 'Kisan 475 DI',
          deviceModel: DEFAULT_DEVICE_MODEL,
          implementWidthM: PROFILE.implementWidthM,
          tankCapacityL: PROFILE.tankCapacityL,
          serviceIntervalH: 250,
          firstName: 'Truth',
          lastName: 'Bench',
          mobileNo: '9800000001',
          address: '',
          city: 'Niphad',
          pincode: '422209',
          state: 'Maharashtra',
          expiresOn: Date.now() + 365 * 86_400_000,
        },
        Date.now(),
      );
      return { id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l };
    };
    const tractor = await provision(PROFILE.imei, 'MBNTRUTH000000001');
    const phone = await provision('861000000000202', 'MBNTRUTH000000002');
    const hook = createAlertHook(db.kysely, new AlertProfiles({ db: db.kysely, clock: systemClock }), () => undefined);
    const ingestor = new Ingestor(
      sqliteTelemetryStore(db.sqlite as NonNullable<typeof db.sqlite>, hook.writer),
      processorLoader(db.kysely, hook),
      systemClock,
      {
        alerts: hook,
        replay: (current, from, now) => replayLate(db.kysely, current, from, now, hook),
      },
    );
    const send = (profile: TractorProfile, readings: Reading[]) =>
      ingestor.submit(
        profile,
        readings.map((reading) => ({ reading })),
      );

    // The month, day by day, as a device sends it: frames of 25 records.
    const truth: DayTruth[] = [];
    let carry = { fuelL: 40, engineMin: 180 * 60, odometerM: 0, position: FARM };
    const started = performance.now();
    let records = 0;
    for (let d = 0; d < days; d++) {
      const date = dateOf(d);
      const events: SimEvent[] = d === THEFT_DAY ? [{ kind: 'siphon', at: istMidnight(date) + 2 * HOUR, litres: 20 }] : [];
      const day = simulateDay(PROFILE, carry, date, { events, cadence: DEVICE_CADENCE });
      carry = day.carry;
      truth.push(day.truth);
      const readings = day.samples.map(sampleToReading);
      const frames: Reading[][] = [];
      for (let i = 0; i < readings.length; i += 25) frames.push(readings.slice(i, i + 25));
      // Out of coverage all day: the device sends its memory next morning, newest frame first.
      if (d === BACKLOG_DAY) frames.reverse();
      for (const frame of frames) await send(tractor, frame);
      records += readings.length;
      const phoneReadings = day.samples.map(toPhoneReading);
      for (let i = 0; i < phoneReadings.length; i += 25) await send(phone, phoneReadings.slice(i, i + 25));
      await ingestor.replayDue(0);
    }
    await ingestor.idle();
    const seconds = (performance.now() - started) / 1000;

    const sum = (rows: Record<string, number>[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    const hours = (id: string) =>
      db.kysely.selectFrom('usage_hourly').selectAll().where('tractor_id', '=', id).execute() as Promise<unknown> as Promise<Record<string, number>[]>;
    const tractorHours = await hours(tractor.id);
    const phoneHours = await hours(phone.id);
    const alerts = await db.kysely.selectFrom('alerts').select(['type_id', 'time_ms', 'value']).where('tractor_id', '=', tractor.id).execute();
    const refuels = await db.kysely.selectFrom('refuels').select(['start_ms', 'litres']).where('tractor_id', '=', tractor.id).execute();

    const trueRefuels = truth.flatMap((t) => t.refuels).filter((r) => r.litres >= 6);
    const trueSiphons = truth.flatMap((t) => t.siphons);
    const near = (a: number, b: number) => Math.abs(a - b) <= HOUR;
    const refuelsFound = trueRefuels.filter((r) => refuels.some((f) => near(Number(f.start_ms), r.time))).length;
    const falseRefuels = refuels.filter((f) => !trueRefuels.some((r) => near(Number(f.start_ms), r.time))).length;
    const thefts = alerts.filter((a) => a.type_id === 'A0100');
    const theftsFound = trueSiphons.filter((s) => thefts.some((a) => near(Number(a.time_ms), s.time))).length;
    const falseThefts = thefts.filter((a) => !trueSiphons.some((s) => near(Number(a.time_ms), s.time))).length;
    const truthSum = (key: keyof Omit<DayTruth, 'refuels' | 'siphons'>) => truth.reduce((s, t) => s + t[key], 0);
    const stolen = trueSiphons.reduce((s, t) => s + t.litres, 0);
    const figure = (measured: number, actual: number, digits = 1) => ({
      measured: Number(measured.toFixed(digits)),
      truth: Number(actual.toFixed(digits)),
      errorPercent: actual === 0 ? 0 : Number((((measured - actual) / actual) * 100).toFixed(2)),
    });
    console.log(
      JSON.stringify({
        days,
        records,
        seconds: Number(seconds.toFixed(1)),
        acres: figure(sum(tractorHours, 'area_m2') / 4046.8564224, truthSum('workM2') / 4046.8564224, 2),
        roadKm: figure(sum(tractorHours, 'road_m') / 1000, truthSum('roadM') / 1000),
        engineHours: figure(sum(tractorHours, 'engine_s') / 3600, truthSum('engineS') / 3600),
        // The server cannot tell stolen litres from burnt ones: both left the tank.
        litresConsumed: figure(sum(tractorHours, 'fuel_refuel_l') - sum(tractorHours, 'fuel_net_l'), truthSum('burntL') + stolen),
        refuels: {
          truth: trueRefuels.length,
          found: refuelsFound,
          false: falseRefuels,
          litres: figure(
            refuels.reduce((s, r) => s + r.litres, 0),
            trueRefuels.reduce((s, r) => s + r.litres, 0),
          ),
        },
        thefts: { truth: trueSiphons.length, found: theftsFound, false: falseThefts },
        suddenDrops: alerts.filter((a) => a.type_id === 'A0111').length,
        // A phone knows no engine or PTO: all it can measure is how far the tractor went.
        phoneWithoutSpeed: { km: figure(sum(phoneHours, 'distance_m') / 1000, truthSum('drivenM') / 1000) },
      }),
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
