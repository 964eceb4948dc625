import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, get, login, post, registerOwner, ticketFor } from './support/api';
import type { Owner } from './support/api';
import { MINUTE, SECOND } from './support/test-clock';

const RIGHT = '1234';
const WRONG = '9999';

describe.each(dbTargets)('PIN login throttling on $name', (target) => {
  const t = useTestApp(target);

  async function owner(): Promise<Owner> {
    return registerOwner(t.app, t.sms, { pin: RIGHT });
  }

  it('4 wrong PINs: no lock; a right PIN still works and clears the count', async () => {
    const o = await owner();
    for (let i = 0; i < 4; i++) expectError(await login(t.app, o, WRONG), 'LOGIN_INVALID');
    expect((await login(t.app, o, RIGHT)).statusCode).toBe(200);
    // The count restarted: 4 more wrong ones are still not a lock.
    for (let i = 0; i < 4; i++) expectError(await login(t.app, o, WRONG), 'LOGIN_INVALID');
    expect((await login(t.app, o, RIGHT)).statusCode).toBe(200);
  });

  it('locks 15 min after 5, doubling after each further wrong PIN, and blocks after 10', async () => {
    const o = await owner();
    for (let i = 0; i < 4; i++) expectError(await login(t.app, o, WRONG), 'LOGIN_INVALID');
    expectError(await login(t.app, o, WRONG), 'PIN_LOCKED', 900); // 5th

    // During the wait even the right PIN is refused, unchecked and uncounted.
    t.clock.advance(5 * MINUTE);
    expectError(await login(t.app, o, RIGHT), 'PIN_LOCKED', 600);
    expectError(await login(t.app, o, WRONG), 'PIN_LOCKED', 600);

    const doubling = [1800, 3600, 7200, 14400]; // 6th … 9th
    let waited = 900;
    for (const seconds of doubling) {
      t.clock.advance((waited - 5 * 60) * SECOND); // to the end of the current wait
      expectError(await login(t.app, o, WRONG), 'PIN_LOCKED', seconds);
      t.clock.advance(5 * MINUTE);
      waited = seconds;
    }
    t.clock.advance((waited - 5 * 60) * SECOND);
    expectError(await login(t.app, o, WRONG), 'PIN_BLOCKED'); // 10th
    expectError(await login(t.app, o, RIGHT), 'PIN_BLOCKED');
    t.clock.advance(30 * 24 * 60 * MINUTE);
    expectError(await login(t.app, o, RIGHT), 'PIN_BLOCKED');
  });

  it('a right PIN after the wait clears the count', async () => {
    const o = await owner();
    for (let i = 0; i < 5; i++) await login(t.app, o, WRONG);
    t.clock.advance(15 * MINUTE);
    expect((await login(t.app, o, RIGHT)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expectError(await login(t.app, o, WRONG), 'LOGIN_INVALID');
  });

  it('createpin through a reset OTP lifts the block, binds the browser and ends old sessions', async () => {
    const o = await owner();
    for (let i = 0; i < 10; i++) {
      await login(t.app, o, WRONG);
      t.clock.advance(5 * 60 * MINUTE);
    }
    expectError(await login(t.app, o, RIGHT), 'PIN_BLOCKED');

    const ticket = await ticketFor(t.app, t.sms, o.mobileNo, 'reset');
    const newDevice = { ...o, deviceID: '0f0e0d0c-0b0a-4909-8807-060504030201' };
    expect((await post(t.app, 'createpin', { ticket, pin: '5678', deviceID: newDevice.deviceID })).json()).toEqual({ ok: true });
    expectError(await post(t.app, 'createpin', { ticket, pin: '5678', deviceID: newDevice.deviceID }), 'OTP_TICKET_INVALID');

    // Old sessions are gone: the registration's refresh cookie and access token no longer work.
    expectError(await post(t.app, 'refreshtoken', undefined, { refresh: o.refresh }), 'SESSION_EXPIRED');
    expectError(await get(t.app, 'profile', { token: o.accessToken }), 'UNAUTHENTICATED');

    expectError(await login(t.app, o, RIGHT), 'LOGIN_INVALID');
    expect((await login(t.app, newDevice, '5678')).statusCode).toBe(200); // bound by createpin: no OTP
    expect((await login(t.app, o, '5678')).statusCode).toBe(200);
  });

  it('createpin needs a reset ticket for a registered number', async () => {
    const o = await owner();
    t.clock.advance(MINUTE);
    const bindTicket = await ticketFor(t.app, t.sms, o.mobileNo, 'bind');
    expectError(await post(t.app, 'createpin', { ticket: bindTicket, pin: '5678', deviceID: o.deviceID }), 'OTP_TICKET_INVALID');
    expect((await login(t.app, o, RIGHT)).statusCode).toBe(200); // PIN unchanged
  });

  it('an unknown number answers exactly like a wrong PIN', async () => {
    const o = await owner();
    const unknown = await login(t.app, { mobileNo: '9000000001', deviceID: o.deviceID }, RIGHT);
    const wrongPin = await login(t.app, o, WRONG);
    expect(unknown.statusCode).toBe(wrongPin.statusCode);
    expect(unknown.json()).toEqual(wrongPin.json());
    expectError(unknown, 'LOGIN_INVALID');
  });

  it('changepin: wrong old PINs count toward the lock; same PIN refused; success ends other sessions', async () => {
    const o = await owner();
    const change = (oldPin: string, newPin: string, token = o.accessToken) => post(t.app, 'changepin', { oldPin, newPin }, { token });

    expectError(await change(RIGHT, RIGHT), 'PIN_SAME_AS_OLD');
    for (let i = 0; i < 4; i++) expectError(await change(WRONG, '1111'), 'PIN_OLD_INVALID');
    expectError(await login(t.app, o, WRONG), 'PIN_LOCKED', 900); // 4 via changepin + 1 via login
    expectError(await change(RIGHT, '1111'), 'PIN_LOCKED', 900);

    t.clock.advance(15 * MINUTE);
    const other = await login(t.app, o, RIGHT); // a second session
    expect(other.statusCode).toBe(200);
    const fresh = (await login(t.app, o, RIGHT)).json<{ access_token: string }>().access_token;
    expect((await change(RIGHT, '1111', fresh)).json()).toEqual({ ok: true });

    expectError(await login(t.app, o, RIGHT), 'LOGIN_INVALID');
    expect((await login(t.app, o, '1111')).statusCode).toBe(200);
    expectError(await get(t.app, 'profile', { token: other.json<{ access_token: string }>().access_token }), 'UNAUTHENTICATED');
    expect((await get(t.app, 'profile', { token: fresh })).statusCode).toBe(200);
    expectError(await post(t.app, 'changepin', { oldPin: '1111', newPin: '2222' }), 'UNAUTHENTICATED');
  });
});
