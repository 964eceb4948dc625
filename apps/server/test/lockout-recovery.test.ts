import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, latestOtp, newDeviceId, post, registerOwner } from './support/api';
import type { Owner } from './support/api';
import { HOUR, MINUTE, SECOND } from './support/test-clock';

const OWNER_ADDRESS = '198.51.100.7';
const stranger = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const errorCode = (r: LightMyRequestResponse) => r.json<{ error?: { code: string } }>().error?.code ?? String(r.statusCode);

/**
 * Issue 11, finding 3: strangers must not be able to keep an owner out. The owner holding the phone
 * can always reset the PIN with a fresh code, whatever PINs, sends and wrong codes others spent.
 */
describe.each(dbTargets)('an owner under attack gets back in on $name', (target) => {
  // Behind a proxy, every stranger with an address of their own; the per-IP auth limit is far above
  // these numbers (harness), so it is not what saves the owner here.
  const t = useTestApp(target, { TRUST_PROXY: 'true' });
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

  const call = (address: string, url: string, body: Record<string, unknown>) => post(t.app, url, body, from(address));
  const sendReset = (address: string, mobileNo: string, deviceID?: string) =>
    call(address, 'otp/send', { mobileNo, purpose: 'reset', ...(deviceID ? { deviceID } : {}) });
  const verifyReset = (address: string, mobileNo: string, otp: string, deviceID?: string) =>
    call(address, 'otp/verify', { mobileNo, purpose: 'reset', otp, ...(deviceID ? { deviceID } : {}) });
  const login = (address: string, o: Pick<Owner, 'mobileNo' | 'deviceID'>, pin: string) =>
    call(address, 'login', { userName: o.mobileNo, password: pin, deviceID: o.deviceID });

  async function owner(): Promise<Owner> {
    const o = await registerOwner(t.app, t.sms, { pin: '1234' });
    t.clock.advance(MINUTE);
    return o;
  }

  /** Waves of 50 parallel wrong PINs from 50 addresses, each after the last lock ends, until PIN sign-in is blocked. */
  async function blockPin(o: Owner): Promise<void> {
    let next = 0;
    for (let wave = 0; wave < 8; wave++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => login(stranger(next++), { mobileNo: o.mobileNo, deviceID: newDeviceId() }, '9999')));
      if (answers.some((r) => errorCode(r) === 'PIN_BLOCKED')) return;
      t.clock.advance(4 * HOUR); // past the longest lock
    }
    throw new Error('PIN never blocked');
  }

  /** The owner, holding the phone: Forgot PIN with a fresh code, a new PIN, then a login with it. */
  async function ownerResets(o: Owner, address: string, deviceID?: string): Promise<void> {
    const sent = await sendReset(address, o.mobileNo, deviceID);
    expect(sent.statusCode, sent.body).toBe(200);
    const verified = await verifyReset(address, o.mobileNo, latestOtp(t.sms, o.mobileNo), deviceID);
    expect(verified.statusCode, verified.body).toBe(200);
    const browser = deviceID ?? newDeviceId();
    const created = await call(address, 'createpin', { ticket: verified.json<{ ticket: string }>().ticket, pin: '5678', deviceID: browser });
    expect(created.json()).toEqual({ ok: true });
    const signedIn = await login(address, { mobileNo: o.mobileNo, deviceID: browser }, '5678');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  }

  it("the issue's sequence (PIN blocked, two reset codes sent and five wrong ones tried by a stranger): the owner resets from another address and logs in", async () => {
    const o = await owner();
    await blockPin(o);
    expectError(await login(OWNER_ADDRESS, o, '1234'), 'PIN_BLOCKED');

    const attacker = stranger(900);
    expect((await sendReset(attacker, o.mobileNo)).statusCode).toBe(200);
    t.clock.advance(30 * SECOND);
    expect((await sendReset(attacker, o.mobileNo)).statusCode).toBe(200);
    const code = latestOtp(t.sms, o.mobileNo);
    for (let i = 0; i < 4; i++) expectError(await verifyReset(attacker, o.mobileNo, wrongCode(code)), 'OTP_INVALID');
    expectError(await verifyReset(attacker, o.mobileNo, wrongCode(code)), 'OTP_ATTEMPTS_EXCEEDED');

    // A new phone, no deviceID sent: only the address tells the owner from the stranger.
    await ownerResets(o, OWNER_ADDRESS);
  });

  it('strangers at many addresses use up every shared send cap and burn every code they get: the owner on own phone still resets, every 15 minutes', async () => {
    const o = await owner();
    await blockPin(o);
    let next = 0;
    for (let round = 0; round < 3; round++) {
      t.clock.advance(15 * MINUTE);
      // Strangers ask for codes from 30 addresses at once, then try 5 wrong codes on each they got.
      const sends = await Promise.all(Array.from({ length: 30 }, (_, i) => sendReset(stranger(next + i), o.mobileNo)));
      const sentFrom = sends.flatMap((r, i) => (r.statusCode === 200 ? [stranger(next + i)] : []));
      next += 30;
      // The number's hourly cap for strangers (10) stops them, whatever their addresses.
      expect(sentFrom).toHaveLength(round === 0 ? 10 : 0);
      if (round > 0) expectError(sends[0] as LightMyRequestResponse, 'OTP_SEND_LIMIT', (60 - 15 * round) * 60);
      expect(new Set(sends.filter((r) => r.statusCode !== 200).map(errorCode))).toEqual(new Set(['OTP_SEND_LIMIT']));
      for (const address of sentFrom) {
        for (let i = 0; i < 5; i++) await verifyReset(address, o.mobileNo, String(100_000 + i));
      }
      // A new phone at a new address is refused like any stranger while the number's cap is spent…
      expectError(await sendReset(stranger(next++), o.mobileNo), 'OTP_SEND_LIMIT');
      // …but the owner's own phone (a browser bound to the account) is not.
      await ownerResets(o, OWNER_ADDRESS, o.deviceID);
    }
  });

  it("the number's cap holds across two server instances on one database", async () => {
    const o = await owner();
    t.clock.advance(HOUR); // past the hour of the registration's code, which counted too
    const other = await t.build();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(i % 2 ? other : t.app, 'otp/send', { mobileNo: o.mobileNo, purpose: 'reset' }, from(stranger(i)))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map(errorCode))).toEqual(new Set(['OTP_SEND_LIMIT']));
  });

  it("a stranger's send and wrong codes neither replace nor burn the code the owner asked for", async () => {
    const o = await owner();
    expect((await sendReset(OWNER_ADDRESS, o.mobileNo)).statusCode).toBe(200);
    const ownerCode = latestOtp(t.sms, o.mobileNo);

    const attacker = stranger(1);
    expect((await sendReset(attacker, o.mobileNo)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await verifyReset(attacker, o.mobileNo, wrongCode(ownerCode));
    expectError(await verifyReset(attacker, o.mobileNo, ownerCode), 'OTP_ATTEMPTS_EXCEEDED'); // the stranger's own code is burned

    expect((await verifyReset(OWNER_ADDRESS, o.mobileNo, ownerCode)).statusCode).toBe(200);
  });

  it("strangers behind the owner's own address (carrier NAT) can neither replace nor burn the code the owner's browser asked for", async () => {
    const o = await owner();
    expect((await sendReset(OWNER_ADDRESS, o.mobileNo, o.deviceID)).statusCode).toBe(200);
    const ownerCode = latestOtp(t.sms, o.mobileNo);

    expect((await sendReset(OWNER_ADDRESS, o.mobileNo)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await verifyReset(OWNER_ADDRESS, o.mobileNo, wrongCode(ownerCode));
    expectError(await verifyReset(OWNER_ADDRESS, o.mobileNo, ownerCode), 'OTP_ATTEMPTS_EXCEEDED'); // the stranger's own code
    expectError(await verifyReset(OWNER_ADDRESS, o.mobileNo, ownerCode, newDeviceId()), 'OTP_INVALID');

    expect((await verifyReset(OWNER_ADDRESS, o.mobileNo, ownerCode, o.deviceID)).statusCode).toBe(200);
  });

  it('the browser that asked may verify from another address (a phone moving from Wi-Fi to mobile data); nobody else can', async () => {
    const o = await owner();
    const browser = newDeviceId();
    expect((await sendReset(OWNER_ADDRESS, o.mobileNo, browser)).statusCode).toBe(200);
    const code = latestOtp(t.sms, o.mobileNo);
    expectError(await verifyReset(stranger(5), o.mobileNo, code), 'OTP_INVALID');
    expectError(await verifyReset(stranger(5), o.mobileNo, code, newDeviceId()), 'OTP_INVALID');
    expect((await verifyReset(stranger(6), o.mobileNo, code, browser)).statusCode).toBe(200);
  });

  it('each requester has its own 3 codes per 15 minutes and 30 s cooldown, held under parallel sends', async () => {
    const o = await owner();
    const burst = (address: string, deviceID?: string) =>
      Promise.all(
        ['reset', 'bind'].flatMap((purpose) =>
          Array.from({ length: 10 }, () => call(address, 'otp/send', { mobileNo: o.mobileNo, purpose, ...(deviceID ? { deviceID } : {}) })),
        ),
      );
    // One per purpose passes the cooldown.
    const first = await burst(stranger(1));
    expect(first.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(new Set(first.filter((r) => r.statusCode !== 200).map(errorCode))).toEqual(new Set(['OTP_RESEND_COOLDOWN']));
    t.clock.advance(30 * SECOND);
    // The third of 15 minutes, then the limit.
    const second = await burst(stranger(1));
    expect(second.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(second.filter((r) => errorCode(r) === 'OTP_SEND_LIMIT').length).toBeGreaterThan(0);
    // Another address, and the owner's bound browser at the same address, each have their own.
    expect((await burst(stranger(2))).filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect((await burst(stranger(1), o.deviceID)).filter((r) => r.statusCode === 200)).toHaveLength(2);
  });
});

describe.each(dbTargets)('codes asked per address on $name', (target) => {
  const t = useTestApp(target, { TRUST_PROXY: 'true', OTP_ADDRESS_SENDS_PER_HOUR: '5' });

  it('one address gets at most OTP_ADDRESS_SENDS_PER_HOUR codes an hour for all numbers together, under parallel sends', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => `70000000${String(i).padStart(2, '0')}`);
    const send = (mobileNo: string, address: string) => post(t.app, 'otp/send', { mobileNo, purpose: 'register' }, { headers: { 'x-forwarded-for': address } });
    const answers = await Promise.all(numbers.map((n) => send(n, '192.0.2.1')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(new Set(refused.map(errorCode))).toEqual(new Set(['OTP_ADDRESS_LIMIT']));
    expectError(refused[0] as LightMyRequestResponse, 'OTP_ADDRESS_LIMIT', 3600);
    expect(t.sms.messages()).toHaveLength(5);

    expect((await send('7100000000', '192.0.2.2')).statusCode).toBe(200); // another address
    t.clock.advance(HOUR);
    expect((await send('7100000001', '192.0.2.1')).statusCode).toBe(200);
  });

  it('the addresses of one IPv6 /64 count as one address (a phone is given a whole /64)', async () => {
    const send = (i: number, address: string) =>
      post(t.app, 'otp/send', { mobileNo: `70000000${String(i).padStart(2, '0')}`, purpose: 'register' }, { headers: { 'x-forwarded-for': address } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, `2001:db8:1:2::${(i + 1).toString(16)}`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map(errorCode))).toEqual(new Set(['OTP_ADDRESS_LIMIT']));
    expect((await send(10, '2001:db8:1:3::1')).statusCode).toBe(200); // the next /64
  });
});
