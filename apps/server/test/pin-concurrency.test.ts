import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PinHash from '../src/crypto/pin-hash';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, newDeviceId, post, registerOwner } from './support/api';
import { MINUTE } from './support/test-clock';

/**
 * Every real PIN check is counted, and can be held at a gate so that all parallel requests are in
 * flight at once, whatever the scheduling: the worst case of a race, made certain.
 */
const checks = vi.hoisted(() => ({ calls: 0, gate: Promise.resolve() }));
vi.mock('../src/crypto/pin-hash', async (importOriginal) => {
  const real = await importOriginal<typeof PinHash>();
  return {
    ...real,
    verifyPin: async (pin: string, stored: string) => {
      checks.calls++;
      await checks.gate;
      return real.verifyPin(pin, stored);
    },
  };
});

/** Holds every PIN check from now until the returned function (or the test's end) lets them go. */
function holdChecks(): () => void {
  let open = () => {};
  checks.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    open();
    checks.gate = Promise.resolve();
  };
}
let release = () => {};
afterEach(() => release());

const waitForChecks = (n: number) => vi.waitFor(() => expect(checks.calls).toBe(n), { timeout: 20_000, interval: 5 });

const RIGHT = '1234';
const WRONG = '9999';
const address = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe.each(dbTargets)('PIN limit under parallel logins on $name', (target) => {
  // Behind a proxy: every request comes from its own address. The per-IP auth limit is far above
  // these numbers (harness), so it is not what holds the line here.
  const t = useTestApp(target, { TRUST_PROXY: 'true' });

  const loginFrom = (i: number, mobileNo: string, pin: string, deviceID: string = newDeviceId()) =>
    post(t.app, 'login', { userName: mobileNo, password: pin, deviceID }, { headers: { 'x-forwarded-for': address(i) } });

  /** Starts `count` logins at once and counts them as they answer. */
  function storm(from: number, count: number, mobileNo: string, pin: string) {
    let answered = 0;
    const all = Array.from({ length: count }, (_, i) => loginFrom(from + i, mobileNo, pin).finally(() => answered++));
    return { all: Promise.all(all), answered: () => answered };
  }

  async function freshOwner() {
    const o = await registerOwner(t.app, t.sms, { pin: RIGHT });
    checks.calls = 0;
    return o;
  }

  const codes = (answers: LightMyRequestResponse[]) => answers.map((r) => r.json<{ error?: { code: string } }>().error?.code ?? String(r.statusCode));

  it('50 wrong PINs at once from 50 addresses: 5 are checked and the rest refused; the right PIN sent then is refused unchecked', async () => {
    const o = await freshOwner();
    release = holdChecks();
    const wrong = storm(0, 50, o.mobileNo, WRONG);
    // Every request has either been refused or is waiting in its PIN check.
    await vi.waitFor(() => expect(wrong.answered() + checks.calls).toBe(50), { timeout: 20_000, interval: 5 });
    const inCheck = checks.calls;
    const right = loginFrom(50, o.mobileNo, RIGHT, o.deviceID);
    let rightDone = false;
    void right.finally(() => (rightDone = true));
    await vi.waitFor(() => expect(rightDone || checks.calls > inCheck).toBe(true), { timeout: 20_000, interval: 5 });
    release();

    expectError(await right, 'PIN_LOCKED', 15 * 60);
    const answers = codes(await wrong.all);
    expect(checks.calls).toBe(5);
    expect(answers.filter((c) => c === 'LOGIN_INVALID')).toHaveLength(4);
    expect(answers.filter((c) => c === 'PIN_LOCKED')).toHaveLength(46);
  });

  it('storm after storm, each after the lock ends: 10 PINs checked in all, then blocked even for the right PIN', async () => {
    const o = await freshOwner();
    let from = 0;
    const round = async (count: number, pin = WRONG) => {
      const s = storm(from, count, o.mobileNo, pin);
      from += count;
      return codes(await s.all);
    };

    expect((await round(50)).filter((c) => c !== 'PIN_LOCKED')).toEqual(['LOGIN_INVALID', 'LOGIN_INVALID', 'LOGIN_INVALID', 'LOGIN_INVALID']);
    expect(checks.calls).toBe(5);
    // Each lock (15, 30, 60, 120, 240 minutes) lets exactly one more try through.
    for (const minutes of [15, 30, 60, 120, 240]) {
      t.clock.advance(minutes * MINUTE);
      await round(30);
    }
    expect(checks.calls).toBe(10);
    const blocked = await round(20, RIGHT);
    expect(new Set(blocked)).toEqual(new Set(['PIN_BLOCKED']));
    expect(checks.calls).toBe(10);

    const row = await t.database.db.kysely.selectFrom('users').select('pin_failures').where('mobile_no', '=', o.mobileNo).executeTakeFirstOrThrow();
    expect(row.pin_failures).toBe(10);
  });

  it('the right PIN among parallel wrong ones forgives the tries before it; those after it still count', async () => {
    const o = await freshOwner();
    // Two wrong PINs are reserved, then the right one, then one more wrong one.
    release = holdChecks();
    const before = storm(0, 2, o.mobileNo, WRONG);
    await waitForChecks(2);
    const right = loginFrom(2, o.mobileNo, RIGHT, o.deviceID);
    await waitForChecks(3);
    const after = storm(3, 1, o.mobileNo, WRONG);
    await waitForChecks(4);
    release();
    expect((await right).statusCode).toBe(200);
    expect(codes([...(await before.all), ...(await after.all)])).toEqual(Array(3).fill('LOGIN_INVALID'));
    // One wrong PIN counted (the one after the right PIN): three more are free, the fourth locks.
    for (let i = 0; i < 3; i++) expectError(await loginFrom(10, o.mobileNo, WRONG), 'LOGIN_INVALID');
    expectError(await loginFrom(10, o.mobileNo, WRONG), 'PIN_LOCKED', 15 * 60);
  });
});
