// Budget "ingestion with the full rule set on stays ≥ 90 % of ingestion with rules off, same run".
// The same records (simulated farm days of many tractors, as the devices send them: AVL → readings)
// go through a fresh Ingestor on a fresh SQLite database (WAL, synchronous=FULL), once without the
// alert hook and once with it, in alternating rounds; devices submit 25 records at a time, all at
// once, so group commit batches them as under load. The disk (fsync per commit) makes single runs
// vary by ±10 %, so each round's pair is compared and the median ratio reported, beside the
// processors' own CPU per record with and without the rules. Prints one JSON line.
//   node --import tsx apps/server/bench/alerts/rules-overhead.ts [tractors] [recordsEach] [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALERT_TYPES, type AlertTypeId, defaultAlertSetting, type ResolvedAlertSetting } from '@tractorlink/domain/alerts-catalog';
import { systemClock } from '../../src/clock';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { benchRecords } from '../bench-records';
import { Ingestor } from '../../src/modules/telemetry/ingestor';
import { processorLoader } from '../../src/modules/telemetry/load-processor';
import { TractorProcessor, type TractorProfile } from '../../src/modules/telemetry/processor';
import { sqliteTelemetryStore } from '../../src/modules/telemetry/store';
import { insertTractor } from '../../src/modules/tractors/repo';
import { createAlertHook } from '../../src/modules/alerts/hook';
import { AlertProfiles } from '../../src/modules/alerts/profiles';
import { limitsOf } from '@tractorlink/domain/alert-rules/limits';
import { AlertRuleSet } from '@tractorlink/domain/alert-rules/rule-set';
import { type AlertProfile, emptyRulesState } from '@tractorlink/domain/alert-rules/types';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

const tractors = Number(process.argv[2] ?? 1000);
const recordsEach = Number(process.argv[3] ?? 200);
const rounds = Number(process.argv[4] ?? 3);
const DEVICE_BATCH = 25;

const { profiles, work, records } = benchRecords(tractors, recordsEach);

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
        {
          imei: p.imei,
          vin: `MBNAAHTR1NL${String(i).padStart(6, '0')}`,
          engineNo: `B${n}X`,
          regNo: `MH15B${n}`,
          model: 'Arjun 555 DI',
          deviceModel: DEFAULT_DEVICE_MODEL,
          implementWidthM: p.implementWidthM,
          tankCapacityL: p.tankCapacityL,
          serviceIntervalH: 250,
          firstName: 'Load',
          lastName: 'Test',
          mobileNo: '9876543210',
          address: 'x',
          city: 'Nashik',
          pincode: '422001',
          state: 'Maharashtra',
          expiresOn: Date.now() + 1e10,
        },
        Date.now(),
      );
      ids.push({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    }
    const hook = rulesOn ? createAlertHook(db.kysely, new AlertProfiles({ db: db.kysely, clock: systemClock }), () => undefined) : undefined;
    const ingestor = new Ingestor(
      sqliteTelemetryStore(db.sqlite as NonNullable<typeof db.sqlite>, hook?.writer),
      processorLoader(db.kysely, hook),
      systemClock,
      { alerts: hook },
    );
    const t0 = performance.now();
    // Every device sends its batches one after another (the next after the ACK), all devices at once.
    await Promise.all(
      work.map(async (list, i) => {
        for (let k = 0; k < list.length; k += DEVICE_BATCH) await ingestor.submit(ids[i] as TractorProfile, list.slice(k, k + DEVICE_BATCH));
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const byType = await db.kysely
      .selectFrom('alerts')
      .select((eb) => ['type_id', eb.fn.countAll<number>().as('n')])
      .groupBy('type_id')
      .orderBy('type_id')
      .execute();
    return { seconds, alerts: Object.fromEntries(byType.map((r) => [r.type_id, Number(r.n)])) };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The processors alone (no database): the same readings through TractorProcessor with and
 * without the rule set, state serialised per device batch as a commit does. µs per reading.
 */
function cpuOnly(rulesOn: boolean): number {
  const settings = Object.fromEntries(ALERT_TYPES.map((a) => [a.id, defaultAlertSetting(a)])) as Record<AlertTypeId, ResolvedAlertSetting>;
  const setting = (id: AlertTypeId) => settings[id];
  const profile: AlertProfile = { setting, limits: limitsOf(setting), service: { intervalH: 250, lastServiceAtH: 0 }, tankCapacityL: 55 };
  const t0 = performance.now();
  for (const [i, list] of work.entries()) {
    const rules = rulesOn ? new AlertRuleSet(() => profile, emptyRulesState()) : undefined;
    const processor = new TractorProcessor({ id: `t${i}`, implementWidthM: 1.8, tankCapacityL: 55 }, undefined, undefined, undefined, rules);
    for (let k = 0; k < list.length; k += DEVICE_BATCH) {
      processor.process(list.slice(k, k + DEVICE_BATCH).map((r) => r.reading));
      JSON.stringify(processor.state);
    }
  }
  return ((performance.now() - t0) * 1000) / records;
}

const off: number[] = [];
const on: number[] = [];
const ratios: number[] = [];
const cpuOff: number[] = [];
const cpuOn: number[] = [];
let alerts: Record<string, number> = {};
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so neither gets a warmer machine; compare each pair.
  const pair: Record<string, number> = {};
  for (const rulesOn of r % 2 === 0 ? [false, true] : [true, false]) {
    const result = await run(rulesOn);
    pair[String(rulesOn)] = records / result.seconds;
    (rulesOn ? on : off).push(records / result.seconds);
    if (rulesOn) alerts = result.alerts;
    (rulesOn ? cpuOn : cpuOff).push(cpuOnly(rulesOn));
  }
  ratios.push((pair.true as number) / (pair.false as number));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  JSON.stringify({
    tractors,
    records,
    rounds,
    rulesOffPerSecond: Math.round(median(off)),
    rulesOnPerSecond: Math.round(median(on)),
    /** Median of the rounds' on/off ratios (each round's two runs back to back). */
    ratio: Number(median(ratios).toFixed(3)),
    ratios: ratios.map((x) => Number(x.toFixed(3))),
    processorUsPerRecord: { rulesOff: Number(median(cpuOff).toFixed(2)), rulesOn: Number(median(cpuOn).toFixed(2)) },
    alertsRaised: alerts,
  }),
);
