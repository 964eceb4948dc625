import { createHash } from 'node:crypto';
import { DAY_MS, istDate, istMidnight } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { findUserByMobile } from '../modules/accounts/repo';
import type { HireModule } from '../modules/hire/module';
import { findTractorByImei } from '../modules/tractors/repo';
import { DEMO_FLEET } from './demo-fleet';
import type { FieldPlot } from './farm-day';

/**
 * Issue 17's demo: on the last days of its history the first demo tractor works three customers'
 * fields instead of its own, and at the end of each such day the demo owner accepts the day's
 * proposals for those customers and records what they paid (one in full, one in part, one not yet),
 * so jobs, bills and balances are there at first login. Ids are derived from the tractor and day,
 * so a restart adds nothing twice (the hire ledger's own idempotent creates).
 */
const VILLAGE = { lat: 20.1667, lon: 73.9833 };
const at = (dLat: number, dLon: number) => ({ lat: Math.round((VILLAGE.lat + dLat) * 1e6) / 1e6, lon: Math.round((VILLAGE.lon + dLon) * 1e6) / 1e6 });

interface DemoCustomer {
  id: string;
  name: string;
  village: string;
  language: 'en' | 'hi' | 'mr';
  phone: string;
  field: FieldPlot;
  job: { implement: 'rotavator' | 'cultivator' | 'plough'; rateKind: 'acre' | 'hour'; ratePaise: number };
  /** Share of the amount paid: all, part, none. */
  paid: number;
  method: 'cash' | 'upi';
}

/** A UUID derived from a seed (version 4 and variant bits set, as the API's check wants). */
export function seededUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    id: seededUuid('demo-customer-1'),
    name: 'Dnyaneshwar Kadam',
    village: 'Shirsgaon',
    language: 'mr',
    phone: '9822011223',
    field: { corner: at(0.0042, -0.0061), lengthM: 180, widthM: 81, headingDeg: 30 },
    job: { implement: 'rotavator', rateKind: 'acre', ratePaise: 120_000 },
    paid: 1,
    method: 'cash',
  },
  {
    id: seededUuid('demo-customer-2'),
    name: 'राजेंद्र पाटील',
    village: 'पिंपळगाव बसवंत',
    language: 'mr',
    phone: '9765043210',
    field: { corner: at(-0.0094, -0.0042), lengthM: 160, widthM: 72, headingDeg: 110 },
    job: { implement: 'cultivator', rateKind: 'acre', ratePaise: 90_000 },
    paid: 0.5,
    method: 'upi',
  },
  {
    id: seededUuid('demo-customer-3'),
    name: 'Sunita Gaikwad',
    village: 'Ozar',
    language: 'hi',
    phone: '9890076543',
    field: { corner: at(0.0121, 0.0034), lengthM: 200, widthM: 63, headingDeg: 60 },
    job: { implement: 'plough', rateKind: 'hour', ratePaise: 80_000 },
    paid: 0,
    method: 'cash',
  },
];

const HIRE_TRACTOR = DEMO_FLEET[0];

/**
 * Which customers' fields the hire tractor works on a day, given the day the demo started: two the
 * third day before, one the second day before (the day before is its own field again, so a fresh
 * proposal waits at first login, and today's work is proposed live).
 */
export function demoHirePlan(startedOn: string): (imei: string, day: string) => DemoCustomer[] | undefined {
  const dayBefore = (n: number) => istDate(istMidnight(startedOn) - n * DAY_MS + 3600_000);
  const plan = new Map<string, DemoCustomer[]>([
    [dayBefore(3), [DEMO_CUSTOMERS[0] as DemoCustomer, DEMO_CUSTOMERS[1] as DemoCustomer]],
    [dayBefore(2), [DEMO_CUSTOMERS[2] as DemoCustomer]],
  ]);
  return (imei, day) => (imei === HIRE_TRACTOR?.profile.imei ? plan.get(day) : undefined);
}

/** The fleet's hook: the planned customers' fields of a day. */
export const demoHireFields =
  (plan: ReturnType<typeof demoHirePlan>) =>
  (imei: string, day: string): FieldPlot[] | undefined =>
    plan(imei, day)?.map((c) => c.field);

/** At the end of a planned day: the demo owner's customers, the day's jobs accepted for them, their payments. */
export function demoHireDayDone(deps: { db: Kysely<Database>; hire: HireModule; demoMobile: string; plan: ReturnType<typeof demoHirePlan> }) {
  return async (imei: string, day: string): Promise<void> => {
    const customers = deps.plan(imei, day);
    if (!customers) return;
    const owner = await findUserByMobile(deps.db, deps.demoMobile);
    const tractor = await findTractorByImei(deps.db, imei);
    if (!owner || !tractor || tractor.owner_user_id !== owner.id) return;
    for (const c of DEMO_CUSTOMERS) {
      await deps.hire.ledger.createCustomer(owner.id, { id: c.id, name: c.name, phone: c.phone, village: c.village, language: c.language });
    }
    const dayStart = istMidnight(day);
    const work = await deps.hire.proposals.scanDay(owner.id, tractor, dayStart);
    const proposals = await deps.db
      .selectFrom('hire_proposals')
      .select(['id', 'start_ms', 'status'])
      .where('tractor_id', '=', tractor.id)
      .where('day_start', '=', dayStart)
      .orderBy('start_ms')
      .execute();
    // The day's places in order are the planned fields in order.
    for (const [index, customer] of customers.entries()) {
      const place = work.places[index];
      const proposal = proposals.find((p) => Number(p.start_ms) === place?.start);
      if (!place || !proposal) continue;
      const jobId = seededUuid(`demo-job:${imei}:${day}:${index}`);
      const { job } =
        proposal.status === 'open' || proposal.status === 'accepted'
          ? await deps.hire.proposals.accept(owner.id, proposal.id, { jobId, customerId: customer.id, ...customer.job })
          : { job: undefined };
      const paymentId = seededUuid(`demo-payment:${jobId}`);
      if (!job || customer.paid <= 0) continue;
      // Recorded once: after a restart the job may measure a little differently, and that is no new payment.
      if (await deps.db.selectFrom('hire_payments').select('id').where('id', '=', paymentId).executeTakeFirst()) continue;
      await deps.hire.ledger.createPayment(owner.id, {
        id: paymentId,
        customerId: customer.id,
        jobId,
        amountPaise: Math.max(100, Math.round((job.amountPaise * customer.paid) / 100) * 100),
        method: customer.method,
        paidOn: day,
      });
    }
  };
}
