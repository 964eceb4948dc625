import { describe, expect, it } from 'vitest';
import { SmsSendError } from '../src/providers/sms/sms-provider';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { call, expectError, latestOtp, login, newDeviceId, post, registerOwner } from './support/api';
import { MINUTE, SECOND } from './support/test-clock';

const mobileNo = '9812345670';

describe.each(dbTargets)('OTP rules on $name', (target) => {
  const t = useTestApp(target);
  const send = (purpose = 'register', to = mobileNo) => post(t.app, 'otp/send', { mobileNo: to, purpose });
  const verify = (otp: string, purpose = 'register', to = mobileNo) => post(t.app, 'otp/verify', { mobileNo: to, purpose, otp });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a code works once', async () => {
    await send();
    const code = latestOtp(t.sms, mobileNo);
    expect((await verify(code)).statusCode).toBe(200);
    expectError(await verify(code), 'OTP_INVALID');
  });

  it('two requests racing with the right code: only one gets a ticket', async () => {
    await send();
    const code = latestOtp(t.sms, mobileNo);
    const results = await Promise.all([verify(code), verify(code), verify(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('a code expires after 10 minutes', async () => {
    await send();
    t.clock.advance(10 * MINUTE - SECOND);
    expect((await verify(latestOtp(t.sms, mobileNo))).statusCode).toBe(200);

    t.clock.advance(MINUTE);
    await send();
    t.clock.advance(10 * MINUTE);
    expectError(await verify(latestOtp(t.sms, mobileNo)), 'OTP_EXPIRED');
  });

  it('5 wrong tries burn the code: the right one then fails too', async () => {
    await send();
    const code = latestOtp(t.sms, mobileNo);
    for (let i = 1; i <= 4; i++) expectError(await verify(wrong(code)), 'OTP_INVALID');
    t.clock.advance(MINUTE);
    expect(expectError(await verify(wrong(code)), 'OTP_ATTEMPTS_EXCEEDED').error.retryAfterSeconds).toBeUndefined();
    expectError(await verify(code), 'OTP_ATTEMPTS_EXCEEDED');
  });

  it('a resend does not reset the wrong-try count; a burned code does not bar a new one', async () => {
    await send();
    const first = latestOtp(t.sms, mobileNo);
    for (let i = 0; i < 3; i++) expectError(await verify(wrong(first)), 'OTP_INVALID');

    t.clock.advance(30 * SECOND);
    expect((await send()).statusCode).toBe(200);
    const second = latestOtp(t.sms, mobileNo);
    expectError(await verify(wrong(second)), 'OTP_INVALID'); // 4th wrong try
    expectError(await verify(wrong(second)), 'OTP_ATTEMPTS_EXCEEDED'); // 5th: burned
    expectError(await verify(second), 'OTP_ATTEMPTS_EXCEEDED');

    // The wrong tries burned that code, not the number: the next send (30 s on) is a fresh code
    // with a clean count.
    t.clock.advance(30 * SECOND);
    expect((await send()).statusCode).toBe(200);
    const third = latestOtp(t.sms, mobileNo);
    for (let i = 0; i < 4; i++) expectError(await verify(wrong(third)), 'OTP_INVALID');
    expect((await verify(third)).statusCode).toBe(200);
  });

  it('a resend replaces the code', async () => {
    await send();
    const first = latestOtp(t.sms, mobileNo);
    t.clock.advance(30 * SECOND);
    await send();
    const second = latestOtp(t.sms, mobileNo);
    if (first !== second) expectError(await verify(first), 'OTP_INVALID');
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('30 s between sends', async () => {
    expect((await send()).statusCode).toBe(200);
    t.clock.advance(10 * SECOND);
    expectError(await send(), 'OTP_RESEND_COOLDOWN', 20);
    t.clock.advance(20 * SECOND - 1);
    expectError(await send(), 'OTP_RESEND_COOLDOWN', 1);
    t.clock.advance(1);
    expect((await send()).statusCode).toBe(200);
  });

  it('the 30 s wait is between a send and its resend, not between two different flows', async () => {
    await registerOwner(t.app, t.sms, { mobileNo }); // register OTP just sent
    expect((await send('reset')).statusCode).toBe(200); // forgot PIN at once: another flow
    t.clock.advance(5 * SECOND);
    expectError(await send('reset'), 'OTP_RESEND_COOLDOWN', 25);
  });

  it('at most 3 sends per 15 minutes per number, whatever the purpose', async () => {
    await registerOwner(t.app, t.sms, { mobileNo }); // send 1 (register)
    t.clock.advance(30 * SECOND);
    expect((await send('reset')).json()).toMatchObject({ sent: true, sendsLeft: 1 }); // send 2
    t.clock.advance(30 * SECOND);
    expect((await send('bind')).json()).toMatchObject({ sent: true, sendsLeft: 0 }); // send 3
    t.clock.advance(30 * SECOND);
    expectError(await send('reset'), 'OTP_SEND_LIMIT', 15 * 60 - 90);
    expect(t.sms.messages(mobileNo)).toHaveLength(3);

    t.clock.advance(15 * MINUTE - 90 * SECOND - SECOND);
    expectError(await send('reset'), 'OTP_SEND_LIMIT', 1);
    t.clock.advance(SECOND);
    expect((await send('reset')).statusCode).toBe(200);
    expect((await verify(latestOtp(t.sms, mobileNo), 'reset')).statusCode).toBe(200);
  });

  it('stores codes hashed, never in the clear', async () => {
    await send();
    const code = latestOtp(t.sms, mobileNo);
    const db = t.database.db.kysely;
    const challenges = await db.selectFrom('otp_challenges').selectAll().execute();
    expect(challenges).toHaveLength(1);
    const [row] = challenges;
    expect(row?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof row?.expires_at).toBe('number'); // BIGINT comes back as a number on PostgreSQL too
    expect(row?.expires_at).toBe(t.clock.now() + 10 * MINUTE);
    const everything = JSON.stringify([challenges, await db.selectFrom('otp_sends').selectAll().execute()]);
    expect(everything).not.toContain(code);
  });

  it('a code is only good for its own purpose', async () => {
    await registerOwner(t.app, t.sms, { mobileNo });
    t.clock.advance(MINUTE);
    await send('reset');
    expectError(await verify(latestOtp(t.sms, mobileNo), 'bind'), 'OTP_INVALID');
    expect((await verify(latestOtp(t.sms, mobileNo), 'reset')).statusCode).toBe(200);
  });

  it('sends only where the purpose makes sense', async () => {
    expectError(await send('reset'), 'MOBILE_NOT_REGISTERED');
    expectError(await send('bind'), 'MOBILE_NOT_REGISTERED');
    await registerOwner(t.app, t.sms, { mobileNo });
    t.clock.advance(MINUTE);
    expectError(await send('register'), 'MOBILE_ALREADY_REGISTERED');
    expectError(await verify('123456'), 'OTP_INVALID'); // nothing pending for register
  });

  it("sends the code in the owner's language: the account's, else the app's (issue 18)", async () => {
    const lastText = (to: string) => t.sms.messages(to).at(-1)?.text ?? '';
    // A number not yet registered: the language the app is in.
    expect((await post(t.app, 'otp/send', { mobileNo, purpose: 'register', language: 'hi' })).statusCode).toBe(200);
    expect(lastText(mobileNo)).toMatch(/^\d{6} आपका TractorLink OTP है। 10 मिनट तक मान्य। इसे किसी को न बताएं।$/);
    expect((await verify(latestOtp(t.sms, mobileNo))).statusCode).toBe(200);

    // A Hindi owner gets Hindi whatever the app's language: a PIN reset, and the code that binds a new phone.
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9812345671' });
    expect((await call(t.app, 'PUT', 'profile', { language: 'hi' }, { token: owner.accessToken })).statusCode).toBeLessThan(300);
    t.clock.advance(MINUTE);
    expect((await post(t.app, 'otp/send', { mobileNo: owner.mobileNo, purpose: 'reset', language: 'en' })).statusCode).toBe(200);
    expect(lastText(owner.mobileNo)).toMatch(/^\d{6} आपका TractorLink OTP है।/);
    t.clock.advance(MINUTE);
    expectError(await login(t.app, { mobileNo: owner.mobileNo, deviceID: newDeviceId() }, owner.pin), 'DEVICE_NOT_BOUND');
    expect(lastText(owner.mobileNo)).toMatch(/^\d{6} आपका TractorLink OTP है।/);
    expectError(await post(t.app, 'otp/send', { mobileNo, purpose: 'reset', language: 'fr' }), 'VALIDATION_FAILED');
  });

  it('an SMS gateway failure answers SMS_UNAVAILABLE and does not use up a send', async () => {
    const failing = { name: 'twilio' as const, send: () => Promise.reject(new SmsSendError('down')) };
    const app = await t.build({}, { sms: failing });
    for (let i = 0; i < 4; i++) {
      expectError(await post(app, 'otp/send', { mobileNo, purpose: 'register' }), 'SMS_UNAVAILABLE');
    }
    expect((await send()).json()).toMatchObject({ sent: true, sendsLeft: 2 });
  });
});
