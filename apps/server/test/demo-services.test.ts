import { describe, expect, it } from 'vitest';
import { istDate } from '@tractorlink/domain/time';
import { DEMO_FLEET } from '../src/sim/demo-fleet';
import { demoWorkshop, ensureDemoFleet } from '../src/sim/demo';
import { initialCarry } from '../src/sim/fleet';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { get, registerOwner } from './support/api';
import type { HomeResponse } from '@tractorlink/domain/auth';
import { subscriptionState } from '@tractorlink/domain/subscription';
import { type HistoryEntry } from '@tractorlink/domain/subscription-api';
import { TEST_START } from './support/test-clock';

const DAY = 24 * 3600_000;

describe.each(dbTargets)('the demo fleet has a service history ($name)', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it('each demo tractor starts with past services one interval apart, the last some way into its interval, all before its history', async () => {
    expect(await ensureDemoFleet(db(), t.app.services.registry, '9876543210', TEST_START, { book: t.app.services.serviceBook, days: 90 })).toBe(
      DEMO_FLEET.length,
    );
    const historyStart = istDate(TEST_START - 90 * DAY);
    for (const demo of DEMO_FLEET) {
      const tractor = await db().selectFrom('tractors').select(['id', 'last_service_engine_h']).where('imei', '=', demo.profile.imei).executeTakeFirstOrThrow();
      const records = await db().selectFrom('service_records').selectAll().where('tractor_id', '=', tractor.id).orderBy('engine_h').execute();
      expect(records.length).toBeGreaterThanOrEqual(2);
      const startH = initialCarry(demo.profile).engineMin / 60;
      const last = records.at(-1);
      expect(tractor.last_service_engine_h).toBe(last?.engine_h);
      // Not overdue when the history starts, and not just serviced either.
      expect(startH - tractor.last_service_engine_h).toBeGreaterThan(0.15 * demo.serviceIntervalH);
      expect(startH - tractor.last_service_engine_h).toBeLessThan(0.75 * demo.serviceIntervalH);
      for (let i = 1; i < records.length; i++) {
        expect((records[i]?.engine_h ?? 0) - (records[i - 1]?.engine_h ?? 0)).toBeCloseTo(demo.serviceIntervalH, 0);
        expect((records[i]?.done_on ?? '') > (records[i - 1]?.done_on ?? '')).toBe(true);
      }
      expect(records.every((r) => r.done_on < historyStart && r.recorded_by === 'operator' && r.note === null)).toBe(true);
    }
    // Once: a second start adds nothing.
    expect(await ensureDemoFleet(db(), t.app.services.registry, '9876543210', TEST_START, { book: t.app.services.serviceBook, days: 90 })).toBe(0);
  });

  it('the demo owner meets both renewal prompts at once: one pack ends in 3 days, one has ended, one was paid with an invoice', async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    await ensureDemoFleet(db(), t.app.services.registry, '9876543210', TEST_START, {
      book: t.app.services.serviceBook,
      days: 90,
      subscriptions: t.app.services.subscriptions.service,
    });
    const home = (await get(t.app, 'home', { token: owner.accessToken })).json<HomeResponse>();
    const states = home.tractors.map((tr) => subscriptionState(tr.expiresOn * 1000, tr.subscriptionPack, TEST_START));
    expect(states.map((s) => s.state)).toEqual(['valid', 'expiring', 'expired']);
    expect(states[1]?.daysLeft).toBe(3);
    const paid = (await get(t.app, `subscription/history?vin=${home.tractors[0]?.vin ?? ''}`, { token: owner.accessToken })).json<{ data: HistoryEntry[] }>()
      .data;
    expect(paid).toMatchObject([{ pack: 'year', amountPaidPaise: 199_900, invoice: 'ready' }]);
    expect(paid[0]?.validTill).toBe(Math.floor((TEST_START + 65 * DAY) / 1000));
    const invoice = await get(t.app, `subscription/invoices/${paid[0]?.orderId ?? ''}`, { token: owner.accessToken });
    expect(invoice.statusCode, invoice.body).toBe(200);
    for (const tractor of home.tractors.slice(1)) {
      expect((await get(t.app, `subscription/history?vin=${tractor.vin}`, { token: owner.accessToken })).json<{ data: HistoryEntry[] }>().data).toEqual([]);
    }
  });

  it('the workshop services a tractor at the end of the day its service falls due, not before', async () => {
    await ensureDemoFleet(db(), t.app.services.registry, '9876543210', TEST_START, { book: t.app.services.serviceBook, days: 90 });
    const demo = DEMO_FLEET[0];
    if (!demo) throw new Error('no demo tractor');
    const tractor = await db().selectFrom('tractors').select(['id', 'last_service_engine_h']).where('imei', '=', demo.profile.imei).executeTakeFirstOrThrow();
    const workshop = demoWorkshop(db(), t.app.services.serviceBook);
    const carry = (hours: number) => ({ ...initialCarry(demo.profile), engineMin: hours * 60 });
    await workshop(demo.profile.imei, '2026-10-01', carry(tractor.last_service_engine_h + demo.serviceIntervalH - 30));
    const count = async () => (await db().selectFrom('service_records').select('id').where('tractor_id', '=', tractor.id).execute()).length;
    const before = await count();
    await workshop(demo.profile.imei, '2026-10-02', carry(tractor.last_service_engine_h + demo.serviceIntervalH + 20));
    expect(await count()).toBe(before + 1);
    const now = await db().selectFrom('tractors').select('last_service_engine_h').where('id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(now.last_service_engine_h).toBeCloseTo(tractor.last_service_engine_h + demo.serviceIntervalH + 20, 1);
    const newest = await db()
      .selectFrom('service_records')
      .select('done_on')
      .where('tractor_id', '=', tractor.id)
      .orderBy('engine_h', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest.done_on).toBe('2026-10-02');
  });
});
