import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../src/http/timeouts';
import { expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { reminderBody } from './support/reminders';
import { customerBody, newId } from './support/hire';
import { multipartBody, PNG } from './support/multipart';
import { ownerWithTractor } from './support/vehicles';

/**
 * What a malformed or hostile client sends must be a 4xx in the API's error body on either store,
 * never a 500, and nothing of it kept: text PostgreSQL cannot hold (NUL) or that both stores would
 * silently change (a lone surrogate), and multipart forms that are not well formed. A client that
 * stops sending half way does not hold its connection for ever.
 */

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

describe.each(dbTargets)('hostile input on $name', (target) => {
  const t = useTestApp(target);

  async function setUp() {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url: `/api/v1/${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const customer = customerBody();
    expect((await send('POST', 'hire/customers', customer)).statusCode).toBe(201);
    return { token, vin: tractor.vin, customer, send };
  }

  it('a NUL in a path, a query or a body is 400 VALIDATION_FAILED naming the field, on every kind of route', async () => {
    const { send, customer } = await setUp();
    const nulInUrl = encodeURIComponent(NUL);
    const cases: [InjectOptions['method'], string, unknown, string][] = [
      ['GET', `vehicles/${nulInUrl}`, undefined, 'vin'],
      ['GET', `tractorhomepage/${nulInUrl}`, undefined, 'vin'],
      ['GET', `weather/daily/${nulInUrl}`, undefined, 'vin'],
      ['GET', `geofences/${nulInUrl}`, undefined, 'id'],
      ['GET', `geofences/states/${nulInUrl}/outline`, undefined, 'state'],
      ['GET', `hire/customers/${nulInUrl}`, undefined, 'customerId'],
      ['DELETE', `hire/jobs/${nulInUrl}`, undefined, 'jobId'],
      ['GET', `alerts/${nulInUrl}`, undefined, 'alertId'],
      ['GET', `alerts/unread-count?vin=${nulInUrl}`, undefined, 'vin'],
      ['GET', `hire/payments?customerId=${nulInUrl}`, undefined, 'customerId'],
      ['GET', `live-links?vin=${nulInUrl}`, undefined, 'vin'],
      ['PUT', 'vehicles/alertconfig', { vin: NUL, alertTypeId: 'A0003', thresholdValue: 115 }, 'vin'],
      ['PUT', 'alerts', { alerts: ['a1', NUL], status: 1 }, 'alerts.1'],
      ['POST', 'live-links', { vin: NUL, duration: '1h' }, 'vin'],
      ['POST', 'hire/payments', { id: newId(), customerId: customer.id, amountPaise: 10_000, method: 'cash', paidOn: '2026-11-21', note: NUL }, 'note'],
      ['PUT', 'reminders/oil-change', reminderBody({ description: NUL }), 'description'],
    ];
    const wrong: string[] = [];
    for (const [method, url, body, path] of cases) {
      const res = await send(method, url, body);
      const error = res.json<{ error?: { code?: string; details?: unknown } }>().error;
      if (res.statusCode !== 400 || error?.code !== 'VALIDATION_FAILED' || JSON.stringify(error.details) !== JSON.stringify([{ path, code: 'INVALID' }]))
        wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    // Nothing of them was kept.
    const db = t.database.db.kysely;
    expect(await db.selectFrom('hire_payments').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('reminders').selectAll().execute()).toEqual([]);
  });

  it('a lone surrogate is refused as well (both stores would keep U+FFFD instead); emoji and right-to-left text pass', async () => {
    const { send } = await setUp();
    const refused = expectError(await send('PUT', 'reminders/oil-change', reminderBody({ title: LONE_SURROGATE })), 'VALIDATION_FAILED');
    expect(refused.error.details).toEqual([{ path: 'title', code: 'INVALID' }]);
    expectError(await send('PUT', 'reminders/oil-change', reminderBody({ description: '\udc00 trailing half' })), 'VALIDATION_FAILED');
    expect(await t.database.db.kysely.selectFrom('reminders').selectAll().execute()).toEqual([]);

    const title = 'Oil 🚜 \u202Eتغيير';
    const kept = await send('PUT', 'reminders/oil-change', reminderBody({ title }));
    expect(kept.statusCode, kept.body).toBe(200);
    const list = (await send('GET', 'reminders')).json<{ title: string }[] | { data: { title: string }[] }>();
    expect(JSON.stringify(list)).toContain(JSON.stringify(title).slice(1, -1));
  });

  it('a malformed multipart form is 400 VALIDATION_FAILED on the upload routes, and nothing is stored', async () => {
    const { token, send } = await setUp();
    const routes = [
      ['image', 'image'],
      ['service-bookings/photos', 'photo'],
    ] as const;
    for (const [url, field] of routes) {
      const form = multipartBody(field, 'a.png', 'image/png', PNG);
      const malformed = [
        { label: 'cut short', payload: form.payload.subarray(0, form.payload.length - 10), type: form.headers['content-type'] },
        { label: 'no boundary', payload: form.payload, type: 'multipart/form-data' },
        { label: 'another boundary', payload: form.payload, type: 'multipart/form-data; boundary=not-the-one' },
      ];
      for (const { label, payload, type } of malformed) {
        const res = await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload });
        expect({ url, label, status: res.statusCode, body: res.json<unknown>() }).toEqual({
          url,
          label,
          status: 400,
          body: { error: { code: 'VALIDATION_FAILED', message: expect.any(String) as string, details: [{ path: field, code: 'INVALID' }] } },
        });
      }
    }
    expect((await send('GET', 'profile')).json<{ imageURL: string | null }>().imageURL).toBeNull();
    expect(await t.database.db.kysely.selectFrom('booking_photos').selectAll().execute()).toEqual([]);
  });
});

// The server's own settings, the same whatever the store: one target is enough.
describe.each(dbTargets.slice(0, 1))('a client that stops sending ($name)', (target) => {
  const t = useTestApp(target);

  it('its connection is closed once silent, and its request ended when not whole in time (Fastify turns off Node’s own limit)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const server = t.app.server;
    // Beyond keep-alive's own idle limit, so a kept-alive connection is closed by that one first.
    expect(SERVER_TIMEOUTS.connectionTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);

    // A login whose body never comes: the accepted socket carries the idle limit, so it is closed.
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write('POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"userName":');
    const socket = await accepted;
    expect(socket.timeout).toBe(SERVER_TIMEOUTS.connectionTimeout);
    client.destroy();
  });
});
