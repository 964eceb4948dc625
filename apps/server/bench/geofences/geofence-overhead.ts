// Budget "ingestion with 50 active geofences per owner stays ≥ 90 % of ingestion with none, same run".
// The same records (simulated farm days of many tractors around Nashik, as the devices send them:
// AVL → readings) go through a fresh Ingestor with the full alert rule set on a fresh SQLite
// database (WAL, synchronous=FULL), once with no geofence and once with 50 active geofences per
// owner, every one watching all of the owner's tractors: the district and the state, a yard circle
// and a field polygon per tractor, and circles, squares and polygons over the area. Geofences are
// made through the service, as the API makes them. Every device's first batch (which loads the
// tractor's settings and geofences, as after a start) is timed apart; the rest is the figure.
// Rounds alternate which goes first; each round's pair is compared and the median ratio reported,
// by wall time and by this process's CPU time (steadier on a shared machine), beside the
// processors' own CPU per record with and without the geofences. Prints one JSON line.
//   node --import tsx apps/server/bench/geofences/geofence-overhead.ts [tractors] [recordsEach] [rounds] [tractorsPerOwner]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALERT_TYPES, type AlertTypeId, defaultAlertSetting, type ResolvedAlertSetting } from '@tractorlink/domain/alerts-catalog';
import { fromLocalMeters, type LatLon } from '@tractorlink/domain/geo';
import { type CreateGeofenceRequest, createGeofenceRequest, GEOFENCES_PER_OWNER_MAX, toCoordinate } from '@tractorlink/domain/geofences';
import { systemClock } from '../../src/clock';
import { createDb, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { SimProfile } from '../../src/sim/farm-day';
import { benchRecords } from '../bench-records';
import { seededRandom } from '../../src/sim/random';
import { createAlertHook } from '../../src/modules/alerts/hook';
import { AlertProfiles } from '../../src/modules/alerts/profiles';
import { limitsOf } from '@tractorlink/domain/alert-rules/limits';
import { AlertRuleSet } from '@tractorlink/domain/alert-rules/rule-set';
import { type AlertProfile, emptyRulesState } from '@tractorlink/domain/alert-rules/types';
import { Ingestor } from '../../src/modules/telemetry/ingestor';
import { processorLoader } from '../../src/modules/telemetry/load-processor';
import { TractorProcessor, type TractorProfile } from '../../src/modules/telemetry/processor';
import { sqliteTelemetryStore } from '../../src/modules/telemetry/store';
import { insertTractor } from '../../src/modules/tractors/repo';
import { seedDemoBoundaries } from '../../src/modules/geofences/boundaries/import';
import { GeofenceService } from '../../src/modules/geofences/service';
import { GeofenceWatch } from '../../src/modules/geofences/watch';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

const tractors = Number(process.argv[2] ?? 1000);
const recordsEach = Number(process.argv[3] ?? 200);
const rounds = Number(process.argv[4] ?? 5);
const perOwner = Number(process.argv[5] ?? 10);
const DEVICE_BATCH = 25;

const { profiles, work, records } = benchRecords(tractors, recordsEach);
/** Records in the timed part (after every device's first batch). */
const timed = work.reduce((n, w) => n + Math.max(0, w.length - DEVICE_BATCH), 0);
const owners = Array.from({ length: Math.ceil(tractors / perOwner) }, (_, o) => profiles.slice(o * perOwner, (o + 1) * perOwner));

const ring = (center: LatLon, radiusM: number, corners: number) =>
  Array.from({ length: corners }, (_, k) =>
    toCoordinate(
      fromLocalMeters(
        center,
        radiusM * Math.cos((2 * Math.PI * k) / corners),
        radiusM * (0.7 + 0.3 * Math.sin((4 * Math.PI * k) / corners)) * Math.sin((2 * Math.PI * k) / corners),
      ),
    ),
  );

/** An owner's 50 geofences, all watching the owner's tractors. */
function geofencesOf(fleet: readonly SimProfile[], o: number, vins: string[]): CreateGeofenceRequest[] {
  const random = seededRandom(1000 + o);
  const raw: Record<string, unknown>[] = [
    { name: 'Nashik', type: 'district', state: 'Maharashtra', district: 'Nashik' },
    { name: 'Maharashtra', type: 'state', state: 'Maharashtra' },
  ];
  fleet.forEach((p, i) => {
    raw.push({ name: `Yard-${i}`, type: 'custom', shape: 'circle', coordinates: [toCoordinate(p.home)], radiusM: 100 });
    const field = p.fields[0]?.corner ?? p.home;
    raw.push({ name: `Field-${i}`, type: 'custom', shape: 'polygon', coordinates: ring(field, 300, 12) });
  });
  for (let k = 0; raw.length < GEOFENCES_PER_OWNER_MAX; k++) {
    const center = { lat: 19.9 + random() * 0.45, lon: 73.6 + random() * 0.45 };
    const size = 200 + random() * 2800;
    const shape = k % 3;
    if (shape === 0) raw.push({ name: `Circle-${k}`, type: 'custom', shape: 'circle', coordinates: [toCoordinate(center)], radiusM: Math.round(size) });
    else if (shape === 1) raw.push({ name: `Square-${k}`, type: 'custom', shape: 'square', coordinates: [toCoordinate(center)], sideM: Math.round(size) });
    else raw.push({ name: `Area-${k}`, type: 'custom', shape: 'polygon', coordinates: ring(center, size, 8 + (k % 30)) });
  }
  return raw.map((g) => createGeofenceRequest.parse({ ...g, vins }));
}

async function setUp(db: Db): Promise<{ ids: TractorProfile[]; userIds: string[]; vins: string[][] }> {
  await migrateToLatest(db);
  await seedDemoBoundaries(db.kysely);
  const ids: TractorProfile[] = [];
  const userIds: string[] = [];
  const vins: string[][] = [];
  const now = Date.now();
  for (const [o, fleet] of owners.entries()) {
    const userId = randomUUID();
    const mobileNo = `9${String(o).padStart(9, '0')}`;
    await db.kysely
      .insertInto('users')
      .values({
        id: userId,
        mobile_no: mobileNo,
        name: 'Load Test',
        birth_date: '1980-01-01',
        email: null,
        language: 'en',
        pin_hash: 'x',
        pin_locked_until: null,
        image_name: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    userIds.push(userId);
    vins.push([]);
    for (const p of fleet) {
      const i = ids.length;
      const n = String(i).padStart(5, '0');
      const vin = `MBNAAHTR1NL${String(i).padStart(6, '0')}`;
      const row = await insertTractor(
        db.kysely,
        {
          imei: p.imei,
          vin,
          engineNo: `B${n}X`,
          regNo: `MH15B${n}`,
          model: 'Arjun 555 DI',
          deviceModel: DEFAULT_DEVICE_MODEL,
          implementWidthM: p.implementWidthM,
          tankCapacityL: p.tankCapacityL,
          serviceIntervalH: 250,
          firstName: 'Load',
          lastName: 'Test',
          mobileNo,
          address: 'x',
          city: 'Nashik',
          pincode: '422001',
          state: 'Maharashtra',
          expiresOn: now + 1e10,
        },
        now,
      );
      await db.kysely.updateTable('tractors').set({ owner_user_id: userId, claimed_at: now }).where('id', '=', row.id).execute();
      ids.push({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
      vins[o]?.push(vin);
    }
  }
  return { ids, userIds, vins };
}

async function run(
  withGeofences: boolean,
): Promise<{ seconds: number; cpuSeconds: number; warmUpMs: number; alerts: Record<string, number>; geofences: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'tl-geofence-bench-'));
  const db = createDb({ databaseUrl: undefined, dataDir: dir });
  try {
    const { ids, userIds, vins } = await setUp(db);
    const watch = new GeofenceWatch({ db: db.kysely, clock: systemClock });
    if (withGeofences) {
      const service = new GeofenceService({ db: db.kysely, clock: systemClock, watch });
      for (const [o, fleet] of owners.entries()) for (const g of geofencesOf(fleet, o, vins[o] ?? [])) await service.create(userIds[o] as string, g);
    }
    const count = await db.kysely
      .selectFrom('geofences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // The geofence watch is there in both runs, as it is in the server: with none, it finds none.
    const hook = createAlertHook(db.kysely, new AlertProfiles({ db: db.kysely, clock: systemClock }), () => undefined, watch);
    const ingestor = new Ingestor(
      sqliteTelemetryStore(db.sqlite as NonNullable<typeof db.sqlite>, hook.writer),
      processorLoader(db.kysely, hook),
      systemClock,
      { alerts: hook },
    );
    // Every device's first batch loads what the rules read of it (settings, geofences, compiled):
    // once per start, then every 5 minutes without compiling. Timed apart, so the figure is ingestion.
    const w0 = performance.now();
    await Promise.all(work.map((list, i) => ingestor.submit(ids[i] as TractorProfile, list.slice(0, DEVICE_BATCH))));
    const warmUpMs = performance.now() - w0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      work.map(async (list, i) => {
        for (let k = DEVICE_BATCH; k < list.length; k += DEVICE_BATCH) await ingestor.submit(ids[i] as TractorProfile, list.slice(k, k + DEVICE_BATCH));
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    const seconds = (performance.now() - t0) / 1000;
    const byType = await db.kysely
      .selectFrom('alerts')
      .select((eb) => ['type_id', eb.fn.countAll<number>().as('n')])
      .groupBy('type_id')
      .orderBy('type_id')
      .execute();
    return {
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      warmUpMs,
      alerts: Object.fromEntries(byType.map((r) => [r.type_id, Number(r.n)])),
      geofences: Number(count.n),
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The processors alone (no database), with the rule set, with and without each owner's 50 compiled geofences. µs per reading. */
async function cpuOnly(withGeofences: boolean): Promise<number> {
  const settings = Object.fromEntries(ALERT_TYPES.map((a) => [a.id, defaultAlertSetting(a)])) as Record<AlertTypeId, ResolvedAlertSetting>;
  const setting = (id: AlertTypeId) => settings[id];
  const profile: AlertProfile = { setting, limits: limitsOf(setting), service: { intervalH: 250, lastServiceAtH: 0 }, tankCapacityL: 55 };
  // Compiled once through the real watch (a database with the geofences of the first owners), then reused.
  const watched = withGeofences ? await compiledLists() : new Map<number, ReturnType<GeofenceWatch['forTractor']>>();
  const t0 = performance.now();
  for (const [i, list] of work.entries()) {
    const geofences = watched.get(i) ?? [];
    const rules = new AlertRuleSet(
      () => profile,
      emptyRulesState(),
      () => geofences,
    );
    const processor = new TractorProcessor({ id: `t${i}`, implementWidthM: 1.8, tankCapacityL: 55 }, undefined, undefined, undefined, rules);
    for (let k = 0; k < list.length; k += DEVICE_BATCH) {
      processor.process(list.slice(k, k + DEVICE_BATCH).map((r) => r.reading));
      processor.serialize();
    }
  }
  return ((performance.now() - t0) * 1000) / records;
}

let compiledCache: Map<number, ReturnType<GeofenceWatch['forTractor']>> | undefined;
async function compiledLists(): Promise<Map<number, ReturnType<GeofenceWatch['forTractor']>>> {
  if (compiledCache) return compiledCache;
  const dir = mkdtempSync(join(tmpdir(), 'tl-geofence-cpu-'));
  const db = createDb({ databaseUrl: undefined, dataDir: dir });
  try {
    const { ids, userIds, vins } = await setUp(db);
    const watch = new GeofenceWatch({ db: db.kysely, clock: systemClock });
    const service = new GeofenceService({ db: db.kysely, clock: systemClock, watch });
    for (const [o, fleet] of owners.entries()) for (const g of geofencesOf(fleet, o, vins[o] ?? [])) await service.create(userIds[o] as string, g);
    await watch.prepare(ids.map((t) => t.id));
    compiledCache = new Map(ids.map((t, i) => [i, watch.forTractor(t.id)]));
    return compiledCache;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const off: number[] = [];
const on: number[] = [];
const ratios: number[] = [];
const cpuRatios: number[] = [];
const warmUp: Record<string, number[]> = { false: [], true: [] };
const cpuOff: number[] = [];
const cpuOn: number[] = [];
let alerts: Record<string, number> = {};
let geofences = 0;
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so neither gets a warmer machine; compare each pair.
  const pair: Record<string, { rate: number; cpuRate: number }> = {};
  for (const withGeofences of r % 2 === 0 ? [false, true] : [true, false]) {
    const result = await run(withGeofences);
    pair[String(withGeofences)] = { rate: timed / result.seconds, cpuRate: timed / result.cpuSeconds };
    (withGeofences ? on : off).push(timed / result.seconds);
    warmUp[String(withGeofences)]?.push(result.warmUpMs);
    if (withGeofences) {
      alerts = result.alerts;
      geofences = result.geofences;
    }
    (withGeofences ? cpuOn : cpuOff).push(await cpuOnly(withGeofences));
  }
  const [without, withThem] = [pair.false, pair.true] as [{ rate: number; cpuRate: number }, { rate: number; cpuRate: number }];
  ratios.push(withThem.rate / without.rate);
  cpuRatios.push(withThem.cpuRate / without.cpuRate);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  JSON.stringify({
    tractors,
    owners: owners.length,
    geofences,
    records,
    timedRecords: timed,
    rounds,
    noGeofencesPerSecond: Math.round(median(off)),
    geofencesPerSecond: Math.round(median(on)),
    /** Median of the rounds' with/without ratios of records per second (each round's two runs back to back). */
    ratio: Number(median(ratios).toFixed(3)),
    ratios: ratios.map((x) => Number(x.toFixed(3))),
    /** The same per second of this process's CPU: steadier when other processes share the machine. */
    cpuRatio: Number(median(cpuRatios).toFixed(3)),
    cpuRatios: cpuRatios.map((x) => Number(x.toFixed(3))),
    /** Every device's first batch (loading what the rules read), ms: with geofences it loads and compiles them. */
    firstBatchMs: { noGeofences: Math.round(median(warmUp.false ?? [])), geofences50: Math.round(median(warmUp.true ?? [])) },
    processorUsPerRecord: { noGeofences: Number(median(cpuOff).toFixed(2)), geofences50: Number(median(cpuOn).toFixed(2)) },
    alertsRaised: alerts,
  }),
);
