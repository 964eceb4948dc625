// Budget "alert queued for push ≤ 1 s after its record is acknowledged, p99, under the 1,000-device
// load". The whole app (buildApp, SQLite, delivery worker started) takes 1,000 devices each sending
// 25 records per batch, the next batch after the ACK, all at once; every tractor's records hold a
// low-oil-pressure spell that raises one alert. For each alert: from the moment the batch with the
// confirming record is acknowledged (its submit resolves: the TCP server ACKs then) to the moment
// the push sender is handed the message. The sender is a stub answering 201 at once, so the figure
// is ours, not a push service's. Prints one JSON line.
//   node --import tsx apps/server/bench/alerts/push-latency.ts [tractors] [recordsEach]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reading } from '@tractorlink/domain/telemetry';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { PushOutcome, PushSender } from '../../src/providers/push/push-sender';
import { LocalSmsProvider } from '../../src/providers/sms/local-sms';
import { insertTractor } from '../../src/modules/tractors/repo';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

const tractors = Number(process.argv[2] ?? 1000);
const recordsEach = Number(process.argv[3] ?? 200);
const DEVICE_BATCH = 25;
const STEP_MS = 10_000;
/** The oil-pressure spell starts here; the 15 s rule confirms it two records later. */
const LOW_FROM = Math.floor(recordsEach / 2);
const CONFIRMED_AT = LOW_FROM + 2;

const dir = mkdtempSync(join(tmpdir(), 'tl-push-'));
const db = createDb({ databaseUrl: undefined, dataDir: dir });
await migrateToLatest(db);

// Owners, tractors and one browser each.
const now = Date.now();
const tractorIds: string[] = [];
const profiles = [];
for (let i = 0; i < tractors; i++) {
  const userId = randomUUID();
  const mobile = String(7_000_000_000 + i);
  await db.kysely
    .insertInto('users')
    .values({
      id: userId,
      mobile_no: mobile,
      name: 'Load Test',
      birth_date: '1980-01-01',
      email: null,
      language: 'hi',
      pin_hash: 'x',
      pin_locked_until: null,
      image_name: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const n = String(i).padStart(6, '0');
  const row = await insertTractor(
    db.kysely,
    {
      imei: String(870_000_000_000_000 + i),
      vin: `MBNAAHTR1NL${n}`,
      engineNo: `B${n}X`,
      regNo: `MH15B${n}`,
      model: 'Arjun 555 DI',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: 2,
      tankCapacityL: 60,
      serviceIntervalH: 250,
      firstName: 'Load',
      lastName: 'Test',
      mobileNo: mobile,
      address: 'x',
      city: 'Nashik',
      pincode: '422001',
      state: 'Maharashtra',
      expiresOn: now + 1e10,
    },
    now,
  );
  await db.kysely.updateTable('tractors').set({ owner_user_id: userId, claimed_at: now }).where('id', '=', row.id).execute();
  await db.kysely
    .insertInto('push_subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
      p256dh: 'x',
      auth: 'x',
      expiration_time: null,
      created_at: now,
    })
    .execute();
  tractorIds.push(row.id);
  profiles.push({ id: row.id, implementWidthM: 2, tankCapacityL: 60 });
}

/** When each tractor's alert reached the push sender (by vin in the payload). */
const handedOver = new Map<string, number>();
const push: PushSender = {
  async send(_target, payload): Promise<PushOutcome> {
    handedOver.set((JSON.parse(payload) as { vin: string }).vin, performance.now());
    return { kind: 'sent' };
  },
};

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, DEMO_OWNER: 'false', DEVICE_TCP_PORT: 'off', WEB_DIST: '/nonexistent' });
const app = await buildApp({ config, db, push, sms: new LocalSmsProvider({ now: Date.now }, { write: () => true }), startAlertDelivery: true });
const vins = new Map((await db.kysely.selectFrom('tractors').select(['id', 'vin']).execute()).map((r) => [r.id, r.vin]));

const start = now - recordsEach * STEP_MS;
const reading = (k: number): Reading => ({
  time: start + k * STEP_MS,
  ignition: true,
  keyPresent: true,
  rpm: 1500,
  coolantC: 85,
  externalVoltage: 13.9,
  oilPressureLow: k >= LOW_FROM && k < LOW_FROM + 6,
  speedKmh: 6,
  lat: 20 + k * 1e-5,
  lon: 74,
  satellites: 10,
});
const acked = new Map<string, number>();
const t0 = performance.now();
await Promise.all(
  profiles.map(async (profile) => {
    for (let k = 0; k < recordsEach; k += DEVICE_BATCH) {
      const batch = Array.from({ length: Math.min(DEVICE_BATCH, recordsEach - k) }, (_, j) => ({ reading: reading(k + j) }));
      await app.services.telemetry.ingestor.submit(profile, batch);
      if (CONFIRMED_AT >= k && CONFIRMED_AT < k + DEVICE_BATCH) acked.set(vins.get(profile.id) as string, performance.now());
    }
  }),
);
const ingestSeconds = (performance.now() - t0) / 1000;
// Let the last deliveries go out.
while (handedOver.size < acked.size && performance.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 20));
const latencies = [...acked].map(([vin, at]) => (handedOver.get(vin) ?? Infinity) - at).sort((a, b) => a - b);
const pct = (p: number) => Number((latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN).toFixed(1));
console.log(
  JSON.stringify({
    tractors,
    records: tractors * recordsEach,
    recordsPerSecond: Math.round((tractors * recordsEach) / ingestSeconds),
    alerts: latencies.length,
    pushed: handedOver.size,
    ackToPushMs: { p50: pct(50), p90: pct(90), p99: pct(99), max: pct(100) },
  }),
);
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
