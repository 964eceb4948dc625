import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expectError, post, registerOwner } from './support/api';
import { OPERATOR_KEY } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';

/**
 * Every route the app registers, and what guards it. A route added later fails the first test until
 * it is placed here: public (and why), operator (X-Operator-Key), or owner (a session), and an owner
 * route that names one thing of an owner names the test proving another owner's id is a 404.
 */

type Guard = { kind: 'public'; why: string } | { kind: 'operator' } | { kind: 'owner'; scoped?: { proof: string; mentions: string } };
const pub = (why: string): Guard => ({ kind: 'public', why });
const operator: Guard = { kind: 'operator' };
const owner: Guard = { kind: 'owner' };
const scoped = (proof: string, mentions: string): Guard => ({ kind: 'owner', scoped: { proof, mentions } });

const ROUTES: Record<string, Guard> = {
  'GET /api/v1/health': pub('liveness for the balancer: says nothing but ok and the version'),
  'GET /api/v1/openapi.json': pub('the API description: schemas only'),
  'GET /api/v1/dev/sms-inbox': pub('local SMS provider outside production only, answers the machine itself only (http.test.ts)'),
  'POST /api/v1/otp/send': pub('sign-in flow; limited per number, requester and address in the database'),
  'POST /api/v1/otp/verify': pub('sign-in flow; 5 tries per code'),
  'POST /api/v1/register': pub('needs a verified register ticket'),
  'POST /api/v1/login': pub('mobile + PIN, throttled per account; a new browser needs an OTP'),
  'POST /api/v1/createpin': pub('needs a verified reset ticket'),
  'POST /api/v1/refreshtoken': pub('the httpOnly refresh cookie is its credential, not read cross-site'),
  'POST /api/v1/logout': pub('ends the session of the credential sent, if any'),
  'GET /api/v1/pushsubscription/key': pub('the VAPID public key'),
  'GET /api/v1/public/bills/:token': pub('the bill link: its 256-bit token is the credential (hire-links.test.ts)'),
  'GET /api/v1/public/live/:token': pub('the live link: its 256-bit token is the credential (hire-links.test.ts)'),
  'GET /api/v1/subscription/orders/:orderId/checkout': pub('a navigation (no bearer possible): a 96-bit random order id, unpaid orders only'),
  'GET /api/v1/service-bookings/payments/:paymentId/checkout': pub('a navigation: a 96-bit random payment id'),
  'POST /api/v1/subscription/payments/callback': pub('the gateway’s redirect: its HMAC signature is checked'),
  'POST /api/v1/subscription/payments/webhook': pub('the gateway’s webhook: signed on its raw body'),
  'POST /api/v1/service-bookings/payments/callback': pub('the gateway’s redirect: its HMAC signature is checked'),
  'POST /api/v1/subscription/payments/local/:gatewayOrderId': pub('the local test gateway’s buttons (PAYMENT_GATEWAY=local)'),
  'GET /api/v1/ingest/osmand': pub('devices: the device key'),
  'POST /api/v1/ingest/osmand': pub('devices: the device key'),
  'PUT /api/v1/ingest/osmand': pub('devices: the device key'),
  'POST /api/v1/ingest/batch': operator,
  'GET /api/v1/operator/service-bookings': operator,
  'GET /api/v1/operator/service-bookings/:bookingId': operator,
  'POST /api/v1/operator/service-bookings/:bookingId/status': operator,
  'POST /api/v1/operator/tractors': operator,
  'GET /api/v1/operator/tractors': operator,
  'POST /api/v1/operator/tractors/import': operator,
  'POST /api/v1/operator/tractors/:vin/services': operator,
  'POST /api/v1/operator/tractors/:vin/commands': operator,
  'GET /api/v1/operator/tractors/:vin/commands': operator,
  'POST /api/v1/changepin': owner,
  'GET /api/v1/profile': owner,
  'PUT /api/v1/profile': owner,
  'POST /api/v1/image': owner,
  'GET /api/v1/image': scoped('profile.test.ts', "another owner's picture is a 404"),
  'GET /api/v1/home': owner,
  'GET /api/v1/vehicles': owner,
  'POST /api/v1/vehicles/claim': scoped('vehicles-claim.test.ts', 'vehicles/claim'),
  'GET /api/v1/vehicles/tracking': owner,
  'GET /api/v1/vehiclesmodelconfig': owner,
  'PUT /api/v1/vehicles/:vin/name': scoped('vehicles-ownership.test.ts', 'vehicles/${vin}/name'),
  'GET /api/v1/tractorhomepage/:vin': scoped('vehicles-ownership.test.ts', 'tractorhomepage/${vin}'),
  'GET /api/v1/vehicles/aggregations/:vin': scoped('vehicles-ownership.test.ts', 'vehicles/aggregations/${vin}'),
  'GET /api/v1/vehicles/:vin': scoped('vehicles-ownership.test.ts', 'vehicles/${vin}?isSec=true'),
  'GET /api/v1/servicereminders/:vin': scoped('vehicles-ownership.test.ts', 'servicereminders/${vin}'),
  'POST /api/v1/servicereminders/:vin': scoped('service-records.test.ts', "another owner's tractor is not found, and nothing is recorded"),
  'GET /api/v1/vehicles/:vin/history': scoped('vehicles-ownership.test.ts', 'vehicles/${vin}/history'),
  'GET /api/v1/vehicles/:vin/track': scoped('vehicles-ownership.test.ts', 'vehicles/${vin}/track'),
  'GET /api/v1/alerts': scoped('alerts-ownership.test.ts', 'alerts'),
  'PUT /api/v1/alerts': scoped('alerts-ownership.test.ts', 'alerts'),
  'GET /api/v1/alerts/unread-count': scoped('alerts-ownership.test.ts', 'unread-count'),
  'GET /api/v1/alerts/:alertId': scoped('alerts-ownership.test.ts', 'alerts/'),
  'GET /api/v1/vehicles/alertconfig/:vin': scoped('alerts-ownership.test.ts', 'vehicles/alertconfig/'),
  'PUT /api/v1/vehicles/alertconfig': scoped('alerts-ownership.test.ts', 'vehicles/alertconfig'),
  'PUT /api/v1/vehicles/alertconfigs': scoped('alerts-ownership.test.ts', 'vehicles/alertconfigs'),
  'GET /api/v1/receivers': owner,
  'POST /api/v1/receivers': owner,
  'PUT /api/v1/receivers/:id': scoped('alerts-ownership.test.ts', 'receivers/'),
  'DELETE /api/v1/receivers/:id': scoped('alerts-ownership.test.ts', 'receivers/'),
  'POST /api/v1/pushsubscription': owner,
  'DELETE /api/v1/pushsubscription': scoped('security-audit-routes.test.ts', 'another owner’s push subscription'),
  'GET /api/v1/places/diesel-stations': scoped('places.test.ts', 'NOT_FOUND'),
  'GET /api/v1/places/autocomplete': owner,
  'GET /api/v1/places/details': owner,
  'GET /api/v1/geofences': owner,
  'POST /api/v1/geofences': scoped('geofences-ownership.test.ts', 'geofences'),
  'GET /api/v1/geofences/states': owner,
  'GET /api/v1/geofences/states/:state/districts': owner,
  'GET /api/v1/geofences/states/:state/outline': owner,
  'GET /api/v1/geofences/states/:state/districts/:district/outline': owner,
  'GET /api/v1/geofences/:id': scoped('geofences-ownership.test.ts', 'geofences/'),
  'PUT /api/v1/geofences/:id': scoped('geofences-ownership.test.ts', 'geofences/'),
  'DELETE /api/v1/geofences/:id': scoped('geofences-ownership.test.ts', 'geofences/'),
  'PUT /api/v1/geofences/:id/tractors': scoped('geofences-ownership.test.ts', '/tractors'),
  'PUT /api/v1/geofences/:id/active': scoped('geofences-ownership.test.ts', '/active'),
  'GET /api/v1/reminders': owner,
  'PUT /api/v1/reminders/:id': scoped('reminders.test.ts', 'another owner sees none'),
  'DELETE /api/v1/reminders/:id': scoped('reminders.test.ts', 'another owner sees none'),
  'GET /api/v1/weather/hourly/:vin': scoped('weather.test.ts', "404 for another owner's VIN"),
  'GET /api/v1/weather/daily/:vin': scoped('weather.test.ts', "404 for another owner's VIN"),
  'GET /api/v1/tts': owner,
  'GET /api/v1/hire/customers': owner,
  'POST /api/v1/hire/customers': scoped('hire-offline.test.ts', 'so is an id another owner used'),
  'GET /api/v1/hire/customers/:customerId': scoped('hire-ownership.test.ts', 'GET a customer'),
  'PUT /api/v1/hire/customers/:customerId': scoped('hire-ownership.test.ts', 'PUT a customer'),
  'DELETE /api/v1/hire/customers/:customerId': scoped('hire-ownership.test.ts', 'DELETE a customer'),
  'GET /api/v1/hire/jobs': scoped('hire-ownership.test.ts', 'jobs of a VIN'),
  'POST /api/v1/hire/jobs': scoped('hire-ownership.test.ts', 'a job for their customer on my tractor'),
  'GET /api/v1/hire/jobs/:jobId': scoped('hire-ownership.test.ts', 'GET a job'),
  'PATCH /api/v1/hire/jobs/:jobId': scoped('hire-ownership.test.ts', 'PATCH a job'),
  'DELETE /api/v1/hire/jobs/:jobId': scoped('hire-ownership.test.ts', 'DELETE a job'),
  'POST /api/v1/hire/jobs/:jobId/end': scoped('hire-ownership.test.ts', 'end a job'),
  'GET /api/v1/hire/proposals': owner,
  'POST /api/v1/hire/proposals/:proposalId/accept': scoped('hire-ownership.test.ts', 'accept a proposal'),
  'POST /api/v1/hire/proposals/:proposalId/dismiss': scoped('hire-ownership.test.ts', 'dismiss a proposal'),
  'GET /api/v1/hire/payments': scoped('hire-ownership.test.ts', 'payments of a customer'),
  'POST /api/v1/hire/payments': scoped('hire-ownership.test.ts', 'a payment from their customer'),
  'DELETE /api/v1/hire/payments/:paymentId': scoped('hire-ownership.test.ts', 'DELETE a payment'),
  'POST /api/v1/hire/bill-links': scoped('hire-ownership.test.ts', 'a bill link for their customer'),
  'GET /api/v1/hire/bill-links': scoped('hire-ownership.test.ts', 'bill links of a customer'),
  'DELETE /api/v1/hire/bill-links/:linkId': scoped('hire-ownership.test.ts', 'revoke a bill link'),
  'POST /api/v1/live-links': scoped('hire-ownership.test.ts', 'a live link for their tractor'),
  'GET /api/v1/live-links': scoped('hire-ownership.test.ts', 'live links of a VIN'),
  'DELETE /api/v1/live-links/:linkId': scoped('hire-ownership.test.ts', 'revoke a live link'),
  'GET /api/v1/subscription/Scheme/GetScheme': scoped('subscription-payments.test.ts', "another owner's VIN is 404"),
  'POST /api/v1/subscription/orders': scoped('subscription-payments.test.ts', "another owner's tractor is refused"),
  'GET /api/v1/subscription/orders/:orderId': scoped('subscription-payments.test.ts', "another owner's orders, history and invoices are 404"),
  'GET /api/v1/subscription/history': scoped('subscription-payments.test.ts', "another owner's orders, history and invoices are 404"),
  'GET /api/v1/subscription/invoices/:orderId': scoped('subscription-payments.test.ts', "another owner's orders, history and invoices are 404"),
  'GET /api/v1/subscription/invoices/:orderId/pdf': scoped('subscription-payments.test.ts', '/pdf'),
  'GET /api/v1/service-bookings/options': scoped('service-bookings.test.ts', "another owner's bookings and tractors are not found"),
  'POST /api/v1/service-bookings/photos': owner,
  'POST /api/v1/service-bookings': scoped('service-bookings.test.ts', "another owner's bookings and tractors are not found"),
  'GET /api/v1/service-bookings': owner,
  'GET /api/v1/service-bookings/free-services': scoped('service-bookings.test.ts', "another owner's bookings and tractors are not found"),
  'GET /api/v1/service-bookings/:bookingId': scoped('service-bookings.test.ts', "another owner's bookings and tractors are not found"),
  'POST /api/v1/service-bookings/:bookingId/payment': scoped('service-booking-payments.test.ts', "another owner's booking is 404"),
  'POST /api/v1/service-bookings/:bookingId/cancel': scoped('service-bookings.test.ts', "another owner's bookings and tractors are not found"),
  'GET /api/v1/service-bookings/:bookingId/photo': scoped('service-bookings.test.ts', "another owner's bookings and tractors are not found"),
};

/** "METHOD /path" of every route the app registered (HEAD and the web app's own files left out). */
function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: { indent: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*?)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line) ?? /^()(\/\S*)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const indent = (match[1] ?? '').length;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1)?.path ?? '';
    const segment = match[2] ?? '';
    // A segment printed without a slash continues its parent's last word (alertconfig → alertconfigs).
    const joined = segment.startsWith('/') ? `${parent.replace(/\/$/, '')}${segment}` : `${parent}${segment}`;
    stack.push({ indent, path: joined });
    for (const method of (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD')) found.push(`${method} ${joined}`);
  }
  return found.filter((r) => r.includes(' /api/')).sort();
}

/** A path with its parameters filled in. */
const concrete = (route: string) => route.split(' ')[1]?.replace(/:vin/g, 'MBNAAHTR1NL100001').replace(/:\w+/g, '3f0b8a52-2c1e-4d7a-9a51-0c6b1e1f2a3b') ?? '';

describe.each(dbTargets)('every route is guarded on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  it('every registered route is placed: public (and why), operator or owner', () => {
    const registered = registeredRoutes(t.app);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered).toEqual(Object.keys(ROUTES).sort());
  });

  it('every owner route answers 401 without a session and with an ended one, and changes nothing', async () => {
    const o = await registerOwner(t.app, t.sms);
    expect((await post(t.app, 'logout', undefined, { token: o.accessToken })).statusCode).toBe(200);
    const wrong: string[] = [];
    for (const [route, guard] of Object.entries(ROUTES)) {
      if (guard.kind !== 'owner') continue;
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const headers of [{}, { authorization: `Bearer ${o.accessToken}` }]) {
        const res = await t.app.inject({ method, url: concrete(route), headers });
        if (res.statusCode !== 401) wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every operator route is 404 with no key configured, 401 without the key or with a near miss', async () => {
    const off = await t.build({ OPERATOR_KEY: '' });
    const o = await registerOwner(t.app, t.sms);
    const wrong: string[] = [];
    for (const [route, guard] of Object.entries(ROUTES)) {
      if (guard.kind !== 'operator') continue;
      const method = route.split(' ')[0] as 'GET' | 'POST';
      const send = (app: FastifyInstance, headers: Record<string, string>) =>
        app.inject({ method, url: concrete(route), headers, ...(method === 'POST' ? { payload: {} } : {}) });
      const answers = [
        [404, await send(off, { 'x-operator-key': OPERATOR_KEY })],
        [401, await send(t.app, {})],
        [401, await send(t.app, { 'x-operator-key': `${OPERATOR_KEY.slice(0, -1)}X` })],
        [401, await send(t.app, { 'x-operator-key': OPERATOR_KEY.toUpperCase() })],
        [401, await send(t.app, { 'x-operator-key': `${OPERATOR_KEY} ` })],
        [401, await send(t.app, { authorization: `Bearer ${o.accessToken}` })],
      ] as const;
      for (const [status, res] of answers) if (res.statusCode !== status) wrong.push(`${route}: ${res.statusCode} for ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('each scoped owner route names a test that proves another owner’s id is a 404', () => {
    const missing: string[] = [];
    // (the unmatched ones are listed by the assertion below)
    for (const [route, guard] of Object.entries(ROUTES)) {
      if (guard.kind !== 'owner' || !guard.scoped) continue;
      const file = path.join(import.meta.dirname, guard.scoped.proof);
      if (!existsSync(file) || !readFileSync(file, 'utf8').includes(guard.scoped.mentions)) missing.push(`${route} → ${guard.scoped.proof}`);
    }
    expect(missing).toEqual([]);
  });

  it('another owner’s push subscription cannot be removed by naming its endpoint', async () => {
    const mine = await registerOwner(t.app, t.sms, { mobileNo: '9811111111' });
    const theirs = await registerOwner(t.app, t.sms, { mobileNo: '9822222222' });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/theirs';
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    const added = await post(t.app, 'pushsubscription', { endpoint, keys }, { token: theirs.accessToken });
    expect(added.statusCode, added.body).toBeLessThan(300);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/pushsubscription', headers: { authorization: `Bearer ${mine.accessToken}` }, payload: { endpoint } });
    const kept = await t.database.db.kysely.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(kept.map((k) => k.endpoint)).toEqual([endpoint]);
  });

  it('public links: a token of the right shape but never issued, or one letter off a real one, finds nothing', async () => {
    for (const kind of ['bills', 'live']) {
      expectError(await t.app.inject({ method: 'GET', url: `/api/v1/public/${kind}/${'A'.repeat(43)}` }), 'NOT_FOUND');
      expectError(await t.app.inject({ method: 'GET', url: `/api/v1/public/${kind}/1` }), 'NOT_FOUND');
    }
  });
});
