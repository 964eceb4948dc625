import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { expectError, get, login, post, refreshCookie, registerOwner, ticketFor } from './support/api';
import type { Owner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE } from './support/test-clock';

/**
 * Adversarial pass over sessions and tokens: every way an attacker might hold on to or forge a
 * session, and the cookie acted on from another site. Each case fails if its defence is removed.
 */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
/** An HS256 JWT over `claims`, signed with `key` (an attacker's guess at ours). */
function signed(claims: Record<string, unknown>, key: Buffer | string): string {
  const body = `${b64({ alg: 'HS256' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
const ok = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBe(200);
const accessOf = (res: LightMyRequestResponse) => res.json<{ access_token: string }>().access_token;

describe.each(dbTargets)('sessions under attack on $name', (target) => {
  const t = useTestApp(target);
  const profile = (token: string) => get(t.app, 'profile', { token });
  const refresh = (cookie: string, headers: Record<string, string> = {}) => post(t.app, 'refreshtoken', undefined, { refresh: cookie, headers });
  /** A second session of the same owner, on a browser already bound. */
  const secondSession = async (o: Owner) => {
    const res = await login(t.app, o, o.pin);
    ok(res);
    return { accessToken: accessOf(res), refresh: refreshCookie(res)?.value ?? '' };
  };

  it('after logout neither the access token nor the refresh cookie works', async () => {
    const o = await registerOwner(t.app, t.sms);
    ok(await post(t.app, 'logout', undefined, { token: o.accessToken }));
    expectError(await profile(o.accessToken), 'UNAUTHENTICATED');
    expectError(await refresh(o.refresh), 'SESSION_EXPIRED');
  });

  it('a PIN change ends every other session (access and refresh), and keeps the one that changed it', async () => {
    const o = await registerOwner(t.app, t.sms);
    const other = await secondSession(o);
    ok(await post(t.app, 'changepin', { oldPin: o.pin, newPin: '5678' }, { token: o.accessToken }));
    expectError(await profile(other.accessToken), 'UNAUTHENTICATED');
    expectError(await refresh(other.refresh), 'SESSION_EXPIRED');
    ok(await profile(o.accessToken));
    ok(await refresh(o.refresh));
  });

  it('a PIN reset by OTP ends every session, the thief’s included', async () => {
    const o = await registerOwner(t.app, t.sms);
    const thief = await secondSession(o);
    const ticket = await ticketFor(t.app, t.sms, o.mobileNo, 'reset');
    ok(await post(t.app, 'createpin', { ticket, pin: '5678', deviceID: o.deviceID }));
    for (const s of [o, thief]) {
      expectError(await profile(s.accessToken), 'UNAUTHENTICATED');
      expectError(await refresh(s.refresh), 'SESSION_EXPIRED');
    }
  });

  it('once the account is gone its tokens are dead', async () => {
    const o = await registerOwner(t.app, t.sms);
    ok(await profile(o.accessToken)); // the token is verified and remembered in memory first
    await t.database.db.kysely.deleteFrom('users').where('mobile_no', '=', o.mobileNo).execute();
    expectError(await profile(o.accessToken), 'UNAUTHENTICATED');
    expectError(await refresh(o.refresh), 'SESSION_EXPIRED');
  });

  it('a refresh token used twice (after the grace) revokes the session: the thief’s and the owner’s tokens all die', async () => {
    const o = await registerOwner(t.app, t.sms);
    const rotated = await refresh(o.refresh);
    ok(rotated);
    const owners = { access: accessOf(rotated), refresh: refreshCookie(rotated)?.value ?? '' };
    t.clock.advance(MINUTE);
    // The copied (already rotated) cookie comes back.
    expectError(await refresh(o.refresh), 'SESSION_REVOKED');
    expectError(await refresh(owners.refresh), 'SESSION_EXPIRED');
    expectError(await profile(owners.access), 'UNAUTHENTICATED');
    expectError(await profile(o.accessToken), 'UNAUTHENTICATED');
  });

  it('forged access tokens are refused: alg none, another key, a changed user id, expired, an OTP ticket', async () => {
    const o = await registerOwner(t.app, t.sms);
    const victim = await registerOwner(t.app, t.sms, { mobileNo: '9123456789' });
    const mine = claimsOf(o.accessToken);
    const theirs = claimsOf(victim.accessToken);
    const [header, , signature] = o.accessToken.split('.');

    const forged: [string, string][] = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...mine, sub: theirs.sub, sid: theirs.sid })}.`],
      ['alg none, signature kept', `${b64({ alg: 'none' })}.${b64(mine)}.${signature}`],
      ['another key', signed({ ...mine, sub: theirs.sub, sid: theirs.sid }, randomBytes(32))],
      ['a guessable key', signed({ ...mine, sub: theirs.sub, sid: theirs.sid }, 'secret')],
      ['user id changed, signature kept', `${header}.${b64({ ...mine, sub: theirs.sub })}.${signature}`],
      ['session id changed, signature kept', `${header}.${b64({ ...mine, sid: theirs.sid })}.${signature}`],
      ['HS512 header', `${b64({ alg: 'HS512' })}.${b64(mine)}.${signature}`],
    ];
    for (const [name, token] of forged) expect((await profile(token)).statusCode, name).toBe(401);
    // The victim's session is untouched by all this.
    ok(await profile(victim.accessToken));

    // A verified OTP ticket is signed by the server, but with another key and audience.
    const ticket = await ticketFor(t.app, t.sms, o.mobileNo, 'reset');
    expectError(await profile(ticket), 'UNAUTHENTICATED');

    // Expired: 15 minutes after issue, whatever the session's life.
    t.clock.advance(15 * MINUTE + 1000);
    expectError(await profile(o.accessToken), 'UNAUTHENTICATED');
  });

  it('a cross-site request cannot use the refresh cookie: it neither rotates, spends nor clears it', async () => {
    const o = await registerOwner(t.app, t.sms);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      // A sibling subdomain is "same-site": SameSite=Strict would send the cookie.
      { 'sec-fetch-site': 'same-site', origin: 'https://blog.tractorlink.example' },
      // An older browser without Fetch Metadata: judged by Origin against the Host it asked.
      { origin: 'https://evil.example', host: 'tractorlink.example' },
      { origin: 'null', host: 'tractorlink.example' },
    ];
    for (const headers of foreign) {
      // A cross-site form posts as text/plain or urlencoded (refused as bodies); a no-cors fetch sends none.
      const res = await refresh(o.refresh, headers);
      expectError(res, 'SESSION_EXPIRED');
      expect(refreshCookie(res), JSON.stringify(headers)).toBeUndefined();
      const out = await post(t.app, 'logout', undefined, { refresh: o.refresh, headers });
      ok(out);
      expect(refreshCookie(out), 'a foreign logout clears nothing').toBeUndefined();
    }
    // The cookie was neither spent nor revoked: the app itself still refreshes with it.
    ok(await refresh(o.refresh, { 'sec-fetch-site': 'same-origin', origin: 'http://tractorlink.example', host: 'tractorlink.example' }));
  });

  it('the app’s own pages refresh: same-origin Fetch Metadata, a matching Origin, or a user-typed request', async () => {
    let cookie = (await registerOwner(t.app, t.sms)).refresh;
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://tractorlink.example', host: 'tractorlink.example' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    ];
    for (const headers of own) {
      const res = await refresh(cookie, headers);
      ok(res);
      cookie = refreshCookie(res)?.value ?? '';
    }
  });

  it('answers no CORS grant to a foreign Origin, for a preflight or a simple request', async () => {
    const o = await registerOwner(t.app, t.sms);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    const simple = await get(t.app, 'profile', { token: o.accessToken, headers: { origin: 'https://evil.example' } });
    const credentialed = await refresh(o.refresh, { origin: 'https://evil.example' });
    for (const res of [preflight, simple, credentialed]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    expect(preflight.statusCode).toBe(404);
  });
});
