import { describe, expect, it } from 'vitest';
import type { Customer, CustomerLedger, PublicBill } from '@tractorlink/domain/hire-api';
import type { Reading } from '@tractorlink/domain/telemetry';
import { SQUARE_METERS_PER_ACRE } from '@tractorlink/domain/geo';
import { ensureDemoFleet } from '../src/sim/demo';
import { DEMO_FLEET } from '../src/sim/demo-fleet';
import { HISTORY_CADENCE, simulateDay } from '../src/sim/farm-day';
import { initialCarry } from '../src/sim/fleet';
import { DEMO_CUSTOMERS, demoHireDayDone, demoHireFields, demoHirePlan } from '../src/sim/hire-demo';
import { ingest } from './support/alerts';
import { registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { hireCall } from './support/hire';
import { TEST_START } from './support/test-clock';

/**
 * Issue 17 item 4: the demo's first tractor works three customers' fields on the last days, and the
 * demo owner finds their jobs, bills and balances (one paid, one in part, one not) at first login.
 */
describe.each(dbTargets)('the demo’s hire work ($name)', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it('plans customers’ fields on the third and second day before the start, for the first tractor only', () => {
    const plan = demoHirePlan('2026-11-21');
    const first = DEMO_FLEET[0]?.profile.imei as string;
    expect(plan(first, '2026-11-18')?.map((c) => c.id)).toEqual([DEMO_CUSTOMERS[0]?.id, DEMO_CUSTOMERS[1]?.id]);
    expect(plan(first, '2026-11-19')?.map((c) => c.id)).toEqual([DEMO_CUSTOMERS[2]?.id]);
    for (const day of ['2026-11-17', '2026-11-20', '2026-11-21']) expect(plan(first, day)).toBeUndefined();
    expect(plan(DEMO_FLEET[1]?.profile.imei as string, '2026-11-18')).toBeUndefined();
    expect(demoHireFields(plan)(first, '2026-11-19')).toEqual([DEMO_CUSTOMERS[2]?.field]);
  });

  it('at first login: three customers, their jobs measured from the track, one paid, one in part, one owing', { timeout: 120_000 }, async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    await ensureDemoFleet(db(), t.app.services.registry, '9876543210', TEST_START);
    const demo = DEMO_FLEET[0];
    if (!demo) throw new Error('no demo tractor');
    const tractor = await db().selectFrom('tractors').selectAll().where('imei', '=', demo.profile.imei).executeTakeFirstOrThrow();
    const plan = demoHirePlan('2026-11-21');
    const done = demoHireDayDone({ db: db(), hire: t.app.services.hire, demoMobile: '9876543210', plan });
    let carry = initialCarry(demo.profile);
    const truthM2: number[] = [];
    for (const day of ['2026-11-18', '2026-11-19']) {
      const fields = demoHireFields(plan)(demo.profile.imei, day);
      const simulated = simulateDay(demo.profile, carry, day, { cadence: HISTORY_CADENCE, ...(fields ? { fields } : {}) });
      carry = simulated.carry;
      truthM2.push(...(simulated.fields ?? []).map((f) => f.workM2));
      const readings: Reading[] = simulated.samples.map((s) => ({
        time: s.time,
        lat: s.lat,
        lon: s.lon,
        speedKmh: s.speedKmh,
        ignition: s.ignition,
        pto: s.pto,
      }));
      await ingest(t.app, tractor, readings);
      await done(demo.profile.imei, day);
      // A restart runs the day's end again: nothing is added twice.
      await done(demo.profile.imei, day);
    }

    const customers = (await hireCall(t.app, 'GET', 'hire/customers', owner.accessToken)).json<{ data: Customer[] }>().data;
    expect(customers).toHaveLength(3);
    const byId = new Map(customers.map((c) => [c.id, c]));
    const [paid, part, owing] = DEMO_CUSTOMERS.map((c) => byId.get(c.id) as Customer);
    expect([paid?.jobCount, part?.jobCount, owing?.jobCount]).toEqual([1, 1, 1]);
    expect(paid?.balancePaise).toBe(paid ? paid.amountPaise - paid.paidPaise : -1);
    expect(Math.abs(paid?.balancePaise ?? -1)).toBeLessThan(100);
    expect(part?.paidPaise).toBeGreaterThan(0);
    expect(part?.balancePaise).toBeGreaterThan(0);
    expect(owing?.paidPaise).toBe(0);
    expect(owing?.balancePaise).toBe(owing?.amountPaise);
    for (const c of [paid, part, owing]) expect(c?.amountPaise).toBeGreaterThan(0);

    // Each job is its field's work (the demo's history is sampled every 30 s: within 5 %).
    for (const [i, c] of DEMO_CUSTOMERS.entries()) {
      const ledger = (await hireCall(t.app, 'GET', `hire/customers/${c.id}`, owner.accessToken)).json<CustomerLedger>();
      const job = ledger.jobs[0];
      expect(job?.running).toBe(false);
      const truth = (truthM2[i] ?? 0) / SQUARE_METERS_PER_ACRE;
      expect(Math.abs((job?.coveredAcres ?? 0) - truth) / truth, `${c.name}: ${job?.coveredAcres} of ${truth.toFixed(2)} acres`).toBeLessThan(0.05);
      expect(job).toMatchObject({ implement: c.job.implement, rateKind: c.job.rateKind, ratePaise: c.job.ratePaise, origin: 'proposal' });
    }

    // A bill for the customer who owes, in her language.
    const link = (await hireCall(t.app, 'POST', 'hire/bill-links', owner.accessToken, { customerId: owing?.id })).json<{ token: string }>();
    const bill = (await hireCall(t.app, 'GET', `public/bills/${link.token}`, undefined)).json<PublicBill>();
    expect(bill).toMatchObject({ language: 'hi', customer: { name: 'Sunita Gaikwad', village: 'Ozar' }, balancePaise: owing?.amountPaise });
  });
});
