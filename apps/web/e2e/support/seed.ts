import { randomUUID } from 'node:crypto';

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

export async function seedSilentTractor(baseURL: string, now = Date.now()): Promise<void> {
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
      deviceModel: 'FMB130',
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
  await call(baseURL, `ingest/osmand?id=${SILENT_TRACTOR.imei}&timestamp=${hundredDaysAgo}&lat=30.6&lon=75.6&ignition=false`);
  await call(baseURL, 'vehicles/claim', { token: registered.access_token as string, body: { vin: SILENT_TRACTOR.vin } });
}
