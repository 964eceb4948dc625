// Baseline for the ingestion budget: the same rows the devices send, in the order the writer gets
// them (each device's frames of `frame` records, the devices in turn), inserted straight into the
// telemetry table with the same statement, in the writer's size of transactions, with the same
// durability (WAL, synchronous=FULL): no TCP, no decoding, no processing. Prints rows per second.
//
// The order matters as much as the size: a transaction of one record from each of 1,000 tractors
// rewrites a page of the (tractor, time) index per row, one of 20 devices' 50-record frames a page
// per frame (179,200 rows here: 139k rows/s against 362k, both in 1,000-row transactions).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FMB_DEFAULT_IO } from '@tractorlink/domain/telemetry';
import { createDb } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { avlToRecord } from '../../apps/server/src/devices/teltonika/to-reading';
import { SQLITE_WRITER_BATCH_ROWS } from '../../apps/server/src/modules/telemetry/pipeline';
import { TELEMETRY_COLUMNS, telemetryValues } from '../../apps/server/src/modules/telemetry/rows';
import { simulateDay } from '../../apps/server/src/sim/farm-day';
import { sampleToAvl } from '../../apps/server/src/sim/to-avl';
import { loadProfiles } from '../../apps/server/src/sim/load-profiles';

const tractors = Number(process.argv[2] ?? 1000);
const perTractor = Number(process.argv[3] ?? 200);
const frame = Number(process.argv[4] ?? 1);
const batch = Number(process.argv[5] ?? SQLITE_WRITER_BATCH_ROWS);

const dir = mkdtempSync(join(tmpdir(), 'tl-raw-'));
const db = createDb({ databaseUrl: undefined, dataDir: dir });
await migrateToLatest(db);
const sqlite = db.sqlite;
if (!sqlite) throw new Error('SQLite expected');

// The same rows as the devices send: simulated samples → AVL records → readings → column values.
const start = Date.now() - perTractor * 10_000;
const byTractor: (string | number | null)[][][] = [];
for (const [i, p] of loadProfiles(tractors).entries()) {
  const rows: (string | number | null)[][] = [];
  byTractor.push(rows);
  const samples = simulateDay(p, { fuelL: 40, engineMin: 60_000, odometerM: 1e7, position: p.home }, new Date().toISOString().slice(0, 10)).samples.filter(
    (s) => s.ignition,
  );
  for (let k = 0; k < perTractor; k++) {
    const s = samples[k % samples.length];
    if (!s) continue;
    const { reading, attributes } = avlToRecord(sampleToAvl({ ...s, time: start + k * 10_000 }), FMB_DEFAULT_IO);
    rows.push(
      telemetryValues({
        tractorId: `t${i}`,
        reading,
        receivedAt: Date.now(),
        attributes,
        fuelL: reading.fuelPercent === undefined ? undefined : (reading.fuelPercent / 100) * 55,
      }),
    );
  }
}
// As they arrive from many devices at once: a frame from each in turn.
const rows: (string | number | null)[][] = [];
for (let from = 0; from < perTractor; from += frame) for (const own of byTractor) rows.push(...own.slice(from, from + frame));

const insert = sqlite.prepare(
  `INSERT INTO telemetry (${TELEMETRY_COLUMNS.join(', ')}) VALUES (${TELEMETRY_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
);
const write = sqlite.transaction((chunk: (string | number | null)[][]) => {
  for (const r of chunk) insert.run(r);
});
const t0 = performance.now();
for (let i = 0; i < rows.length; i += batch) write(rows.slice(i, i + batch));
const seconds = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ rows: rows.length, seconds: Number(seconds.toFixed(3)), rowsPerSecond: Math.round(rows.length / seconds), batch, frame }));
await db.close();
rmSync(dir, { recursive: true, force: true });
