// Budget "ingestion with the full rule set on stays ≥ 90 % of ingestion with rules off, same run".
// The same records (simulated farm days of many tractors, as the devices send them: AVL → readings)
// go through a fresh Ingestor on a fresh SQLite database (WAL, synchronous=FULL), once without the
// alert hook and once with it, in alternating rounds; devices submit 25 records at a time, all at
// once, so group commit batches them as under load. Prints one JSON line.
//   node --import tsx apps/server/src/modules/alerts/bench/rules-overhead.ts [tractors] [recordsEach] [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FMB_DEFAULT_IO } from '@tractorlink/domain/telemetry';
import { systemClock } from '../../../clock';
import { createDb } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { avlToRecord } from '../../../devices/teltonika/to-reading';
import { simulateDay } from '../../../sim/farm-day';
import { loadProfiles } from '../../../sim/load-profiles';
import { sampleToAvl } from '../../../sim/to-avl';
import { type IncomingRecord, Ingestor } from '../../telemetry/ingestor';
import { processorLoader } from '../../telemetry/load-processor';
import type { TractorProfile } from '../../telemetry/processor';
import { sqliteTelemetryStore } from '../../telemetry/store';
import { insertTractor } from '../../tractors/repo';
import { createAlertHook } from '../hook';
import { AlertProfiles } from '../profiles';

const tractors = Number(process.argv[2] ?? 1000);
const recordsEach = Number(process.argv[3] ?? 200);
const rounds = Number(process.argv[4] ?? 3);
const DEVICE_BATCH = 25;

// Whole simulated days from 05:00 IST, so the records carry every rule's inputs (night parking,
// road, field work with slosh, idling, refuel) at the device's own cadence.
const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const profiles = loadProfiles(tractors);
const work = profiles.map((p) => {
  const samples = simulateDay(p, { fuelL: 40, engineMin: 60_000, odometerM: 1e7, position: p.home }, day).samples;
  const from = samples.findIndex((s) => s.ignition) - 5;
  return samples.slice(Math.max(0, from), Math.max(0, from) + recordsEach).map((s): IncomingRecord => avlToRecord(sampleToAvl(s), FMB_DEFAULT_IO));
});
const records = work.reduce((n, w) => n + w.length, 0);

async function run(rulesOn: boolean): Promise<{ seconds: number; alerts: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tl-rules-'));
  const db = createDb({ databaseUrl: undefined, dataDir: dir });
  try {
    await migrateToLatest(db);
    const ids: TractorProfile[] = [];
    for (const [i, p] of profiles.entries()) {
      const n = String(i).padStart(5, '0');
      const row = await insertTractor(
        db.kysely,
        { imei: p.imei, vin: `MBNAAHTR1NL${String(i).padStart(6, '0')}`, engineNo: `B${n}X`, regNo: `MH15B${n}`, model: 'Arjun 555 DI', deviceModel: 'FMB130', implementWidthM: p.implementWidthM, tankCapacityL: p.tankCapacityL, serviceIntervalH: 250, firstName: 'Load', lastName: 'Test', mobileNo: '9876543210', address: 'x', city: 'Nashik', pincode: '422001', state: 'Maharashtra', expiresOn: Date.now() + 1e10 },
        Date.now(),
      );
      ids.push({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    }
    const hook = rulesOn ? createAlertHook(db.kysely, new AlertProfiles({ db: db.kysely, clock: systemClock }), () => undefined) : undefined;
    const ingestor = new Ingestor(sqliteTelemetryStore(db.sqlite as NonNullable<typeof db.sqlite>), processorLoader(db.kysely, hook), systemClock, { alerts: hook });
    const t0 = performance.now();
    // Every device sends its batches one after another (the next after the ACK), all devices at once.
    await Promise.all(
      work.map(async (list, i) => {
        for (let k = 0; k < list.length; k += DEVICE_BATCH) await ingestor.submit(ids[i] as TractorProfile, list.slice(k, k + DEVICE_BATCH));
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const byType = await db.kysely.selectFrom('alerts').select((eb) => ['type_id', eb.fn.countAll<number>().as('n')]).groupBy('type_id').orderBy('type_id').execute();
    return { seconds, alerts: Object.fromEntries(byType.map((r) => [r.type_id, Number(r.n)])) };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const off: number[] = [];
const on: number[] = [];
let alerts: Record<string, number> = {};
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so neither gets a warmer machine.
  for (const rulesOn of r % 2 === 0 ? [false, true] : [true, false]) {
    const result = await run(rulesOn);
    (rulesOn ? on : off).push(records / result.seconds);
    if (rulesOn) alerts = result.alerts;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  JSON.stringify({
    tractors,
    records,
    rounds,
    rulesOffPerSecond: Math.round(median(off)),
    rulesOnPerSecond: Math.round(median(on)),
    ratio: Number((median(on) / median(off)).toFixed(3)),
    alertsRaised: alerts,
  }),
);
