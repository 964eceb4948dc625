import { describe, expect, it } from 'vitest';
import type { CreateCustomerRequest, CreateJobRequest, CreatePaymentRequest, Customer, CustomerLedger } from '@tractorlink/domain/hire-api';
import type { OutboxEntry } from '../../../lib/outbox/types';
import { runningJob } from '../../../test/hire-job';
import { HIRE_WRITE, customerTarget, jobTarget, overlayCustomers, overlayJob, overlayJobs, overlayLedger, paymentTarget } from './pending';

const T0 = 1_795_000_000;
const names = (vin: string) => (vin === 'VIN1' ? { regNo: 'MH15EX4521', vehName: 'Kisan 475' } : undefined);
let seq = 0;

function entry(kind: string, target: string, body: unknown, label = 'Ramesh Patil'): OutboxEntry {
  seq += 1;
  return { id: `e${seq}`, seq, key: `k${seq}`, kind, method: 'POST', path: 'hire/x', body, target, label, invalidate: [], createdAt: T0 * 1000, attempts: 0 };
}

const ramesh: Customer = {
  id: 'c1',
  name: 'Ramesh Patil',
  phone: '9876543210',
  village: 'Shirsgaon',
  language: 'mr',
  createdAt: T0 - 1000,
  updatedAt: T0 - 1000,
  jobCount: 1,
  lastJobAt: T0 - 900,
  amountPaise: 284_400,
  paidPaise: 100_000,
  balancePaise: 184_400,
};

const job = runningJob(T0 - 900, { place: 'Shirsgaon', fieldAcres: 2.5, paidPaise: 100_000, measuredAt: T0 - 10 });

const newCustomer: CreateCustomerRequest = { id: 'c2', name: 'Sunita Shinde', phone: null, village: null, language: 'hi' };
const tripJob: CreateJobRequest = {
  id: 'j2',
  customerId: 'c2',
  vin: 'VIN1',
  implement: 'trailer',
  implementWidthM: 2,
  rateKind: 'trip',
  ratePaise: 50_000,
  trips: 3,
  startAt: T0 - 600,
  endAt: null,
};
const pay = (id: string, customerId: string, amountPaise: number, jobId: string | null = null): CreatePaymentRequest => ({
  id,
  customerId,
  jobId,
  amountPaise,
  method: 'cash',
  paidOn: '2026-11-20',
});

describe('hire writes kept on the phone, shown before the server has them (issue 17)', () => {
  it('a customer, their job and a payment made offline are in the list with the balance they make', () => {
    const entries = [
      entry(HIRE_WRITE.customerCreate, customerTarget('c2'), newCustomer, 'Sunita Shinde'),
      entry(HIRE_WRITE.jobCreate, jobTarget('j2'), tripJob, 'Sunita Shinde'),
      entry(HIRE_WRITE.paymentCreate, paymentTarget('p1'), pay('p1', 'c2', 20_000)),
      entry(HIRE_WRITE.paymentCreate, paymentTarget('p2'), pay('p2', 'c1', 84_400)),
    ];
    const list = overlayCustomers([ramesh], entries, 'en', names);
    expect(list.map((c) => c.name)).toEqual(['Sunita Shinde', 'Ramesh Patil']);
    // Three trips at ₹500 are known without the track; ₹200 of it paid.
    expect(list[0]).toMatchObject({ language: 'hi', jobCount: 1, amountPaise: 150_000, paidPaise: 20_000, balancePaise: 130_000 });
    expect(list[1]).toMatchObject({ paidPaise: 184_400, balancePaise: 100_000 });
  });

  it('a create the server already answered is not added twice', () => {
    const entries = [entry(HIRE_WRITE.customerCreate, customerTarget('c1'), { ...newCustomer, id: 'c1' })];
    expect(overlayCustomers([ramesh], entries, 'en', names)).toHaveLength(1);
    const jobEntries = [entry(HIRE_WRITE.jobCreate, jobTarget('j1'), { ...tripJob, id: 'j1' })];
    expect(overlayJobs([job], jobEntries, names)).toEqual([job]);
  });

  it('a job made offline has its tractor names and no measured figures yet; one stopped offline ends at the tap', () => {
    const made = overlayJobs([job], [entry(HIRE_WRITE.jobCreate, jobTarget('j2'), tripJob, 'Sunita Shinde')], names);
    expect(made.map((j) => j.id)).toEqual(['j2', 'j1']);
    expect(made[0]).toMatchObject({ customerName: 'Sunita Shinde', regNo: 'MH15EX4521', running: true, coveredAcres: 0, quantity: 3, amountPaise: 150_000 });
    const stopped = overlayJob(job, [entry(HIRE_WRITE.jobEnd, jobTarget('j1'), { endAt: T0 })]);
    expect(stopped).toMatchObject({ running: false, endAt: T0, amountPaise: 284_400 });
  });

  it('a rate or basis changed offline is billed again from the measured figures; a field drawn gives its acres', () => {
    const byField = overlayJob(job, [entry(HIRE_WRITE.jobUpdate, jobTarget('j1'), { acreBasis: 'field', ratePaise: 100_000 })]);
    expect(byField).toMatchObject({ quantity: 2.5, quantitySource: 'field', amountPaise: 250_000 });
    // A 100 m × 100 m square is 2.47 acres.
    const d = 100 / 111_320;
    const square = [
      { latitude: 20, longitude: 74 },
      { latitude: 20, longitude: 74 + d / Math.cos((20 * Math.PI) / 180) },
      { latitude: 20 + d, longitude: 74 + d / Math.cos((20 * Math.PI) / 180) },
      { latitude: 20 + d, longitude: 74 },
    ];
    const drawn = overlayJob(job, [entry(HIRE_WRITE.jobUpdate, jobTarget('j1'), { boundary: square })]);
    expect(drawn?.fieldAcres).toBeCloseTo(2.47, 1);
    expect(overlayJob(job, [entry(HIRE_WRITE.jobDelete, jobTarget('j1'), undefined)])).toBeUndefined();
  });

  it("a customer's ledger moves its totals by what waits on the phone", () => {
    const ledger: CustomerLedger = {
      customer: ramesh,
      jobs: [job],
      payments: [{ id: 'p0', customerId: 'c1', jobId: 'j1', amountPaise: 100_000, method: 'upi', paidOn: '2026-11-19', note: null, createdAt: T0 - 800 }],
      totals: { amountPaise: 284_400, paidPaise: 100_000, balancePaise: 184_400 },
    };
    const entries = [
      entry(HIRE_WRITE.paymentCreate, paymentTarget('p1'), pay('p1', 'c1', 50_000, 'j1')),
      entry(HIRE_WRITE.paymentDelete, paymentTarget('p0'), undefined),
    ];
    const out = overlayLedger(ledger, 'c1', entries, 'en', names);
    expect(out?.payments.map((p) => p.id)).toEqual(['p1']);
    expect(out?.totals).toEqual({ amountPaise: 284_400, paidPaise: 50_000, balancePaise: 234_400 });
    expect(out?.jobs[0]?.paidPaise).toBe(150_000);
  });

  it('the ledger of a customer made on the phone exists before the server knows them', () => {
    const entries = [
      entry(HIRE_WRITE.customerCreate, customerTarget('c2'), newCustomer, 'Sunita Shinde'),
      entry(HIRE_WRITE.jobCreate, jobTarget('j2'), tripJob, 'Sunita Shinde'),
      entry(HIRE_WRITE.paymentCreate, paymentTarget('p1'), pay('p1', 'c2', 20_000, 'j2')),
    ];
    const out = overlayLedger(undefined, 'c2', entries, 'en', names);
    expect(out?.customer.name).toBe('Sunita Shinde');
    expect(out?.jobs.map((j) => j.id)).toEqual(['j2']);
    expect(out?.totals).toEqual({ amountPaise: 150_000, paidPaise: 20_000, balancePaise: 130_000 });
    expect(overlayLedger(undefined, 'nobody', entries, 'en', names)).toBeUndefined();
  });
});
