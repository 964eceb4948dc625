import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, get, login, post, refreshCookie, registerOwner } from './support/api';
import { HOUR, MINUTE, SECOND } from './support/test-clock';
import { SessionService } from '../src/modules/sessions/service';

const DAY = 24 * HOUR;

describe.each(dbTargets)('sessions on $name', (target) => {
  const t = useTestApp(target);

  const refresh = (value: string) => post(t.app, 'refreshtoken', undefined, { refresh: value });
  const cookieOf = (res: LightMyRequestResponse) => {
    const c = refreshCookie(res);
    if (!c) throw new Error(`no refresh cookie (${res.statusCode} ${res.body})`);
    return c;
  };

  it('rotates the refresh token on every use', async () => {
    const o = await registerOwner(t.app, t.sms);
    const first = await refresh(o.refresh);
    expect(first.statusCode).toBe(200);
    const body = first.json<TokenResponse>();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, user: { mobileNo: o.mobileNo } });
    expect(body).not.toHaveProperty('refreshToken');
    const second = cookieOf(first).value;
    expect(second).not.toBe(o.refresh);

    const next = await refresh(second);
    expect(next.statusCode).toBe(200);
    expect(cookieOf(next).value).not.toBe(second);
    expect((await get(t.app, 'profile', { token: next.json<TokenResponse>().access_token })).statusCode).toBe(200);
  });

  it('reusing a rotated token after the grace revokes the whole session, the newest token included', async () => {
    const o = await registerOwner(t.app, t.sms);
    const rotated = await refresh(o.refresh);
    const newest = cookieOf(rotated).value;
    const access = rotated.json<TokenResponse>().access_token;

    t.clock.advance(31 * SECOND);
    expectError(await refresh(o.refresh), 'SESSION_REVOKED');
    expectError(await refresh(newest), 'SESSION_EXPIRED');
    expectError(await get(t.app, 'profile', { token: access }), 'UNAUTHENTICATED');
  });

  it('a rotated token presented again once its successor was spent is a copy, even within the grace', async () => {
    const o = await registerOwner(t.app, t.sms);
    const second = cookieOf(await refresh(o.refresh)).value;
    const third = cookieOf(await refresh(second)).value;
    expectError(await refresh(o.refresh), 'SESSION_REVOKED');
    expectError(await refresh(third), 'SESSION_EXPIRED');
  });

  it('two tabs refreshing with the same cookie at once both get an access token; the session goes on', async () => {
    const o = await registerOwner(t.app, t.sms);
    const results = await Promise.all([refresh(o.refresh), refresh(o.refresh)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    // One rotated (a new cookie); the other was answered in the grace, leaving the browser's cookie alone.
    const cookies = results.map((r) => refreshCookie(r)?.value).filter((c): c is string => c !== undefined);
    expect(cookies).toHaveLength(1);
    for (const r of results) expect((await get(t.app, 'profile', { token: r.json<TokenResponse>().access_token })).statusCode).toBe(200);
    // The browser's cookie (the new one) keeps working.
    expect((await refresh(cookies[0] as string)).statusCode).toBe(200);
  });

  it('accepts refreshtoken with an empty JSON body or {} and refuses other bodies', async () => {
    const o = await registerOwner(t.app, t.sms);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refreshtoken',
      headers: { 'content-type': 'application/json', cookie: `tl_refresh=${o.refresh}` },
      payload: '',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    const braces = await post(t.app, 'refreshtoken', {}, { refresh: cookieOf(empty).value });
    expect(braces.statusCode).toBe(200);
    expectError(await post(t.app, 'refreshtoken', { token: 'x' }, { refresh: cookieOf(braces).value }), 'VALIDATION_FAILED');
  });

  it('missing, unknown and expired refresh tokens answer SESSION_EXPIRED', async () => {
    expectError(await post(t.app, 'refreshtoken'), 'SESSION_EXPIRED');
    expectError(await refresh('not-a-token'), 'SESSION_EXPIRED');

    const o = await registerOwner(t.app, t.sms, { rememberMe: false });
    t.clock.advance(12 * HOUR - SECOND);
    const late = await refresh(o.refresh);
    expect(late.statusCode).toBe(200);
    t.clock.advance(SECOND);
    expectError(await refresh(cookieOf(late).value), 'SESSION_EXPIRED');
  });

  it('a remembered session lasts 30 days', async () => {
    const o = await registerOwner(t.app, t.sms, { rememberMe: true });
    t.clock.advance(29 * DAY);
    const res = await refresh(o.refresh);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res).maxAge).toBe(DAY / 1000); // the cookie ends with the session
    t.clock.advance(DAY);
    expectError(await refresh(cookieOf(res).value), 'SESSION_EXPIRED');
  });

  it('access tokens expire after 15 minutes', async () => {
    const o = await registerOwner(t.app, t.sms);
    t.clock.advance(15 * MINUTE - SECOND);
    expect((await get(t.app, 'profile', { token: o.accessToken })).statusCode).toBe(200);
    t.clock.advance(SECOND);
    expectError(await get(t.app, 'profile', { token: o.accessToken }), 'UNAUTHENTICATED');
  });

  it('protected routes refuse a missing, malformed or forged token', async () => {
    const o = await registerOwner(t.app, t.sms);
    expectError(await get(t.app, 'profile'), 'UNAUTHENTICATED');
    expectError(await get(t.app, 'home', { token: 'abc' }), 'UNAUTHENTICATED');
    const [header, payload] = o.accessToken.split('.');
    expectError(await get(t.app, 'profile', { token: `${header}.${payload}.AAAA` }), 'UNAUTHENTICATED');
    expectError(await get(t.app, 'profile', { headers: { authorization: `Basic ${o.accessToken}` } }), 'UNAUTHENTICATED');
  });

  it('sets the refresh cookie httpOnly, SameSite=Strict, Path=/api/v1/refreshtoken; Max-Age 30 days only when remembered', async () => {
    const remembered = await registerOwner(t.app, t.sms, { mobileNo: '9811111111', rememberMe: true });
    const forgotten = await registerOwner(t.app, t.sms, { mobileNo: '9822222222', rememberMe: false });

    const a = await login(t.app, remembered, '1234', { rememberMe: true });
    const header = String(a.headers['set-cookie']);
    expect(header).toMatch(/^tl_refresh=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/api\/v1\/refreshtoken; HttpOnly; SameSite=Strict$/);

    const b = await login(t.app, forgotten, '1234', { rememberMe: false });
    const sessionCookie = String(b.headers['set-cookie']);
    expect(sessionCookie).toMatch(/^tl_refresh=[A-Za-z0-9_-]{43}; Path=\/api\/v1\/refreshtoken; HttpOnly; SameSite=Strict$/);
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);

    // Rotation keeps the choice.
    const rotated = await refresh(cookieOf(b).value);
    expect(String(rotated.headers['set-cookie'])).not.toMatch(/Max-Age/);
  });

  it('marks the cookie Secure over HTTPS (COOKIE_SECURE=auto with TRUST_PROXY), or always with COOKIE_SECURE=true', async () => {
    const o = await registerOwner(t.app, t.sms);
    const proxied = await t.build({ TRUST_PROXY: 'true' });
    const overHttps = await login(proxied, o, '1234', {});
    expect(overHttps.statusCode).toBe(200);
    expect(overHttps.headers['set-cookie']).not.toMatch(/Secure/);
    const https = await proxied.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { userName: o.mobileNo, password: '1234', deviceID: o.deviceID },
    });
    expect(https.headers['set-cookie']).toMatch(/; Secure/);

    // Without TRUST_PROXY the header is not believed.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { userName: o.mobileNo, password: '1234', deviceID: o.deviceID },
    });
    expect(direct.headers['set-cookie']).not.toMatch(/Secure/);

    const always = await t.build({ COOKIE_SECURE: 'true' });
    expect((await login(always, o, '1234')).headers['set-cookie']).toMatch(/; Secure/);
  });

  it('logout ends this session, clears the cookie and keeps other sessions', async () => {
    const o = await registerOwner(t.app, t.sms);
    const other = await login(t.app, o, '1234');
    const res = await post(t.app, 'logout', undefined, { refresh: o.refresh, token: o.accessToken });
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(
      /^tl_refresh=; Max-Age=0; Path=\/api\/v1\/refreshtoken; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
    );
    expectError(await refresh(o.refresh), 'SESSION_EXPIRED');
    expectError(await get(t.app, 'profile', { token: o.accessToken }), 'UNAUTHENTICATED');

    expect((await refresh(cookieOf(other).value)).statusCode).toBe(200);
    // Logging out twice, or with nothing, still answers ok.
    expect((await post(t.app, 'logout')).json()).toEqual({ ok: true });
  });

  it('logout by access token alone ends that session', async () => {
    const o = await registerOwner(t.app, t.sms);
    expect((await post(t.app, 'logout', {}, { token: o.accessToken })).statusCode).toBe(200);
    expectError(await refresh(o.refresh), 'SESSION_EXPIRED');
  });

  it('removes sessions a day after they ended, with their refresh tokens, and keeps the others', async () => {
    const db = t.database.db.kysely;
    const service = new SessionService({ db, clock: t.clock, accessKey: new Uint8Array(32) });
    const signedOut = await registerOwner(t.app, t.sms, { mobileNo: '9876500001' });
    await post(t.app, 'logout', undefined, { refresh: signedOut.refresh, token: signedOut.accessToken });
    await registerOwner(t.app, t.sms, { mobileNo: '9876500002', rememberMe: false });
    const remembered = await registerOwner(t.app, t.sms, { mobileNo: '9876500003', rememberMe: true });
    const left = async () => ({
      sessions: (
        await db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('users.mobile_no').orderBy('users.mobile_no').execute()
      ).map((r) => r.mobile_no),
      orphanTokens: (
        await db.selectFrom('refresh_tokens').leftJoin('sessions', 'sessions.id', 'refresh_tokens.session_id').select('sessions.id').execute()
      ).filter((r) => r.id === null).length,
    });

    // Within a day of its end a session stays: a phone coming back is told its session ended.
    t.clock.advance(23 * HOUR);
    expect(await service.purgeEnded()).toBe(0);
    expectError(await refresh(signedOut.refresh), 'SESSION_EXPIRED');

    t.clock.advance(2 * HOUR);
    expect(await service.purgeEnded()).toBe(1);
    expect(await left()).toEqual({ sessions: ['9876500002', '9876500003'], orphanTokens: 0 });

    // The browser session (12 hours) ended 13 hours ago; a day later it goes too.
    t.clock.advance(12 * HOUR);
    expect(await service.purgeEnded()).toBe(1);
    expect(await left()).toEqual({ sessions: ['9876500003'], orphanTokens: 0 });
    expect((await refresh(remembered.refresh)).statusCode).toBe(200);
  });
});
