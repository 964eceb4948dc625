import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, get, latestOtp, newDeviceId, post, refreshCookie, ticketFor, validRegistration } from './support/api';
import { HOUR } from './support/test-clock';

describe.each(dbTargets)('registration on $name', (target) => {
  const t = useTestApp(target);

  it('registers end to end: OTP from the inbox, ticket, profile, signed in', async () => {
    const mobileNo = '9123456780';
    const sent = await post(t.app, 'otp/send', { mobileNo, purpose: 'register' });
    expect(sent.json()).toEqual({ sent: true, expiresInSeconds: 600, resendAfterSeconds: 30, sendsLeft: 2 });
    // Read the code the way a browser test does: from the dev inbox route.
    const inbox = await get(t.app, `dev/sms-inbox?mobileNo=${mobileNo}`);
    const { messages } = inbox.json<{ messages: { to: string; text: string }[] }>();
    expect(messages).toHaveLength(1);
    const text = messages[0]?.text ?? '';
    expect(text).toMatch(/^\d{6} is your TractorLink code\. It expires in 10 minutes\. Do not share it\.$/);
    const otp = text.slice(0, 6);

    const verified = await post(t.app, 'otp/verify', { mobileNo, purpose: 'register', otp });
    expect(verified.statusCode).toBe(200);
    const { ticket, expiresInSeconds } = verified.json<{ ticket: string; expiresInSeconds: number }>();
    expect(expiresInSeconds).toBe(600);

    const res = await post(t.app, 'register', { ...validRegistration, email: 'ramesh@example.in', ticket, deviceID: newDeviceId() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TokenResponse>();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.user).toEqual({
      firstName: 'Ramesh',
      name: 'Ramesh Patil',
      mobileNoCC: '+91',
      mobileNo,
      email: 'ramesh@example.in',
      birthDate: '1980-01-01',
      imageURL: null,
      language: 'en',
    });
    expect(refreshCookie(res)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json()).not.toHaveProperty('refreshToken');

    const profile = await get(t.app, 'profile', { token: body.access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body.user);

    // The number now has an account.
    expectError(await post(t.app, 'otp/send', { mobileNo, purpose: 'register' }), 'MOBILE_ALREADY_REGISTERED');
  });

  it('spends a ticket once, only for its purpose and within 10 minutes', async () => {
    const reg = (ticket: string, deviceID = newDeviceId()) => post(t.app, 'register', { ...validRegistration, ticket, deviceID });

    const first = await ticketFor(t.app, t.sms, '9123456781', 'register');
    expect((await reg(first)).statusCode).toBe(200);
    expectError(await reg(first), 'OTP_TICKET_INVALID');

    t.clock.advance(HOUR); // past every cooldown
    const expired = await ticketFor(t.app, t.sms, '9123456782', 'register');
    t.clock.advance(10 * 60 * 1000);
    expectError(await reg(expired), 'OTP_TICKET_INVALID');

    expectError(await reg('not-a-ticket'), 'OTP_TICKET_INVALID');
  });

  it('refuses a ticket verified for another purpose', async () => {
    const mobileNo = '9123456783';
    await post(t.app, 'otp/send', { mobileNo, purpose: 'register' });
    const registered = await post(t.app, 'register', {
      ...validRegistration,
      ticket: (await post(t.app, 'otp/verify', { mobileNo, purpose: 'register', otp: latestOtp(t.sms, mobileNo) })).json<{ ticket: string }>().ticket,
      deviceID: newDeviceId(),
    });
    expect(registered.statusCode).toBe(200);
    t.clock.advance(HOUR);
    const resetTicket = await ticketFor(t.app, t.sms, mobileNo, 'reset');
    expectError(await post(t.app, 'register', { ...validRegistration, ticket: resetTicket, deviceID: newDeviceId() }), 'OTP_TICKET_INVALID');
  });

  it('answers AGE_UNDER_18 by the date in India, whatever the server zone', async () => {
    // The test clock stands at 21 Nov 2026, 12:00 IST.
    const adult = await ticketFor(t.app, t.sms, '9123456784', 'register');
    expect((await post(t.app, 'register', { ...validRegistration, birthDate: '2008-11-21', ticket: adult, deviceID: newDeviceId() })).statusCode).toBe(200);

    const minor = await ticketFor(t.app, t.sms, '9123456785', 'register');
    expectError(await post(t.app, 'register', { ...validRegistration, birthDate: '2008-11-22', ticket: minor, deviceID: newDeviceId() }), 'AGE_UNDER_18');

    // 22 Nov 2026, 01:30 in India is still 21 Nov in UTC: the Indian date decides.
    t.clock.advance(13 * HOUR);
    const nextDay = await ticketFor(t.app, t.sms, '9123456785', 'register');
    expect((await post(t.app, 'register', { ...validRegistration, birthDate: '2008-11-22', ticket: nextDay, deviceID: newDeviceId() })).statusCode).toBe(200);
  });
});
