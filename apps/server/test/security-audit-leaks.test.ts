import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { LocalSmsProvider } from '../src/providers/sms/local-sms';
import { latestOtp, post, registerOwner } from './support/api';
import { OPERATOR_KEY } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { silent, testConfig, useTestApp } from './support/harness';
import { LogCapture } from './support/log-capture';
import { PNG, uploadImage } from './support/multipart';
import { localGateway } from './support/payments';
import { TestClock } from './support/test-clock';

/** What an attacker could read off the wire or out of the logs: headers on every kind of answer, secrets in log lines. */

const JWT_SECRET = 'audit-master-secret-0123456789-abcdefghij';

/** The headers that keep a page from being framed, sniffed or leaking its address. */
function expectHardened(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
}

describe.each(dbTargets)('nothing leaks on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  it('every kind of answer carries the security headers: API data, refusals, uploads, the web app', async () => {
    const o = await registerOwner(t.app, t.sms);
    const uploaded = await uploadImage(t.app, o.accessToken, { filename: 'me.png', contentType: 'image/png', data: PNG });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const imageUrl = uploaded.json<{ imageURL: string }>().imageURL;
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/${imageUrl}`, headers: { authorization: `Bearer ${o.accessToken}` } });
    expect(image.statusCode).toBe(200);
    // Served as what its bytes are, never as a page: a polyglot cannot run as HTML here.
    expect(image.headers['content-type']).toBe('image/png');

    const answers: [string, LightMyRequestResponse][] = [
      ['profile', await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${o.accessToken}` } })],
      ['401', await t.app.inject({ method: 'GET', url: '/api/v1/profile' })],
      ['404', await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })],
      ['400', await post(t.app, 'login', { nonsense: 1 })],
      ['operator 401', await t.app.inject({ method: 'GET', url: '/api/v1/operator/tractors' })],
      ['image', image],
      ['public bill 404', await t.app.inject({ method: 'GET', url: `/api/v1/public/bills/${'A'.repeat(43)}` })],
    ];
    for (const [what, res] of answers) {
      expectHardened(res, what);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }

    // The web app's own files (a built app in a scratch directory).
    const webDist = mkdtempSync(path.join(tmpdir(), 'tl-audit-web-'));
    try {
      writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>TractorLink</title>');
      writeFileSync(path.join(webDist, 'bill.html'), '<!doctype html><title>Bill</title>');
      const web = await t.build({ WEB_DIST: webDist });
      for (const url of ['/', '/bill.html']) {
        const res = await web.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expectHardened(res, url);
      }
    } finally {
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('OTP sends, a PIN reset, operator calls and payment webhooks log no code, PIN, key, secret or signature', async () => {
    const logs = new LogCapture();
    const clock = new TestClock();
    const sms = new LocalSmsProvider(clock, silent);
    const app = await buildApp({
      config: testConfig(t.database, { LOG_LEVEL: 'trace', OPERATOR_KEY, JWT_SECRET }),
      clock,
      sms,
      db: t.database.db,
      logStream: logs,
    });
    const secrets: string[] = [OPERATOR_KEY, JWT_SECRET];
    try {
      const o = await registerOwner(app, sms, { pin: '7391' });
      secrets.push(o.accessToken, o.refresh);
      expect((await post(app, 'otp/send', { mobileNo: o.mobileNo, purpose: 'reset' })).statusCode).toBe(200);
      const code = latestOtp(sms, o.mobileNo);
      const verified = await post(app, 'otp/verify', { mobileNo: o.mobileNo, purpose: 'reset', otp: code });
      const ticket = verified.json<{ ticket: string }>().ticket;
      secrets.push(ticket);
      expect((await post(app, 'createpin', { ticket, pin: '8264', deviceID: o.deviceID })).statusCode).toBe(200);

      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/operator/tractors?vin=MBNAAHTR1NL100001', headers: { 'x-operator-key': OPERATOR_KEY } })).statusCode,
      ).toBe(404);
      await app.inject({ method: 'GET', url: '/api/v1/operator/tractors?vin=MBNAAHTR1NL100001', headers: { 'x-operator-key': `${OPERATOR_KEY}-guess` } });

      const webhookSecret = localGateway(app).webhookSecret;
      const body = JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: {}, created_at: 1 });
      const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
      secrets.push(webhookSecret, signature);
      for (const sig of [signature, 'f'.repeat(64)]) {
        await app.inject({
          method: 'POST',
          url: '/api/v1/subscription/payments/webhook',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'evt_audit0001' },
          payload: body,
        });
      }
      secrets.push(code, '7391', '8264');
    } finally {
      await app.close();
    }

    expect(logs.lines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      // Short ones (PINs, the code) as whole numbers only, so timestamps cannot match by chance.
      const pattern = secret.length > 8 ? secret : new RegExp(`(^|[^0-9])${secret}($|[^0-9])`);
      expect(
        logs.lines.filter((line) => (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line))),
        secret.slice(0, 6),
      ).toEqual([]);
    }
  });
});
