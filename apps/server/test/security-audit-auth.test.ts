import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OTP_MAX_ATTEMPTS } from '@tractorlink/domain/auth';
import { expectError, latestOtp, login, newDeviceId, post, registerOwner, ticketFor } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE } from './support/test-clock';

/**
 * Adversarial pass over PINs and OTPs: what parallel floods, crossed numbers, replayed proofs and
 * probing for registered numbers get an attacker. Each case fails if its defence is removed.
 */

const codeOf = (res: LightMyRequestResponse) => res.json<{ error?: { code: string } }>().error?.code ?? 'OK';
const countBy = (codes: string[]) => codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});
/** Six digits that are not `code`. */
const wrongCodes = (code: string, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, '0'))
    .filter((c) => c !== code)
    .slice(0, n);

describe.each(dbTargets)('PIN and OTP under attack on $name', (target) => {
  const t = useTestApp(target);

  it(`a flood of wrong codes at once counts exactly ${OTP_MAX_ATTEMPTS} tries; the right code is then refused`, async () => {
    const o = await registerOwner(t.app, t.sms);
    expect((await post(t.app, 'otp/send', { mobileNo: o.mobileNo, purpose: 'reset' })).statusCode).toBe(200);
    const code = latestOtp(t.sms, o.mobileNo);
    const answers = await Promise.all(wrongCodes(code, 40).map((otp) => post(t.app, 'otp/verify', { mobileNo: o.mobileNo, purpose: 'reset', otp })));
    const codes = countBy(answers.map(codeOf));
    expect(Object.keys(codes).sort()).toEqual(['OTP_ATTEMPTS_EXCEEDED', 'OTP_INVALID']);
    const stored = await t.database.db.kysely.selectFrom('otp_challenges').select('attempts').where('mobile_no', '=', o.mobileNo).execute();
    expect(stored.map((s) => s.attempts)).toEqual([OTP_MAX_ATTEMPTS]);
    expectError(await post(t.app, 'otp/verify', { mobileNo: o.mobileNo, purpose: 'reset', otp: code }), 'OTP_ATTEMPTS_EXCEEDED');
  });

  it('a code or a ticket of one number does nothing for another', async () => {
    const mine = await registerOwner(t.app, t.sms, { mobileNo: '9811111111' });
    const victim = await registerOwner(t.app, t.sms, { mobileNo: '9822222222' });
    // Both numbers have a reset code pending; the attacker holds only the code sent to their own.
    for (const o of [mine, victim]) expect((await post(t.app, 'otp/send', { mobileNo: o.mobileNo, purpose: 'reset' })).statusCode).toBe(200);
    const myCode = latestOtp(t.sms, mine.mobileNo);
    if (myCode !== latestOtp(t.sms, victim.mobileNo)) {
      expectError(await post(t.app, 'otp/verify', { mobileNo: victim.mobileNo, purpose: 'reset', otp: myCode }), 'OTP_INVALID');
    }
    // A bind ticket for my number cannot bind my browser to the victim's account, even with their PIN.
    const bind = await ticketFor(t.app, t.sms, mine.mobileNo, 'bind');
    const stranger = { mobileNo: victim.mobileNo, deviceID: newDeviceId() };
    expectError(await login(t.app, stranger, victim.pin, { otpTicket: bind }), 'OTP_TICKET_INVALID');
    // A reset ticket for my number resets my PIN only (after the 15 minutes that allow 3 more codes).
    t.clock.advance(15 * MINUTE);
    const reset = await ticketFor(t.app, t.sms, mine.mobileNo, 'reset');
    expect((await post(t.app, 'createpin', { ticket: reset, pin: '4321', deviceID: mine.deviceID })).statusCode).toBe(200);
    expect((await login(t.app, victim, victim.pin)).statusCode).toBe(200);
    expect((await login(t.app, mine, '4321')).statusCode).toBe(200);
  });

  it('a verified ticket is spent once, even by requests racing with it', async () => {
    const o = await registerOwner(t.app, t.sms);
    const ticket = await ticketFor(t.app, t.sms, o.mobileNo, 'reset');
    const answers = await Promise.all(['4321', '5432', '6543'].map((pin) => post(t.app, 'createpin', { ticket, pin, deviceID: newDeviceId() })));
    expect(countBy(answers.map(codeOf))).toEqual({ OK: 1, OTP_TICKET_INVALID: 2 });
    expectError(await post(t.app, 'createpin', { ticket, pin: '7654', deviceID: o.deviceID }), 'OTP_TICKET_INVALID');
  });

  it('login does not tell a registered number from an unknown one, by answer or by time', async () => {
    const o = await registerOwner(t.app, t.sms);
    const unknown = { mobileNo: '9000000001', deviceID: o.deviceID };
    const wrong = await login(t.app, o, '0000');
    const none = await login(t.app, unknown, '0000');
    expect({ status: none.statusCode, body: none.json() }).toEqual({ status: wrong.statusCode, body: wrong.json() });
    expect(Object.keys(none.headers).sort()).toEqual(Object.keys(wrong.headers).sort());

    // Both do the same scrypt work: without the dummy hash an unknown number answers many times faster.
    const timed = async (who: { mobileNo: string; deviceID: string }) => {
      const start = process.hrtime.bigint();
      await login(t.app, who, '0000');
      return Number(process.hrtime.bigint() - start);
    };
    const known: number[] = [];
    const unknownTimes: number[] = [];
    // Three wrong PINs at a time (a right one in between clears the count) so no lock starts.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) {
        known.push(await timed(o));
        unknownTimes.push(await timed(unknown));
      }
      expect((await login(t.app, o, o.pin)).statusCode).toBe(200);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const ratio = median(known) / median(unknownTimes);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('guessing one PIN across many numbers from one address: past the per-address limit the guesses are refused unchecked', async () => {
    const app = await t.build({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
    const owners = [];
    for (let i = 0; i < 3; i++) owners.push(await registerOwner(app, t.sms, { mobileNo: `981000000${i}` }));
    const numbers = [...owners.map((o) => o.mobileNo), ...Array.from({ length: 9 }, (_, i) => `970000000${i}`)];
    const answers = await Promise.all(
      numbers.map((userName) =>
        app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: '203.0.113.50', payload: { userName, password: '1111', deviceID: newDeviceId() } }),
      ),
    );
    expect(countBy(answers.map(codeOf))).toEqual({ LOGIN_INVALID: 5, RATE_LIMITED: 7 });
    // Refused unchecked: no owner was charged a try beyond those checked.
    const failures = await t.database.db.kysely.selectFrom('users').select('pin_failures').execute();
    expect(failures.reduce((n, u) => n + u.pin_failures, 0)).toBeLessThanOrEqual(3);
    // Another address is not held up by it.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: '198.51.100.7',
      payload: { userName: numbers[0], password: '1111', deviceID: newDeviceId() },
    });
    expectError(elsewhere, 'LOGIN_INVALID');
  });
});
