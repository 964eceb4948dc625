import { describe, expect, it } from 'vitest';
import type { Customer, CustomerLedger, JobDetail, Payment } from '@tractorlink/domain/hire-api';
import { expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, jobBody, newId } from './support/hire';
import { TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * Issue 17: jobs and payments recorded offline reach the server once. The phone makes each id; its
 * queue may send a create again (a lost answer, a reload, two tabs): the same id with the same body
 * answers what exists, the same id with other content is ID_CONFLICT, and creates racing with one id
 * store one row.
 */
const s = (ms: number) => Math.floor(ms / 1000);

describe.each(dbTargets)('hire ledger offline creates, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;
  const count = async (table: 'hire_customers' | 'hire_jobs' | 'hire_payments') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a customer, a job and a payment made offline, sent, then all sent again after a reload: one of each', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const customer = customerBody();
    const job = jobBody(customer.id, tractor.vin, {
      implement: 'plough',
      implementWidthM: 1.5,
      rateKind: 'hour',
      ratePaise: 80_000,
      startAt: s(TEST_START - 3 * 3600_000),
      endAt: s(TEST_START - 3600_000),
    });
    const payment = { id: newId(), customerId: customer.id, jobId: job.id, amountPaise: 50_000, method: 'upi', paidOn: '2026-11-21' };
    const send = () =>
      [
        ['hire/customers', customer],
        ['hire/jobs', job],
        ['hire/payments', payment],
      ] as const;
    const first = [];
    for (const [url, body] of send()) first.push(await hireCall(t.app, 'POST', url, owner.accessToken, body));
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    // The reload: the queue did not hear the answers and sends everything again, in order.
    const again = [];
    for (const [url, body] of send()) again.push(await hireCall(t.app, 'POST', url, owner.accessToken, body));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(again[0]?.json<Customer>().id).toBe(customer.id);
    expect(again[1]?.json<JobDetail>().id).toBe(job.id);
    expect(again[2]?.json<Payment>().id).toBe(payment.id);
    expect([await count('hire_customers'), await count('hire_jobs'), await count('hire_payments')]).toEqual([1, 1, 1]);
    const ledger = (await hireCall(t.app, 'GET', `hire/customers/${customer.id}`, owner.accessToken)).json<CustomerLedger>();
    expect(ledger.jobs.map((j) => j.id)).toEqual([job.id]);
    expect(ledger.payments.map((p) => p.id)).toEqual([payment.id]);
    expect(ledger.totals.paidPaise).toBe(50_000);
  });

  it('creates racing with the same id store one row: one 201, the rest 200 with the same thing', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const customer = customerBody();
    const customers = await Promise.all(Array.from({ length: 6 }, () => hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer)));
    expect(customers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const job = jobBody(customer.id, tractor.vin, { implementWidthM: 1.8, ratePaise: 100_000 });
    const jobs = await Promise.all(Array.from({ length: 6 }, () => hireCall(t.app, 'POST', 'hire/jobs', owner.accessToken, job)));
    // Not JOB_OVERLAP: the racing copies are the same job, not a second one at the same time.
    expect(jobs.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(jobs.map((r) => r.json<JobDetail>().id))).toEqual(new Set([job.id]));
    const payment = { id: newId(), customerId: customer.id, amountPaise: 20_000, method: 'cash', paidOn: '2026-11-20' };
    const payments = await Promise.all(Array.from({ length: 6 }, () => hireCall(t.app, 'POST', 'hire/payments', owner.accessToken, payment)));
    expect(payments.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect([await count('hire_customers'), await count('hire_jobs'), await count('hire_payments')]).toEqual([1, 1, 1]);
  });

  it('the same id with other content is ID_CONFLICT and changes nothing; so is an id another owner used', async () => {
    const { owner } = await ownerWithTractor(t);
    const { owner: other } = await ownerWithTractor(t, '9123456789');
    const customer = customerBody();
    await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer);
    expectError(await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, { ...customer, name: 'Someone Else' }), 'ID_CONFLICT');
    const theirs = await hireCall(t.app, 'POST', 'hire/customers', other.accessToken, customer);
    expectError(theirs, 'ID_CONFLICT');
    // The conflict tells the other owner nothing of the customer.
    expect(theirs.body).not.toContain(customer.name);
    const payment = { id: newId(), customerId: customer.id, amountPaise: 20_000, method: 'cash', paidOn: '2026-11-20' };
    expect((await hireCall(t.app, 'POST', 'hire/payments', owner.accessToken, payment)).statusCode).toBe(201);
    expectError(await hireCall(t.app, 'POST', 'hire/payments', owner.accessToken, { ...payment, amountPaise: 30_000 }), 'ID_CONFLICT');
    const stored = await db().selectFrom('hire_payments').select('amount_paise').executeTakeFirstOrThrow();
    expect(Number(stored.amount_paise)).toBe(20_000);
    const name = await db().selectFrom('hire_customers').select('name').executeTakeFirstOrThrow();
    expect(name.name).toBe(customer.name);
    // An edit since the create does not turn the create's repeat into a conflict.
    await hireCall(t.app, 'PUT', `hire/customers/${customer.id}`, owner.accessToken, { name: 'Sunil Rao Shinde', phone: null, village: null, language: 'hi' });
    const repeat = await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json<Customer>().name).toBe('Sunil Rao Shinde');
  });

  it('a job whose customer has not reached the server yet is 404, and is stored once the customer is', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const customer = customerBody();
    const job = jobBody(customer.id, tractor.vin, { implement: 'trailer', implementWidthM: 2, rateKind: 'trip', ratePaise: 50_000, trips: 3 });
    expectError(await hireCall(t.app, 'POST', 'hire/jobs', owner.accessToken, job), 'NOT_FOUND');
    await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer);
    const created = await hireCall(t.app, 'POST', 'hire/jobs', owner.accessToken, job);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<JobDetail>().amountPaise).toBe(150_000);
  });
});
