// Seeds a database for the scale bench before the server starts: N provisioned tractors (the load
// profiles the simulator's devices use), their last state, and D days of hourly usage rollups each
// (the first tractor gets a full year, for the one-year aggregation figure). Direct inserts: this is
// set-up, not what is measured. Usage: tsx seed-history.ts <dataDir> <tractors> <days>
import { createDb } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { loadProfiles } from '../../apps/server/src/sim/load-profiles';
import { istDayStart } from '@tractorlink/domain/time';

const [dataDir = './bench-data', tractorsArg = '10000', daysArg = '90'] = process.argv.slice(2);
const tractors = Number(tractorsArg);
const days = Number(daysArg);
const db = createDb({ databaseUrl: undefined, dataDir });
await migrateToLatest(db);
const sqlite = db.sqlite;
if (!sqlite) throw new Error('SQLite expected');
sqlite.pragma('synchronous = OFF');

const now = Date.now();
const insertTractor = sqlite.prepare(`INSERT INTO tractors (id, imei, vin, engine_no, reg_no, model, device_model, veh_name, implement_width_m, tank_capacity_l,
  service_interval_h, first_name, last_name, mobile_no_cc, mobile_no, address, city, pincode, state, country, expires_on, created_at)
  VALUES (?, ?, ?, ?, ?, 'Load 45', 'FMB130', ?, 1.8, 55, 250, 'Load', 'Test', '+91', '9000000000', 'Load test', 'Nashik', '422001', 'Maharashtra', 'India', ?, ?)`);
const insertState = sqlite.prepare(
  'INSERT INTO tractor_state (tractor_id, last_time, last_seen_at, last_reading, last_fix, processor, version) VALUES (?, ?, ?, ?, ?, ?, ?)',
);
const insertHour =
  sqlite.prepare(`INSERT INTO usage_hourly (tractor_id, hour_start, engine_s, pto_s, idle_s, work_m, area_m2, road_m, distance_m, rpm_weighted, rpm_s, fuel_net_l, fuel_refuel_l)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

const profiles = loadProfiles(tractors);
const t0 = performance.now();
let hours = 0;
const seedOne = sqlite.transaction((i: number) => {
  const p = profiles[i];
  if (!p) return;
  const id = `load-${i}`;
  const n = p.imei.slice(-6);
  insertTractor.run(id, p.imei, `MBNLD${String(i).padStart(12, '0')}`, `LOAD${n}`, `MH15LD${n}`, `Load ${i}`, now + 365 * 86_400_000, now);
  const last = { time: now - 60_000, lat: p.home.lat, lon: p.home.lon, ignition: false, speedKmh: 0, fuelLitres: 30 };
  insertState.run(
    id,
    last.time,
    now,
    JSON.stringify(last),
    JSON.stringify({ lat: last.lat, lon: last.lon, time: last.time }),
    JSON.stringify({ diesel: { samples: [] }, fuelL: 30, lastStatus: 'stopped' }),
    now,
  );
  const span = i === 0 ? 365 : days;
  for (let d = span; d >= 1; d--) {
    for (let h = 7; h <= 17; h++) {
      const hourStart = istDayStart(now - d * 86_400_000) + h * 3600_000;
      insertHour.run(id, hourStart, 3000, 2400, 300, 9000, 14_000, 2000, 11_000, 1800 * 3000, 3000, -4.5, h === 17 && d % 3 === 0 ? 25 : 0);
      hours++;
    }
  }
});
for (let i = 0; i < tractors; i++) seedOne(i);
console.log(JSON.stringify({ tractors, days, hours, seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) }));
await db.close();
