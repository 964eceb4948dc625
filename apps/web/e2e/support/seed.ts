import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

/**
 * Test data made through the product's own APIs (operator provisioning, device ingestion, owner
 * registration and claim), as an operator, a device and an owner would make it.
 */
export const OPERATOR_KEY = 'e2e-operator-key-0123456789abcdef';

/** Owner of a tractor that last reported 100 days ago: spec §2 'not transmitting since last three months'. */
export const SILENT_OWNER = { mobile: '9000012345', pin: '3690', name: 'Gurpreet Singh' };
export const SILENT_TRACTOR = { imei: '860000000000999', vin: 'MBNTL45SLN0000999', engineNo: 'KSNSIL000999', regNo: 'PB10SL0999' };

async function call(baseURL: string, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${baseURL}/api/v1/${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * The server hears a record sent now even if it is dated 100 days ago; a silent tractor is one not
 * heard for 100 days. Time cannot pass in a browser test, so its last-heard time is set to its last
 * record's, straight in the test database: the one thing here not done through the product.
 */
function backdateLastHeard(dataDir: string, imei: string): void {
  const require = createRequire(join(import.meta.dirname, '../../../apps/server/package.json'));
  const Database = require('better-sqlite3') as new (file: string) => { prepare(sql: string): { run(...args: unknown[]): unknown }; close(): void };
  const db = new Database(join(dataDir, 'tractorlink.db'));
  db.prepare('UPDATE tractor_state SET last_seen_at = last_time WHERE tractor_id = (SELECT id FROM tractors WHERE imei = ?)').run(imei);
  db.close();
}

export async function seedSilentTractor(baseURL: string, dataDir: string, now = Date.now()): Promise<void> {
  const { mobile, pin, name } = SILENT_OWNER;
  await call(baseURL, 'otp/send', { body: { mobileNo: mobile, purpose: 'register' } });
  const inbox = await call(baseURL, `dev/sms-inbox?mobileNo=${mobile}`);
  const text = (inbox.messages as { text: string }[]).at(-1)?.text ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  const { ticket } = await call(baseURL, 'otp/verify', { body: { mobileNo: mobile, purpose: 'register', otp } });
  const registered = await call(baseURL, 'register', {
    body: { ticket, name, birthDate: '1975-03-10', pin, deviceID: randomUUID(), rememberMe: false, acceptedTerms: true },
  });
  await call(baseURL, 'operator/tractors', {
    headers: { 'x-operator-key': OPERATOR_KEY },
    body: {
      ...SILENT_TRACTOR,
      model: 'Kisan 475 DI',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: 1.8,
      tankCapacityL: 55,
      serviceIntervalH: 250,
      firstName: 'Gurpreet',
      lastName: 'Singh',
      mobileNo: mobile,
      address: 'Village Raikot',
      city: 'Ludhiana',
      pincode: '141109',
      state: 'Punjab',
      expiresOn: '2027-12-31',
    },
  });
  const hundredDaysAgo = Math.floor((now - 100 * 86_400_000) / 1000);
  await call(baseURL, `ingest/osmand?id=${SILENT_TRACTOR.imei}&timestamp=${hundredDaysAgo}&lat=30.6&lon=75.6&ignition=false&power=12.6&battery=4.1&rssi=4`);
  await call(baseURL, 'vehicles/claim', { token: registered.access_token as string, body: { vin: SILENT_TRACTOR.vin } });
  backdateLastHeard(dataDir, SILENT_TRACTOR.imei);
  const { data } = (await call(baseURL, 'vehicles/tracking', { token: registered.access_token as string })) as { data: { notTransmitting: boolean }[] };
  if (!data[0]?.notTransmitting) throw new Error('the seeded silent tractor is not reported as not transmitting');
}
