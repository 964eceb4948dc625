import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, jobBody, newId } from './support/hire';
import { expectError } from './support/api';
import { until } from './support/cluster';
import { findTractorByVin } from '../src/modules/tractors/repo';
import { ownerWithTractor } from './support/vehicles';

/**
 * A customer deleted on one phone while a job or a payment for them is being made on another: the
 * loser is answered as it would have been a moment later (NOT_FOUND, or CUSTOMER_IN_USE), never a
 * 500 from the foreign key, and nothing is half kept.
 */
describe.each(dbTargets)('a customer deleted while a job or payment is made for them, $name', (target) => {
  const t = useTestApp(target);

  async function setUp() {
    const { owner, tractor } = await ownerWithTractor(t);
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer)).statusCode).toBe(201);
    const db = t.database.db.kysely;
    const user = await db.selectFrom('users').select('id').where('mobile_no', '=', owner.mobileNo).executeTakeFirstOrThrow();
    return { token: owner.accessToken, userId: user.id, tractor, customer, db };
  }

  it('a job whose customer goes between the check and the insert is NOT_FOUND, and not kept', async () => {
    const { userId, tractor, customer, db } = await setUp();
    const row = await findTractorByVin(db, tractor.vin);
    const id = newId();
    const made = t.app.services.hire.jobs.insert(
      userId,
      {
        id,
        customerId: customer.id,
        tractor: row as NonNullable<typeof row>,
        implement: 'rotavator',
        implementWidthM: 2,
        rateKind: 'acre',
        ratePaise: 120_000,
        startMs: t.clock.now() - 3600_000,
        endMs: null,
        trips: 1,
        acreBasis: 'covered',
        hourBasis: 'pto',
        agreedQuantity: null,
        boundary: null,
        note: null,
        origin: 'owner',
        hash: 'h',
      },
      // The other phone's delete lands here, after the customer was checked.
      { before: async (trx) => void (await trx.deleteFrom('hire_customers').where('id', '=', customer.id).execute()) },
    );
    await expect(made).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.selectFrom('hire_jobs').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  // PostgreSQL only: the test's own transaction holds one side uncommitted while the other runs.
  if (target.name === 'postgres') {
    const waitingOnLock = (db: ReturnType<typeof t.database.db.kysely.withoutPlugins>) => () =>
      sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(db).then((r) => (r.rows[0]?.n ?? 0) > 0);

    it('a delete that meets a job being inserted is CUSTOMER_IN_USE, and the customer stays', async () => {
      const { token, customer, tractor, db } = await setUp();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = false;
      const job = jobBody(customer.id, tractor.vin);
      const row = await findTractorByVin(db, tractor.vin);
      const user = await db.selectFrom('hire_customers').select('user_id').where('id', '=', customer.id).executeTakeFirstOrThrow();
      const inserting = db.transaction().execute(async (trx) => {
        const now = t.clock.now();
        await trx
          .insertInto('hire_jobs')
          .values({
            id: job.id,
            user_id: user.user_id,
            customer_id: customer.id,
            tractor_id: row?.id as string,
            implement: 'rotavator',
            implement_width_m: 2,
            rate_kind: 'acre',
            rate_paise: 120_000,
            start_ms: now - 3600_000,
            end_ms: null,
            trips: 1,
            acre_basis: 'covered',
            hour_basis: 'pto',
            agreed_quantity: null,
            boundary: null,
            origin: 'owner',
            place: null,
            lat: null,
            lon: null,
            worked_area: null,
            measured_at: null,
            field_m2: null,
            note: null,
            quantity_source: 'covered',
            request_hash: 'h',
            created_at: now,
            updated_at: now,
          })
          .execute();
        inserted = true;
        await held;
      });
      await until('the job to be inserted', () => inserted, 10_000);
      const deleting = hireCall(t.app, 'DELETE', `hire/customers/${customer.id}`, token);
      await until('the delete to wait for the insert', waitingOnLock(db), 10_000);
      release();
      await inserting;
      expectError(await deleting, 'CUSTOMER_IN_USE');
      expect(await db.selectFrom('hire_customers').select('id').where('id', '=', customer.id).executeTakeFirst()).toBeDefined();
    });

    it('a payment that meets its customer being deleted is NOT_FOUND, and not kept', async () => {
      const { token, customer, db } = await setUp();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let deleted = false;
      const deleting = db.transaction().execute(async (trx) => {
        await trx.deleteFrom('hire_customers').where('id', '=', customer.id).execute();
        deleted = true;
        await held;
      });
      await until('the customer to be deleted', () => deleted, 10_000);
      const payment = { id: newId(), customerId: customer.id, amountPaise: 20_000, method: 'cash', paidOn: '2026-11-20' };
      const paying = hireCall(t.app, 'POST', 'hire/payments', token, payment);
      await until('the payment to wait for the delete', waitingOnLock(db), 10_000);
      release();
      await deleting;
      expectError(await paying, 'NOT_FOUND');
      expect(await db.selectFrom('hire_payments').select('id').where('id', '=', payment.id).executeTakeFirst()).toBeUndefined();
    });
  }
});
