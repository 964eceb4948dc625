// Baseline for the ingestion budget: the same rows the devices send, inserted straight into the
// telemetry table with the same statement, in the same size of transactions, with the same
// durability (WAL, synchronous=FULL): no TCP, no decoding, no processing. Prints rows per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FMB_DEFAULT_IO } from '@tractorlink/domain/telemetry';
import { createDb } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { avlToRecord } from '../../apps/server/src/devices/teltonika/to-reading';
import { TELEMETRY_COLUMNS, telemetryValues } from '../../apps/server/src/modules/telemetry/rows';
import { simulateDay } from '../../apps/server/src/sim/farm-day';
import { sampleToAvl } from '../../apps/server/src/sim/to-avl';
import { loadProfiles } from '../../apps/server/src/sim/load-profiles';

const tractors = Number(process.argv[2] ?? 1000);
const perTractor = Number(process.argv[3] ?? 200);
const batch = Number(process.argv[4] ?? 1000);

const dir = mkdtempSync(join(tmpdir(), 'tl-raw-'));
const db = createDb({ databaseUrl: undefined, dataDir: dir });
await migrateToLatest(db);
const sqlite = db.sqlite;
if (!sqlite) throw new Error('SQLite expected');

// The same rows as the devices send: simulated samples → AVL records → readings → column values.
const start = Date.now() - perTractor * 10_000;
const rows: (string | number | null)[][] = [];
for (const [i, p] of loadProfiles(tractors).entries()) {
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
// Interleaved as they would arrive from many devices at once.
rows.sort((a, b) => Number(a[1]) - Number(b[1]));

const insert = sqlite.prepare(
  `INSERT INTO telemetry (${TELEMETRY_COLUMNS.join(', ')}) VALUES (${TELEMETRY_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
);
const write = sqlite.transaction((chunk: (string | number | null)[][]) => {
  for (const r of chunk) insert.run(r);
});
const t0 = performance.now();
for (let i = 0; i < rows.length; i += batch) write(rows.slice(i, i + batch));
const seconds = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ rows: rows.length, seconds: Number(seconds.toFixed(3)), rowsPerSecond: Math.round(rows.length / seconds), batch }));
await db.close();
rmSync(dir, { recursive: true, force: true });
