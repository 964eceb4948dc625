import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError, registerOwner, validRegistration } from './support/api';
import type { Owner } from './support/api';
import { browserKeys } from './support/alerts';
import { bookingBody, OPERATOR_KEY } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence } from './support/geofences';
import { useTestApp } from './support/harness';
import { reminderBody } from './support/reminders';
import { customerBody } from './support/hire';
import { localGateway } from './support/payments';
import { validTractor } from './support/vehicles';

/**
 * DESIGN §5: every body and query is validated and unknown fields are refused — also on the routes
 * that take no query at all (400 VALIDATION_FAILED, the field named), a DELETE's body included; and
 * the local gateway's refusals are the API's error body, not text.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Case {
  method: Method;
  url: string;
  /** A body the route accepts, so that the query is what is refused. */
  body?: unknown;
  /** Form fields instead of JSON. */
  form?: Record<string, string>;
  operator?: boolean;
}

const VIN = validTractor(1).vin;
const ID = '3f0b8a52-2c1e-4d7a-9a51-0c6b1e1f2a3b';
const ORDER = 'ord_0123456789abcdef';
const BOOKING = `bk_${'0'.repeat(24)}`;
const BOOKING_PAYMENT = `bpay_${'0'.repeat(24)}`;
const TOKEN = 'A'.repeat(43);
const reminder = reminderBody();
const receiver = { name: 'Rekha', phone: '9822012345', channel: 'sms' };
const serviceRecord = { doneOn: '2026-11-20', engineHours: 120 };

/** Every route that declared no query before (ingest/osmand reads its own, by its protocol). */
const ROUTES: Case[] = [
  // Hire ledger, links and public pages
  { method: 'GET', url: 'hire/customers' },
  { method: 'POST', url: 'hire/customers', body: customerBody() },
  { method: 'GET', url: `hire/customers/${ID}` },
  { method: 'PUT', url: `hire/customers/${ID}`, body: { name: 'Sunil Shinde', phone: null, village: null, language: 'mr' } },
  { method: 'DELETE', url: `hire/customers/${ID}` },
  {
    method: 'POST',
    url: 'hire/jobs',
    body: { id: randomUUID(), customerId: ID, vin: VIN, implement: 'rotavator', implementWidthM: 2, rateKind: 'acre', ratePaise: 150_000 },
  },
  { method: 'GET', url: `hire/jobs/${ID}` },
  { method: 'PATCH', url: `hire/jobs/${ID}`, body: { ratePaise: 160_000 } },
  { method: 'POST', url: `hire/jobs/${ID}/end` },
  { method: 'DELETE', url: `hire/jobs/${ID}` },
  { method: 'GET', url: 'hire/proposals' },
  { method: 'POST', url: `hire/proposals/${ID}/accept`, body: { jobId: randomUUID(), customerId: ID } },
  { method: 'POST', url: `hire/proposals/${ID}/dismiss` },
  { method: 'POST', url: 'hire/payments', body: { id: randomUUID(), customerId: ID, amountPaise: 10_000, method: 'cash', paidOn: '2026-11-21' } },
  { method: 'DELETE', url: `hire/payments/${ID}` },
  { method: 'POST', url: 'hire/bill-links', body: { customerId: ID } },
  { method: 'DELETE', url: `hire/bill-links/${ID}` },
  { method: 'POST', url: 'live-links', body: { vin: VIN, duration: '1h' } },
  { method: 'DELETE', url: `live-links/${ID}` },
  { method: 'GET', url: `public/bills/${TOKEN}` },
  { method: 'GET', url: `public/live/${TOKEN}` },
  // Reminders, receivers, push, alerts, vehicles, profile
  { method: 'GET', url: 'reminders' },
  { method: 'PUT', url: 'reminders/oil-change', body: reminder },
  { method: 'DELETE', url: 'reminders/oil-change' },
  { method: 'POST', url: 'receivers', body: receiver },
  { method: 'PUT', url: 'receivers/r1', body: receiver },
  { method: 'DELETE', url: 'receivers/r1' },
  { method: 'GET', url: 'pushsubscription/key' },
  { method: 'POST', url: 'pushsubscription', body: { endpoint: 'https://push.example.net/send/abc', keys: browserKeys().json } },
  { method: 'DELETE', url: 'pushsubscription', body: { endpoint: 'https://push.example.net/send/abc' } },
  { method: 'PUT', url: 'alerts', body: { alerts: ['a1'], status: 1 } },
  { method: 'PUT', url: 'vehicles/alertconfig', body: { vin: VIN, alertTypeId: 'A0003', thresholdValue: 115 } },
  { method: 'PUT', url: 'vehicles/alertconfigs', body: { vin: VIN, configs: [{ alertTypeId: 'A0003', enabled: true }] } },
  { method: 'POST', url: 'vehicles/claim', body: { vin: VIN } },
  { method: 'PUT', url: `vehicles/${VIN}/name`, body: { vehName: 'Sheru' } },
  { method: 'POST', url: `servicereminders/${VIN}`, body: serviceRecord },
  { method: 'PUT', url: 'profile', body: { name: 'Ramesh Patil' } },
  { method: 'POST', url: 'image' },
  // Accounts and OTP
  { method: 'POST', url: 'otp/send', body: { mobileNo: '9822012345', purpose: 'register' } },
  { method: 'POST', url: 'otp/verify', body: { mobileNo: '9822012345', purpose: 'register', otp: '123456' } },
  { method: 'POST', url: 'register', body: { ...validRegistration, ticket: 'x', deviceID: randomUUID() } },
  { method: 'POST', url: 'login', body: { userName: '9822012345', password: '1234', deviceID: randomUUID() } },
  { method: 'POST', url: 'createpin', body: { ticket: 'x', pin: '1234', deviceID: randomUUID() } },
  { method: 'POST', url: 'changepin', body: { oldPin: '1234', newPin: '5678' } },
  { method: 'POST', url: 'refreshtoken' },
  { method: 'POST', url: 'logout' },
  // Subscription and payments
  { method: 'POST', url: 'subscription/orders', body: { vins: [VIN], pack: 'year' } },
  { method: 'GET', url: `subscription/orders/${ORDER}` },
  { method: 'GET', url: `subscription/invoices/${ORDER}` },
  { method: 'GET', url: `subscription/orders/${ORDER}/checkout` },
  { method: 'POST', url: 'subscription/payments/webhook', body: {} },
  {
    method: 'POST',
    url: 'subscription/payments/local/order_0123456789abcd',
    form: { outcome: 'success', callbackUrl: '/api/v1/subscription/payments/callback' },
  },
  { method: 'GET', url: `service-bookings/payments/${BOOKING_PAYMENT}/checkout` },
  // Service bookings
  { method: 'POST', url: 'service-bookings/photos' },
  { method: 'POST', url: 'service-bookings', body: bookingBody({ vin: VIN }) },
  { method: 'GET', url: `service-bookings/${BOOKING}` },
  { method: 'POST', url: `service-bookings/${BOOKING}/payment`, body: {} },
  { method: 'POST', url: `service-bookings/${BOOKING}/cancel`, body: { reason: 'Not needed' } },
  // Operator and integrations
  { method: 'GET', url: `operator/service-bookings/${BOOKING}`, operator: true },
  { method: 'POST', url: `operator/service-bookings/${BOOKING}/status`, body: { status: 'confirmed' }, operator: true },
  { method: 'POST', url: 'operator/tractors', body: validTractor(1), operator: true },
  { method: 'POST', url: 'operator/tractors/import', body: [validTractor(1)], operator: true },
  { method: 'POST', url: `operator/tractors/${VIN}/services`, body: serviceRecord, operator: true },
  { method: 'POST', url: `operator/tractors/${VIN}/commands`, body: { command: 'getinfo' }, operator: true },
  { method: 'GET', url: `operator/tractors/${VIN}/commands`, operator: true },
  { method: 'POST', url: 'ingest/batch', body: { records: [{ deviceId: 'dev-1', time: 1_763_700_000_000 }] }, operator: true },
  { method: 'GET', url: 'health' },
];

/** Every DELETE that takes no body. */
const DELETES = ROUTES.filter((c) => c.method === 'DELETE' && c.body === undefined).map((c) => c.url);

function send(app: FastifyInstance, owner: Owner, c: Case, query: string, body: unknown = c.body): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${owner.accessToken}` };
  if (c.operator) headers['x-operator-key'] = OPERATOR_KEY;
  const options: InjectOptions = { method: c.method, url: `/api/v1/${c.url}${query}`, headers };
  if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    options.payload = new URLSearchParams(c.form).toString();
  } else if (body !== undefined) {
    options.payload = body as Record<string, unknown>;
  }
  return app.inject(options);
}

describe.each(dbTargets)('unknown fields refused on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  it('an unknown query field is 400 VALIDATION_FAILED naming it, on every route that takes no query', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const wrong: string[] = [];
    for (const c of ROUTES) {
      const res = await send(t.app, owner, c, '?zzUnknown=1');
      const error = res.json<{ error?: { code: string; details?: unknown } }>().error;
      if (res.statusCode !== 400 || error?.code !== 'VALIDATION_FAILED' || JSON.stringify(error.details) !== '[{"path":"zzUnknown","code":"UNKNOWN_FIELD"}]')
        wrong.push(`${c.method} ${c.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    // Nothing was applied by any of them.
    expect(await t.database.db.kysely.selectFrom('hire_customers').selectAll().execute()).toEqual([]);
  });

  it('the spec’s isSec flag is still accepted where its calls carry it, and the app’s own queries pass', async () => {
    const owner = await registerOwner(t.app, t.sms);
    for (const [url, status] of [
      [`subscription/orders/${ORDER}?isSec=true`, 404],
      [`subscription/invoices/${ORDER}?isSec=true`, 404],
      ['receivers?isSec=true', 200],
      ['pushsubscription/key?isSec=true', 200],
      ['hire/customers', 200],
      ['hire/proposals', 200],
      ['reminders', 200],
    ] as const) {
      const res = await send(t.app, owner, { method: 'GET', url }, '');
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    }
    // The hire ledger's own routes take no isSec (as its lists' queries never did).
    expectError(await send(t.app, owner, { method: 'GET', url: 'hire/customers' }, '?isSec=true'), 'VALIDATION_FAILED');
  });

  it('a DELETE takes no body: none or {} is fine, any field is 400 VALIDATION_FAILED', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const geofence = await createGeofence(t.app, owner.accessToken, circleBody('Farm-1'));
    const deletes = [...DELETES, `geofences/${geofence.id}`];
    expect(deletes).toHaveLength(8);
    for (const url of deletes) {
      const c: Case = { method: 'DELETE', url };
      const refused = expectError(await send(t.app, owner, c, '', { extra: 1 }), 'VALIDATION_FAILED');
      expect(refused.error.details, url).toEqual([{ path: 'extra', code: 'UNKNOWN_FIELD' }]);
      expectError(await send(t.app, owner, c, '', [1]), 'VALIDATION_FAILED');
    }
    // The geofence is still there; with no body, or `{}`, the DELETE runs.
    const kept = await send(t.app, owner, { method: 'GET', url: `geofences/${geofence.id}` }, '');
    expect(kept.statusCode).toBe(200);
    expect((await send(t.app, owner, { method: 'DELETE', url: `geofences/${geofence.id}` }, '', {})).statusCode).toBe(204);
    expect((await send(t.app, owner, { method: 'PUT', url: 'reminders/oil-change', body: reminder }, '')).statusCode).toBe(200);
    expect((await send(t.app, owner, { method: 'DELETE', url: 'reminders/oil-change' }, '')).statusCode).toBe(200);
  });
});

describe.each(dbTargets)('the local gateway’s refusals on $name', (target) => {
  const t = useTestApp(target);
  const pay = (gatewayOrderId: string, callbackUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/subscription/payments/local/${gatewayOrderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome: 'success', callbackUrl }).toString(),
    });

  it('an unknown order is 404 NOT_FOUND and a foreign callback 400 VALIDATION_FAILED, as JSON error bodies; nothing is paid', async () => {
    const unknown = await pay('order_0123456789abcd', '/api/v1/subscription/payments/callback?orderId=x');
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expectError(unknown, 'NOT_FOUND');

    const { gatewayOrderId } = await localGateway(t.app).createOrder({ amountPaise: 59_900, receipt: 'r1' });
    for (const callbackUrl of ['https://evil.example/api/v1/subscription/payments/callback', '/api/v1/profile', 'http://[']) {
      const bad = await pay(gatewayOrderId, callbackUrl);
      expect(bad.headers['content-type'], callbackUrl).toMatch(/^application\/json/);
      expect(expectError(bad, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'callbackUrl', code: 'INVALID' }]);
    }
    expect(await localGateway(t.app).latestPayment(gatewayOrderId)).toEqual({ status: 'none' });
  });
});
