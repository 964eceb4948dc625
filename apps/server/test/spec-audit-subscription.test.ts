import { describe, expect, it } from 'vitest';
import type { Scheme } from '@tractorlink/domain/subscription-api';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { DAY_MS } from '@tractorlink/domain/time';
import { ExpiryReminders } from '../src/modules/subscription/reminders';
import type { PushSender } from '../src/providers/push/push-sender';
import { get, login } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const noPush: PushSender = { send: async () => ({ kind: 'sent' as const }) };

/**
 * Spec §4 'Subscription: valid, expiring in N days, expired or free', held against the reminders the
 * owner receives: the moment the 7-day reminder goes, the pack reads 'expiring in 7 days' (the renewal
 * dialog and Renew show), not 'valid'.
 */
describe.each(dbTargets)('spec §4 audit: the 7-day reminder and the pack state agree on $name', (target) => {
  const t = useTestApp(target);

  it('a pack is expiring with 7 days left on the day its 7-day reminder arrives, valid the day before', async () => {
    // Ends at 12:00 IST on 1 Dec 2026, ten days after the test clock's start (21 Nov, 12:00 IST).
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START + 10 * DAY_MS, isNewTractor: false });
    const reminders = new ExpiryReminders({ db: t.database.db.kysely, clock: t.clock, sms: t.sms, push: noPush, log: t.app.log, days: [7, 1] });
    // Days pass between the reads: a fresh sign-in each time (access tokens live 15 minutes).
    const token = async () => (await login(t.app, owner, owner.pin)).json<{ access_token: string }>().access_token;
    const scheme = async () => {
      const res = await get(t.app, `subscription/Scheme/GetScheme?VIN=${tractor.vin}`, { token: await token() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ result: Scheme[] }>().result[0];
    };

    t.clock.advance(3 * DAY_MS - MINUTE); // 24 Nov, 11:59 IST: 7 days and a minute left
    expect(await reminders.runDue()).toBe(0);
    t.clock.advance(-12 * 60 * MINUTE); // 23:59 IST the day before: 8 calendar days left
    expect(await scheme()).toMatchObject({ state: 'valid', daysLeft: 8 });

    t.clock.advance(12 * 60 * MINUTE + MINUTE); // 24 Nov, 12:00 IST: exactly 7 days left
    expect(await reminders.runDue()).toBe(1);
    expect(t.sms.messages('9876543210').at(-1)?.text).toContain('7 days');
    expect(await scheme()).toMatchObject({ state: 'expiring', daysLeft: 7 });
    const list = await get(t.app, 'vehicles', { token: await token() });
    expect(list.json<{ data: VehicleEntry[] }>().data[0]).toMatchObject({ numberOfDays: 7, isExpired: false });
  });
});
