import { createDecipheriv, createHmac, createPublicKey, type ECDH, verify } from 'node:crypto';
import type { AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import type { AlertPushPayload } from '@tractorlink/domain/push-api';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { browserKeys, fakePushService, ingest, noise, parkedOff, type PushRequest, series, tank } from './support/alerts';
import { call, expectError, get, post } from './support/api';
import { alertName } from '../src/modules/alerts/texts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { LogCapture, stringsIn } from './support/log-capture';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: what a browser does with an aes128gcm push body, using its own keys. */
function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] as number;
  const serverKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const prkKey = hmac(authSecret, ecdh.computeSecret(serverKey));
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
  const prk = hmac(salt, hmac(prkKey, keyInfo));
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end], 'last-record delimiter').toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: checks the VAPID JWT's ES256 signature with the server's public key; returns its claims. */
function verifyVapid(authorization: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(match, 'vapid t=…, k=…').not.toBeNull();
  const [, jwt, k] = match as unknown as [string, string, string];
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

describe.each(dbTargets)('alert delivery on $name', (target) => {
  const t = useTestApp(target, { PUSH_SERVICE_HOSTS: '127.0.0.1', VAPID_SUBJECT: 'mailto:alerts@tractorlink.test' });
  const services: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
  });

  async function pushService(reply?: Parameters<typeof fakePushService>[0]) {
    const service = await fakePushService(reply);
    services.push(service);
    return service;
  }

  /** An owner with a tractor and one browser subscribed to `base`. */
  async function subscribedOwner(base: string, mobileNo = '9876543210') {
    const { owner, tractor } = await ownerWithTractor(t, mobileNo);
    const browser = browserKeys();
    const res = await post(
      t.app,
      'pushsubscription',
      { endpoint: `${base}/push/${mobileNo}`, expirationTime: null, keys: browser.json },
      { token: owner.accessToken },
    );
    expect(res.statusCode, res.body).toBe(204);
    return { owner, tractor, browser };
  }

  const raise = (app: FastifyInstance, tractorId: string, typeId: AlertTypeId, value: number | null = null) =>
    app.services.alerts.service.raiseAlert(tractorId, typeId, { time: TEST_START - MINUTE, value });
  const outbox = () => t.database.db.kysely.selectFrom('alert_outbox').selectAll().execute();

  it("sends Web Push to the push service: valid VAPID JWT, aes128gcm body the browser decrypts, TTL and urgency, the owner's language", async () => {
    const fake = await pushService();
    const { tractor, browser } = await subscribedOwner(fake.base);
    await t.database.db.kysely.updateTable('users').set({ language: 'mr' }).execute();
    const rnd = noise(1);
    await ingest(t.app, tractor, [
      ...series(TEST_START - 2 * HOUR, 6, 10 * MINUTE, () => parkedOff(tank(40, 0.5, rnd))),
      ...series(TEST_START - HOUR, 61, 10 * SECOND, (i) => parkedOff(tank(40 - (20 * i) / 60, 0.5, rnd))),
      ...series(TEST_START - 49 * MINUTE, 6, 5 * MINUTE, () => parkedOff(tank(20, 0.5, rnd))),
    ]);
    expect(fake.received).toHaveLength(0); // nothing is sent from inside ingestion
    expect(await t.app.services.alerts.delivery.drain()).toBe(2); // the fan-out, then the push
    expect(fake.received).toHaveLength(1);
    const request = fake.received[0] as PushRequest;

    const publicKey = (await get(t.app, 'pushsubscription/key')).json<{ publicKey: string }>().publicKey;
    const claims = verifyVapid(request.headers.authorization, publicKey);
    expect(claims.aud).toBe(fake.base);
    expect(claims.sub).toBe('mailto:alerts@tractorlink.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * HOUR);

    expect(request.url).toBe('/push/9876543210');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('21600');
    expect(request.headers.urgency).toBe('high');
    expect(request.body.length).toBeLessThanOrEqual(3 * 1024 + 128);
    const payload = JSON.parse(decryptAes128gcm(request.body, browser.ecdh, browser.auth)) as AlertPushPayload;
    const [alert] = await t.database.db.kysely.selectFrom('alerts').select(['id']).execute();
    // The alert's Topic: sent again (its instance died before the outbox's commit), it replaces the first.
    expect(request.headers.topic).toBe(Buffer.from((alert?.id ?? '').replaceAll('-', ''), 'hex').toString('base64url'));
    expect(request.headers.topic).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(payload).toMatchObject({
      type: 'alert',
      alertId: alert?.id,
      alertTypeId: 'A0100',
      vin: tractor.vin,
      critical: true,
      title: 'डिझेल चोरी',
      url: `/#/alert-detail/${alert?.id}`,
    });
    expect(payload.body).toContain(tractor.reg_no);
    // Litres in Marathi as the alert screens write them, never an English 'L' a voice spells out.
    expect(payload.body).toMatch(/\d+(\.\d)? लिटर \(मर्यादा 10 लिटर\)/);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(3 * 1024);
    expect(await outbox()).toEqual([]);

    // A non-critical alert goes with normal urgency.
    await raise(t.app, tractor.id, 'A0104', 30);
    await t.app.services.alerts.delivery.drain();
    expect(fake.received[1]?.headers.urgency).toBe('normal');
  });

  it('a 410 (or 404) from the push service removes that subscription', async () => {
    const fake = await pushService((req) => ({ status: req.url.endsWith('9876543210') ? 410 : 404 }));
    const { tractor } = await subscribedOwner(fake.base);
    const subscriptions = () => t.database.db.kysely.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(await subscriptions()).toHaveLength(1);
    await raise(t.app, tractor.id, 'A0101', 500);
    await t.app.services.alerts.delivery.drain();
    expect(fake.received).toHaveLength(1);
    expect(await subscriptions()).toEqual([]);
    expect(await outbox()).toEqual([]);
    // Nothing is sent to it again.
    await raise(t.app, tractor.id, 'A0101', 600);
    await t.app.services.alerts.delivery.drain();
    expect(fake.received).toHaveLength(1);
  });

  it('429 waits for Retry-After; 5xx retries with backoff and gives up after 8 attempts; ingestion never waits for it', async () => {
    const fake = await pushService((req, n) =>
      req.url.endsWith('9876543210') ? (n === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 201 }) : { status: 503 },
    );
    const { tractor } = await subscribedOwner(fake.base);
    await raise(t.app, tractor.id, 'A0003', 110);
    await t.app.services.alerts.delivery.drain();
    expect(fake.received).toHaveLength(1);
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ kind: 'push', attempts: 1, next_at: TEST_START + 120_000, locked_until: null });
    t.clock.advance(119_000);
    expect(await t.app.services.alerts.delivery.drain()).toBe(0);
    t.clock.advance(1000);
    await t.app.services.alerts.delivery.drain();
    expect(fake.received).toHaveLength(2);
    expect(await outbox()).toEqual([]);

    // A push service that keeps failing: 30 s, 1, 2, 4, 8, 16, 32 minutes apart, then given up.
    const other = await subscribedOwner(fake.base, '9123456789');
    await raise(t.app, other.tractor.id, 'A0003', 110);
    await t.app.services.alerts.delivery.drain();
    const waits: number[] = [];
    for (let attempt = 1; attempt < 8; attempt++) {
      const [row] = await outbox();
      waits.push(Number(row?.next_at) - t.clock.now());
      t.clock.advance(Number(row?.next_at) - t.clock.now());
      await t.app.services.alerts.delivery.drain();
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920].map((s) => s * 1000));
    expect(fake.received.filter((r) => r.url.endsWith('9123456789'))).toHaveLength(8);
    expect(await outbox()).toEqual([]);
  });

  it('a notification receiver who uses TractorLink gets the push on their own browser, in their language; SMS receivers get an SMS, capped per day and logged without numbers or text', async () => {
    const fake = await pushService();
    const logs = new LogCapture();
    const app = await t.build({ ALERT_SMS_DAILY_CAP: '2', LOG_LEVEL: 'info' }, { logStream: logs });
    const { owner, tractor, browser } = await subscribedOwner(fake.base);
    const helper = await subscribedOwner(fake.base, '9123456789');
    await t.database.db.kysely.updateTable('users').set({ language: 'ta' }).where('mobile_no', '=', '9123456789').execute();
    const token = owner.accessToken;
    for (const receiver of [
      { name: 'Helper', phone: '9123456789', channel: 'notification' },
      { name: 'Owner Self', phone: '9876543210', channel: 'notification' },
      { name: 'Brother', phone: '9988776655', channel: 'sms' },
    ]) {
      expect((await post(app, 'receivers', receiver, { token })).statusCode).toBe(201);
    }
    for (const type of ['A0100', 'A0101', 'A0105'] as const) await raise(app, tractor.id, type);
    await app.services.alerts.delivery.drain();

    const to = (mobile: string) => fake.received.filter((r) => r.url.endsWith(mobile));
    // The owner's browser once per alert (listed as their own receiver too), the helper's browser once per alert.
    expect(to('9876543210')).toHaveLength(3);
    expect(to('9123456789')).toHaveLength(3);
    const helperPayload = JSON.parse(decryptAes128gcm((to('9123456789')[0] as PushRequest).body, helper.browser.ecdh, helper.browser.auth)) as AlertPushPayload;
    expect(['டீசல் திருட்டு', 'டிராக்டர் இழுத்துச் செல்லப்படுகிறது', 'சாவி இல்லாமல் இன்ஜின் இயக்கம்']).toContain(helperPayload.title);
    const ownerPayload = JSON.parse(decryptAes128gcm((to('9876543210')[0] as PushRequest).body, browser.ecdh, browser.auth)) as AlertPushPayload;
    expect(['Fuel theft', 'Vehicle towing', 'Engine start without key']).toContain(ownerPayload.title);

    // Two SMS (the cap), the third refused and logged.
    const texts = t.sms.messages('9988776655').map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^TractorLink: (Fuel theft|Vehicle towing|Engine start without key)\. Arjun 555 DI \(MH15AB\d{4}\)/);
    const refusals = logs.records().filter((r) => r.msg === 'alert SMS refused: daily cap reached');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ cap: 2, ownerId: expect.any(String), alertId: expect.any(String) });
    // The next IST day has a fresh allowance.
    t.clock.advance(24 * HOUR);
    await app.services.alerts.service.raiseAlert(tractor.id, 'A0100', { time: t.clock.now() - MINUTE });
    await app.services.alerts.delivery.drain();
    expect(t.sms.messages('9988776655')).toHaveLength(3);

    const logged = logs.records().flatMap(stringsIn).join('\n');
    for (const secret of ['9988776655', '9123456789', fake.base, browser.json.p256dh, browser.json.auth, 'Fuel theft', 'TractorLink:'])
      expect(logged).not.toContain(secret);
  });

  it("an SMS receiver gets alerts in their own language: chosen, else the owner's when added; a change keeps it unless given", async () => {
    const fake = await pushService();
    const { owner, tractor } = await subscribedOwner(fake.base);
    const token = owner.accessToken;
    const hand = await post(t.app, 'receivers', { name: 'Farm Hand', phone: '9988776655', channel: 'sms', language: 'mr' }, { token });
    expect(hand.statusCode).toBe(201);
    expect(hand.json()).toMatchObject({ language: 'mr' });
    // Added without a language: the owner's (Hindi here), kept when the owner later changes theirs.
    await t.database.db.kysely.updateTable('users').set({ language: 'hi' }).execute();
    const brother = await post(t.app, 'receivers', { name: 'Brother', phone: '9988776656', channel: 'sms' }, { token });
    expect(brother.json()).toMatchObject({ language: 'hi' });
    await t.database.db.kysely.updateTable('users').set({ language: 'en' }).execute();
    const renamed = await call(
      t.app,
      'PUT',
      `receivers/${brother.json<{ id: string }>().id}`,
      { name: 'Elder Brother', phone: '9988776656', channel: 'sms' },
      { token },
    );
    expect(renamed.json()).toMatchObject({ name: 'Elder Brother', language: 'hi' });
    expectError(await post(t.app, 'receivers', { name: 'Other', phone: '9988776657', channel: 'sms', language: 'fr' }, { token }), 'VALIDATION_FAILED');

    await raise(t.app, tractor.id, 'A0100', 48.2);
    await t.app.services.alerts.delivery.drain();
    const [marathi] = t.sms.messages('9988776655').map((m) => m.text);
    const [hindi] = t.sms.messages('9988776656').map((m) => m.text);
    expect(marathi).toContain(alertName('A0100', 'mr'));
    expect(hindi).toContain(alertName('A0100', 'hi'));
    expect(marathi).not.toContain('Fuel theft');
    // Litres in each receiver's own word, as the alert screens write them.
    expect(marathi).toContain('48.2 लिटर (मर्यादा 10 लिटर)');
    expect(hindi).toContain('48.2 लीटर (सीमा 10 लीटर)');
  });

  it('an alert older than 6 hours when delivery starts (a device emptying its backlog) is kept but not sent', async () => {
    const fake = await pushService();
    const { owner, tractor } = await subscribedOwner(fake.base);
    await t.app.services.alerts.service.raiseAlert(tractor.id, 'A0100', { time: TEST_START - 7 * HOUR });
    await t.app.services.alerts.delivery.drain();
    expect(fake.received).toHaveLength(0);
    expect(await outbox()).toEqual([]);
    expect((await get(t.app, `alerts/unread-count?vin=${tractor.vin}`, { token: owner.accessToken })).json()).toMatchObject({ count: 1 });
  });

  it('started, the worker wakes when ingestion commits an alert: no polling, nobody calls it', async () => {
    let delivered: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    const fake = await pushService(() => {
      delivered();
      return { status: 201 };
    });
    const { tractor } = await subscribedOwner(fake.base);
    const app = await t.build({}, { startAlertDelivery: true });
    await ingest(
      app,
      tractor,
      series(TEST_START - 10 * MINUTE, 20, 5 * SECOND, () => ({ ignition: true, rpm: 1500, keyPresent: true, oilPressureLow: true })),
    );
    await arrived;
    expect(fake.received).toHaveLength(1);
  });
});
