import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { LocalSmsProvider } from '../src/providers/sms/local-sms';
import { dbTargets } from './support/db-targets';
import { silent, testConfig, useTestApp } from './support/harness';
import { latestOtp, newDeviceId, refreshCookie } from './support/api';
import { LogCapture, stringsIn } from './support/log-capture';
import { MINUTE, TestClock } from './support/test-clock';

const PIN = '7391';
const NEW_PIN = '8264';

describe.each(dbTargets)('logs carry no secrets on $name', (target) => {
  const t = useTestApp(target);

  it('a full register, login, refresh, changepin and logout flow at trace level logs no PIN, OTP, ticket, token or cookie', async () => {
    const logs = new LogCapture();
    const clock = new TestClock();
    const sms = new LocalSmsProvider(clock, silent);
    const app: FastifyInstance = await buildApp({
      config: testConfig(t.database, { LOG_LEVEL: 'trace' }),
      clock,
      sms,
      db: t.database.db,
      logStream: logs,
    });
    const secrets = new Set<string>();
    const keep = (res: LightMyRequestResponse) => {
      for (const c of res.cookies) if (c.value) secrets.add(c.value);
      const header = res.headers['set-cookie'];
      if (header) secrets.add(String(header));
      const body = res.json<Record<string, unknown>>();
      for (const key of ['access_token', 'ticket']) if (typeof body[key] === 'string') secrets.add(body[key]);
      return res;
    };
    const call = async (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      keep(await app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) }));
    const otpOf = (mobileNo: string) => {
      const code = latestOtp(sms, mobileNo);
      secrets.add(code);
      return code;
    };

    const mobileNo = '9876512345';
    const deviceID = newDeviceId();
    await call('otp/send', { mobileNo, purpose: 'register' });
    await call('otp/verify', { mobileNo, purpose: 'register', otp: '000000' === otpOf(mobileNo) ? '111111' : '000000' }); // a wrong one
    const { ticket } = (await call('otp/verify', { mobileNo, purpose: 'register', otp: otpOf(mobileNo) })).json<{ ticket: string }>();
    const registered = await call('register', {
      ticket,
      name: 'Ramesh Patil',
      birthDate: '1980-01-01',
      pin: PIN,
      deviceID,
      rememberMe: true,
      acceptedTerms: true,
    });
    expect(registered.statusCode).toBe(200);

    // A refused body holding a PIN-like value, and a wrong PIN.
    await call('login', { userName: mobileNo, password: '73a1', deviceID });
    await call('login', { userName: mobileNo, password: '0000', deviceID });

    // A new browser: DEVICE_NOT_BOUND, bind OTP, login with the ticket.
    clock.advance(MINUTE);
    const phone = newDeviceId();
    expect((await call('login', { userName: mobileNo, password: PIN, deviceID: phone })).statusCode).toBe(403);
    const bind = (await call('otp/verify', { mobileNo, purpose: 'bind', otp: otpOf(mobileNo) })).json<{ ticket: string }>();
    const loggedIn = await call('login', { userName: mobileNo, password: PIN, deviceID: phone, otpTicket: bind.ticket, rememberMe: false });
    expect(loggedIn.statusCode).toBe(200);
    const cookie = `tl_refresh=${refreshCookie(loggedIn)?.value}`;
    secrets.add(cookie);

    const refreshed = await call('refreshtoken', undefined, { cookie });
    expect(refreshed.statusCode).toBe(200);
    const access2 = refreshed.json<{ access_token: string }>().access_token;
    const cookie2 = `tl_refresh=${refreshCookie(refreshed)?.value}`;
    secrets.add(cookie2);
    await call('refreshtoken', undefined, { cookie }); // reuse → revoked (logged as refused)

    const fresh = await call('login', { userName: mobileNo, password: PIN, deviceID: phone });
    const access3 = fresh.json<{ access_token: string }>().access_token;
    expect((await call('changepin', { oldPin: PIN, newPin: NEW_PIN }, { authorization: `Bearer ${access3}` })).statusCode).toBe(200);
    await call('changepin', { oldPin: PIN, newPin: NEW_PIN }, { authorization: `Bearer ${access2}` });
    expect((await call('logout', undefined, { authorization: `Bearer ${access3}`, cookie: `tl_refresh=${refreshCookie(fresh)?.value}` })).statusCode).toBe(200);
    await app.close();

    // The log did record the flow…
    const records = logs.records();
    expect(records.length).toBeGreaterThan(30);
    expect(records.filter((r) => r.msg === 'incoming request')).toHaveLength(15);
    expect(records.some((r) => r.errorCode === 'VALIDATION_FAILED')).toBe(true);

    // …but none of the secrets. Long random values: anywhere in a line. PINs and OTPs: as a whole
    // word in any string of any record (numbers such as timestamps cannot hide them by chance).
    const longSecrets = [...secrets].filter((s) => s.length > 8);
    expect(longSecrets.length).toBeGreaterThan(8);
    for (const line of logs.lines) for (const secret of longSecrets) expect(line).not.toContain(secret);
    const shortSecrets = [...secrets].filter((s) => s.length <= 8).concat([PIN, NEW_PIN, '73a1']);
    expect(shortSecrets.length).toBe(5); // 2 OTPs, 2 PINs, 1 refused PIN-like value
    const words = records.flatMap(stringsIn);
    for (const secret of shortSecrets) {
      const asWord = new RegExp(`(^|[^0-9A-Za-z])${secret}($|[^0-9A-Za-z])`);
      expect(
        words.filter((w) => asWord.test(w)),
        secret,
      ).toEqual([]);
    }
  });

  it('logs the route, not the path or query: link tokens, checkout ids and device keys stay out', async () => {
    const logs = new LogCapture();
    const app = await buildApp({ config: testConfig(t.database, { LOG_LEVEL: 'info' }), db: t.database.db, logStream: logs });
    const token = 'b'.repeat(43);
    const key = 'k7Qz9SecretDeviceKey';
    await app.inject({ method: 'GET', url: `/api/v1/public/bills/${token}` });
    await app.inject({ method: 'GET', url: `/api/v1/public/live/${token}` });
    await app.inject({ method: 'GET', url: `/api/v1/ingest/osmand?id=356307042441013&lat=20.1&lon=74.2&key=${key}` });
    await app.inject({ method: 'GET', url: `/api/v1/no-such-route/${token}?key=${key}` });
    await app.close();
    const urls = logs
      .records()
      .filter((r) => r.msg === 'incoming request')
      .map((r) => (r.req as { url: string }).url);
    expect(urls).toEqual(['/api/v1/public/bills/:token', '/api/v1/public/live/:token', '/api/v1/ingest/osmand', `/api/v1/no-such-route/${token}`]);
    for (const line of logs.lines) expect(line).not.toContain(key);
  });
});
