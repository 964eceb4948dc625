import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, latestOtp, login, newDeviceId, post, registerOwner, ticketFor } from './support/api';
import { MINUTE, SECOND } from './support/test-clock';

describe.each(dbTargets)('device binding on $name', (target) => {
  const t = useTestApp(target);

  it('a new browser gets DEVICE_NOT_BOUND and an OTP; the login with the ticket binds it for good', async () => {
    const o = await registerOwner(t.app, t.sms);
    const phone = { mobileNo: o.mobileNo, deviceID: newDeviceId() };
    const before = t.sms.messages(o.mobileNo).length;

    t.clock.advance(MINUTE);
    expectError(await login(t.app, phone, '1234'), 'DEVICE_NOT_BOUND');
    expect(t.sms.messages(o.mobileNo)).toHaveLength(before + 1);

    const verified = await post(t.app, 'otp/verify', { mobileNo: o.mobileNo, purpose: 'bind', otp: latestOtp(t.sms, o.mobileNo) });
    const { ticket } = verified.json<{ ticket: string }>();
    const bound = await login(t.app, phone, '1234', { otpTicket: ticket });
    expect(bound.statusCode, bound.body).toBe(200);

    // Same browser, later: no OTP any more.
    expect((await login(t.app, phone, '1234')).statusCode).toBe(200);
    expect(t.sms.messages(o.mobileNo)).toHaveLength(before + 1);
    // The ticket was spent.
    const third = { mobileNo: o.mobileNo, deviceID: newDeviceId() };
    expectError(await login(t.app, third, '1234', { otpTicket: ticket }), 'OTP_TICKET_INVALID');
  });

  it('a wrong PIN from a new browser sends nothing and counts as a wrong PIN', async () => {
    const o = await registerOwner(t.app, t.sms);
    const phone = { mobileNo: o.mobileNo, deviceID: newDeviceId() };
    const before = t.sms.messages(o.mobileNo).length;
    t.clock.advance(MINUTE);
    for (let i = 0; i < 4; i++) expectError(await login(t.app, phone, '9999'), 'LOGIN_INVALID');
    expectError(await login(t.app, phone, '9999'), 'PIN_LOCKED', 900);
    expect(t.sms.messages(o.mobileNo)).toHaveLength(before);
  });

  it('the bind OTP follows the send limits: a second try within 30 s answers the cooldown', async () => {
    const o = await registerOwner(t.app, t.sms);
    const phone = { mobileNo: o.mobileNo, deviceID: newDeviceId() };
    t.clock.advance(MINUTE);
    expectError(await login(t.app, phone, '1234'), 'DEVICE_NOT_BOUND');
    t.clock.advance(10 * SECOND);
    expectError(await login(t.app, phone, '1234'), 'OTP_RESEND_COOLDOWN', 20);
    t.clock.advance(20 * SECOND);
    expectError(await login(t.app, phone, '1234'), 'DEVICE_NOT_BOUND');
    t.clock.advance(30 * SECOND);
    expectError(await login(t.app, phone, '1234'), 'OTP_SEND_LIMIT');
  });

  it('a bind ticket is only good for its own number and purpose', async () => {
    const a = await registerOwner(t.app, t.sms, { mobileNo: '9811111111' });
    const b = await registerOwner(t.app, t.sms, { mobileNo: '9822222222' });
    t.clock.advance(MINUTE);
    const ticketOfB = await ticketFor(t.app, t.sms, b.mobileNo, 'bind');
    const phone = { mobileNo: a.mobileNo, deviceID: newDeviceId() };
    expectError(await login(t.app, phone, '1234', { otpTicket: ticketOfB }), 'OTP_TICKET_INVALID');
    const resetOfA = await ticketFor(t.app, t.sms, a.mobileNo, 'reset');
    expectError(await login(t.app, phone, '1234', { otpTicket: resetOfA }), 'OTP_TICKET_INVALID');
  });

  it('stores device ids hashed', async () => {
    const o = await registerOwner(t.app, t.sms);
    const rows = await t.database.db.kysely.selectFrom('user_devices').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(o.deviceID);
    expect(rows[0]?.device_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
