import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HourlyCappedSms, SmsCapReached } from '../src/providers/sms/hourly-cap';
import { LocalSmsProvider } from '../src/providers/sms/local-sms';
import { SmsSendError } from '../src/providers/sms/sms-provider';
import { dbTargets } from './support/db-targets';
import { silent, useTestApp } from './support/harness';
import { expectError, post } from './support/api';
import { HOUR, MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const CAP = 20;
/** TEST_START is 06:30 UTC: the clock hour ends in 30 minutes. */
const TO_HOUR_END = 30 * 60;
const errorCode = (r: LightMyRequestResponse) => r.json<{ error?: { code: string } }>().error?.code ?? String(r.statusCode);

describe.each(dbTargets)('global hourly SMS cap on $name', (target) => {
  const t = useTestApp(target, { TRUST_PROXY: 'true', SMS_HOURLY_CAP: String(CAP) });
  const hourCount = async () =>
    (
      await t.database.db.kysely
        .selectFrom('sms_hourly')
        .select('sent')
        .where('hour_start', '=', TEST_START - 30 * MINUTE)
        .executeTakeFirst()
    )?.sent;

  it('codes asked at once for 40 numbers from 40 addresses stop at nine tenths of the cap; the owner on own phone and alert SMS use the rest; the next hour opens again', async () => {
    const { owner, tractor } = await ownerWithTractor(t); // its registration code: 1 SMS
    expect((await post(t.app, 'receivers', { name: 'Brother', phone: '9988776655', channel: 'sms' }, { token: owner.accessToken })).statusCode).toBe(201);

    const send = (i: number) =>
      post(
        t.app,
        'otp/send',
        { mobileNo: `70000000${String(i).padStart(2, '0')}`, purpose: 'register' },
        { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } },
      );
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
    const open = CAP - CAP / 10;
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(open - 1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(new Set(refused.map(errorCode))).toEqual(new Set(['SMS_CAP_REACHED']));
    expectError(refused[0] as LightMyRequestResponse, 'SMS_CAP_REACHED', TO_HOUR_END);
    expect(t.sms.messages()).toHaveLength(open);
    expect(await hourCount()).toBe(open);

    // A reset code asked from the owner's own (bound) browser may use the last tenth.
    expect((await post(t.app, 'otp/send', { mobileNo: owner.mobileNo, purpose: 'reset', deviceID: owner.deviceID })).statusCode).toBe(200);
    // Alert SMS count too: one fits, the next waits for a retry.
    await t.app.services.alerts.service.raiseAlert(tractor.id, 'A0100', { time: t.clock.now() });
    await t.app.services.alerts.delivery.drain();
    expect(t.sms.messages('9988776655')).toHaveLength(1);
    expect(await hourCount()).toBe(CAP);
    await t.app.services.alerts.service.raiseAlert(tractor.id, 'A0101', { time: t.clock.now() });
    await t.app.services.alerts.delivery.drain();
    expect(t.sms.messages('9988776655')).toHaveLength(1);
    expect(await t.database.db.kysely.selectFrom('alert_outbox').select('kind').execute()).toEqual([{ kind: 'sms' }]);
    expect(t.sms.messages()).toHaveLength(CAP);

    t.clock.advance(TO_HOUR_END * 1000);
    expect((await send(39)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    await t.app.services.alerts.delivery.drain();
    expect(t.sms.messages('9988776655')).toHaveLength(2);
  });

  it('parallel sends through the cap on two instances never pass it; a failed send gives its slot back', async () => {
    const inbox = new LocalSmsProvider(t.clock, silent);
    const db = t.database.db.kysely;
    const log = t.app.log;
    const instances = [1, 2].map(() => new HourlyCappedSms(inbox, { db, clock: t.clock, log, cap: CAP }));
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => (instances[i % 2] as HourlyCappedSms).send('9876543210', `alert ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CAP);
    expect(results.every((r) => r.status === 'fulfilled' || r.reason instanceof SmsCapReached)).toBe(true);
    expect(inbox.messages()).toHaveLength(CAP);

    t.clock.advance(TO_HOUR_END * 1000);
    const failing = new HourlyCappedSms({ name: 'twilio', send: () => Promise.reject(new SmsSendError('down')) }, { db, clock: t.clock, log, cap: 1 });
    await expect(failing.send('9876543210', 'x')).rejects.toThrow('down');
    await expect(failing.send('9876543210', 'x')).rejects.toThrow('down'); // not SmsCapReached: the slot came back
    const working = new HourlyCappedSms(inbox, { db, clock: t.clock, log, cap: 1 });
    await working.send('9876543210', 'y');
    await expect(working.send('9876543210', 'z')).rejects.toBeInstanceOf(SmsCapReached);
  });
});
