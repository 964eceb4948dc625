import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/database';
import { LocalSmsProvider } from '../src/providers/sms/local-sms';
import { dbTargets } from './support/db-targets';
import { silent, testConfig, useTestApp } from './support/harness';
import { expectError, get, newDeviceId, post, registerOwner } from './support/api';
import { TestClock } from './support/test-clock';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob: https://tile.openstreetmap.org https://server.arcgisonline.com;connect-src 'self';font-src 'self';" +
  "manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe.each(dbTargets)('HTTP surface on $name', (target) => {
  const t = useTestApp(target);
  const tempDirs: string[] = [];
  afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('health checks the database', async () => {
    const res = await get(t.app, 'health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', version: '1.5.0' });
  });

  it('unknown API routes answer NOT_FOUND in the standard body', async () => {
    expectError(await get(t.app, 'no/such/route'), 'NOT_FOUND');
    expectError(await post(t.app, 'health', {}), 'NOT_FOUND');
  });

  it('sends the strict CSP and no-store on API answers', async () => {
    const res = await get(t.app, 'health');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['otp/send', { mobileNo: '9876501234', purpose: 'register' }],
    ['otp/verify', { mobileNo: '9876501234', purpose: 'register', otp: '123456' }],
    ['register', {}],
    ['login', {}],
    ['createpin', {}],
    ['changepin', {}],
    ['refreshtoken', undefined],
  ])('limits %s per IP: the request over AUTH_RATE_LIMIT_PER_MINUTE answers RATE_LIMITED', async (route, body) => {
    const app = await t.build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const from = (ip: string) => app.inject({ method: 'POST', url: `/api/v1/${route}`, remoteAddress: ip, ...(body ? { payload: body } : {}) });
    const code = async (ip: string) => (await from(ip)).json<{ error?: { code: string } }>().error?.code;
    for (let i = 0; i < 3; i++) expect(await code('203.0.113.7')).not.toBe('RATE_LIMITED');
    const limited = await from('203.0.113.7');
    const error = expectError(limited, 'RATE_LIMITED');
    expect(error.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.error.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect(await code('203.0.113.8')).not.toBe('RATE_LIMITED');
  });

  it('refuses exactly the requests over the limit in a parallel burst, an IPv6 /64 counted as one address', async () => {
    const app = await t.build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const limitedOf = async (ips: string[]) => {
      const answers = await Promise.all(ips.map((ip) => app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: ip, payload: {} })));
      return answers.filter((r) => r.json<{ error?: { code: string } }>().error?.code === 'RATE_LIMITED').length;
    };
    // 8 at once from one address: 3 go through, 5 are refused (not all 8).
    expect(await limitedOf(Array.from({ length: 8 }, () => '203.0.113.9'))).toBe(5);
    // A phone is given a whole /64: its addresses share one count.
    expect(await limitedOf(Array.from({ length: 8 }, (_, i) => `2001:db8:7:1::${(i + 1).toString(16)}`))).toBe(5);
    // The next /64 is another household.
    expect(await limitedOf(['2001:db8:7:2::1'])).toBe(0);
  });

  it('rate-limits the 404 handler too (global limit: 1000/min with the default auth limit)', async () => {
    const app = await t.build({ AUTH_RATE_LIMIT_PER_MINUTE: '30' });
    let status = 0;
    let count = 0;
    while (status !== 429 && count < 1100) {
      status = (await app.inject({ method: 'GET', url: '/api/v1/nope', remoteAddress: '198.51.100.1' })).statusCode;
      count++;
    }
    expect(count).toBe(1001);
    expectError(await app.inject({ method: 'GET', url: '/api/v1/nope', remoteAddress: '198.51.100.1' }), 'RATE_LIMITED');
    expectError(await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '198.51.100.1' }), 'RATE_LIMITED');
    expect((await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '198.51.100.2' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document built from the shared schemas', async () => {
    const res = await get(t.app, 'openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties: Record<string, { pattern?: string }>; additionalProperties?: boolean } }> } }
        >
      >;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['otp/send', 'otp/verify', 'register', 'login', 'createpin', 'changepin', 'refreshtoken', 'logout', 'image']) {
      expect(doc.paths[`/api/v1/${p}`]?.post, p).toBeDefined();
    }
    expect(doc.paths['/api/v1/profile']?.put).toBeDefined();
    expect(doc.paths['/api/v1/home']?.get).toBeDefined();
    const login = doc.paths['/api/v1/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(login?.properties.userName?.pattern).toBe('^[6-9]\\d{9}$');
    expect(login?.additionalProperties).toBe(false);
    expect(doc.paths['/api/v1/openapi.json']).toBeUndefined();
  });

  it('the dev SMS inbox lists local messages newest last, and does not exist in production', async () => {
    await post(t.app, 'otp/send', { mobileNo: '9876501234', purpose: 'register' });
    t.clock.advance(60_000);
    await post(t.app, 'otp/send', { mobileNo: '9876501234', purpose: 'register' });
    await post(t.app, 'otp/send', { mobileNo: '9876509999', purpose: 'register' });
    const inbox = await get(t.app, 'dev/sms-inbox?mobileNo=9876501234');
    const { messages } = inbox.json<{ messages: { to: string; text: string; sentAt: number }[] }>();
    expect(messages.map((m) => m.to)).toEqual(['9876501234', '9876501234']);
    expect(messages[1]?.sentAt).toBe(t.clock.now());
    expect(messages[0]?.text).toMatch(/^\d{6} is your TractorLink code/);

    const production = await t.build({ NODE_ENV: 'production' });
    expectError(await get(production, 'dev/sms-inbox?mobileNo=9876501234'), 'NOT_FOUND');
    expectError(await get(production, 'dev/sms-inbox'), 'NOT_FOUND');
  });

  it('the dev SMS inbox answers only callers on this machine, by the socket address, whatever headers say', async () => {
    await post(t.app, 'otp/send', { mobileNo: '9876501234', purpose: 'register' });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/v1/dev/sms-inbox?mobileNo=9876501234', remoteAddress, headers });
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.1.7']) expect((await from(local)).statusCode, local).toBe(200);
    for (const remote of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1']) {
      const res = await from(remote);
      expectError(res, 'NOT_FOUND');
      expect(res.body).not.toMatch(/\d{6}/);
    }
    const proxied = await t.build({ TRUST_PROXY: 'true' });
    const spoofed = await proxied.inject({
      method: 'GET',
      url: '/api/v1/dev/sms-inbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expectError(spoofed, 'NOT_FOUND');
  });

  it('serves the built web app with the right cache rules, and explains a missing build', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'tl-web-'));
    tempDirs.push(dist);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TractorLink</title>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"TractorLink"}');
    writeFileSync(path.join(dist, 'assets', 'index-4f3a2b1c.js'), 'console.log(1)');
    const app = await t.build({ WEB_DIST: dist });

    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>TractorLink</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toBe(CSP);
    for (const file of ['/sw.js', '/index.html', '/manifest.webmanifest']) {
      expect((await app.inject({ method: 'GET', url: file })).headers['cache-control'], file).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-4f3a2b1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    // The API still wins over the static files.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expectError(await app.inject({ method: 'GET', url: '/api/v1/nope' }), 'NOT_FOUND');

    // Precompressed copies written by the web build are sent to browsers that accept them.
    const js = 'console.log("tractor");'.repeat(50);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c4d.js'), js);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c4d.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c4d.js.gz'), gzipSync(js));
    const br = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c4d.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c4d.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c4d.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);

    const unbuilt = await t.app.inject({ method: 'GET', url: '/' });
    expect(unbuilt.statusCode).toBe(503);
    expect(unbuilt.headers['content-type']).toMatch(/^text\/plain/);
    expect(unbuilt.body).toContain('npm run build');
  });

  it('a 5xx never leaks internals', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-broken-'));
    tempDirs.push(dataDir);
    const db = createDb({ databaseUrl: undefined, dataDir });
    const clock = new TestClock();
    const app = await buildApp({
      config: testConfig({ ...t.database, dataDir, databaseUrl: '' }),
      clock,
      db,
      sms: new LocalSmsProvider(clock, silent),
    });
    await db.close(); // the database goes away under the running app
    const res = await post(app, 'login', { userName: '9876501234', password: '1234', deviceID: newDeviceId() });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong.' } });
    const health = await get(app, 'health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', db: 'error', version: '1.5.0' });
    await app.close();
  });

  it('creates the demo owner on request, profile complete, no browser bound', async () => {
    const app = await t.build({ DEMO_OWNER: 'true', DEMO_MOBILE: '9988776655', DEMO_PIN: '4321', DEMO_NAME: 'Demo Owner' }, { seedDemoOwner: true });
    const res = await post(app, 'login', { userName: '9988776655', password: '4321', deviceID: newDeviceId() });
    expectError(res, 'DEVICE_NOT_BOUND');
    // Starting again leaves the account alone.
    await t.build({ DEMO_OWNER: 'true', DEMO_MOBILE: '9988776655', DEMO_PIN: '0000' }, { seedDemoOwner: true });
    const users = await t.database.db.kysely.selectFrom('users').select(['name', 'birth_date', 'language']).execute();
    expect(users).toEqual([{ name: 'Demo Owner', birth_date: '1980-01-01', language: 'en' }]);
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9811111111' });
    expect(owner.accessToken).toBeTruthy();
  });
});
