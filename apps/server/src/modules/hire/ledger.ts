import type { CreateCustomerRequest, CreatePaymentRequest, Customer, CustomerLedger, Payment, UpdateCustomerRequest } from '@tractorlink/domain/hire-api';
import { CUSTOMERS_PER_OWNER_MAX, LEDGER_JOBS_MAX } from '@tractorlink/domain/hire/rules';
import { istDate } from '@tractorlink/domain/time';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { invalid, requestHash } from './checks';
import { placesIn } from './job-places';
import type { PlaceName } from './jobs';
import type { JobMeasurer } from './measure';
import {
  countCustomers,
  customerSums,
  type Db,
  deleteCustomerIfUnused,
  deletePayment,
  findCustomer,
  findPayment,
  insertCustomerIfNew,
  insertPaymentIfNew,
  listCustomers,
  listJobs,
  listPayments,
  ownedCustomer,
  ownedJob,
  ownedPayment,
  ownerLanguage,
  paidByJob,
  updateCustomer,
} from './repo';
import { customerView, jobSummaryView, paymentView } from './views';
import { lockOwner } from '../../db/serialise';
import { isForeignKeyViolation } from '../../db/constraint-errors';

/**
 * Customers, payments and balances (issue 17): balance = Σ job amounts − Σ payments. Creates carry
 * the phone's id, so an offline create sent again is stored once.
 */
export class HireLedger {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      measurer: JobMeasurer;
      placeName: PlaceName;
      /** Ends running jobs whose work moved on, before amounts are read. */
      refresh: (userId: string) => Promise<void>;
    },
  ) {}

  async customers(userId: string): Promise<Customer[]> {
    const { db } = this.deps;
    await this.deps.refresh(userId);
    await this.measureRunning(userId);
    const [rows, sums] = await Promise.all([listCustomers(db, userId), customerSums(db, userId)]);
    const views = rows.map((r) => customerView(r, sums.get(r.id)));
    return views.sort((a, b) => (b.lastJobAt ?? -1) - (a.lastJobAt ?? -1) || a.name.localeCompare(b.name));
  }

  async createCustomer(userId: string, body: CreateCustomerRequest): Promise<{ created: boolean; customer: Customer }> {
    const { db, clock } = this.deps;
    const hash = requestHash({ kind: 'customer', ...body });
    const existing = await findCustomer(db, body.id);
    const now = clock.now();
    const created =
      !existing &&
      (await db.transaction().execute(async (trx) => {
        // Counted under the owner's lock: parallel creates (on any instance) cannot all pass the cap.
        await lockOwner(trx, userId);
        // A copy of this create that got here first: answered below as the repeat it is, not counted.
        if (await findCustomer(trx, body.id)) return false;
        if ((await countCustomers(trx, userId)) >= CUSTOMERS_PER_OWNER_MAX) throw new AppError('CUSTOMER_LIMIT');
        return insertCustomerIfNew(trx, {
          id: body.id,
          user_id: userId,
          name: body.name,
          phone: body.phone ?? null,
          village: body.village ?? null,
          language: body.language ?? (await ownerLanguage(trx, userId)),
          request_hash: hash,
          created_at: now,
          updated_at: now,
        });
      }));
    const row = existing ?? (await findCustomer(db, body.id));
    if (!row || row.user_id !== userId || row.request_hash !== hash) throw new AppError('ID_CONFLICT');
    const sums = await customerSums(db, userId, row.id);
    return { created, customer: customerView(row, sums.get(row.id)) };
  }

  async updateCustomer(userId: string, customerId: string, body: UpdateCustomerRequest): Promise<Customer> {
    const { db, clock } = this.deps;
    const row = await ownedCustomer(db, userId, customerId);
    if (!row) throw new AppError('NOT_FOUND');
    const values = { name: body.name, phone: body.phone, village: body.village, language: body.language, updated_at: clock.now() };
    await updateCustomer(db, customerId, values);
    const sums = await customerSums(db, userId, customerId);
    return customerView({ ...row, ...values }, sums.get(customerId));
  }

  async deleteCustomer(userId: string, customerId: string): Promise<void> {
    const { db } = this.deps;
    if (!(await ownedCustomer(db, userId, customerId))) throw new AppError('NOT_FOUND');
    if (!(await deleteCustomerIfUnused(db, customerId))) throw new AppError('CUSTOMER_IN_USE');
  }

  /** The customer's ledger: their jobs (measured), payments and totals. */
  async ledger(userId: string, customerId: string): Promise<CustomerLedger> {
    const { db } = this.deps;
    const row = await ownedCustomer(db, userId, customerId);
    if (!row) throw new AppError('NOT_FOUND');
    await this.deps.refresh(userId);
    const jobs = await this.deps.measurer.fresh(await listJobs(db, userId, { customerId, limit: LEDGER_JOBS_MAX }));
    const [payments, paid, sums, places] = await Promise.all([
      listPayments(db, userId, { customerId }),
      paidByJob(
        db,
        jobs.map((j) => j.id),
      ),
      customerSums(db, userId, customerId),
      ownerLanguage(db, userId).then((language) => placesIn(jobs, language, this.deps.placeName)),
    ]);
    const customer = customerView(row, sums.get(customerId));
    return {
      customer,
      jobs: jobs.map((j) => jobSummaryView(j, paid.get(j.id) ?? 0, places.get(j.id) ?? null)),
      payments: payments.map(paymentView),
      totals: { amountPaise: customer.amountPaise, paidPaise: customer.paidPaise, balancePaise: customer.balancePaise },
    };
  }

  async payments(userId: string, customerId: string | undefined): Promise<Payment[]> {
    // Another owner's customer is 404 like an unknown one (docs/hire-api.md), not an empty list.
    if (customerId !== undefined && !(await ownedCustomer(this.deps.db, userId, customerId))) throw new AppError('NOT_FOUND');
    return (await listPayments(this.deps.db, userId, { customerId })).map(paymentView);
  }

  async createPayment(userId: string, body: CreatePaymentRequest): Promise<{ created: boolean; payment: Payment }> {
    const { db, clock } = this.deps;
    const hash = requestHash({ kind: 'payment', ...body });
    const existing = await findPayment(db, body.id);
    if (existing) {
      if (existing.user_id !== userId || existing.request_hash !== hash) throw new AppError('ID_CONFLICT');
      return { created: false, payment: paymentView(existing) };
    }
    if (!(await ownedCustomer(db, userId, body.customerId))) throw new AppError('NOT_FOUND');
    if (body.jobId) {
      const job = await ownedJob(db, userId, body.jobId);
      if (!job || job.customer_id !== body.customerId) throw new AppError('NOT_FOUND');
    }
    const now = clock.now();
    if (body.paidOn > istDate(now)) throw invalid('paidOn', 'DATE_IN_FUTURE');
    const created = await insertPaymentIfNew(db, {
      id: body.id,
      user_id: userId,
      customer_id: body.customerId,
      job_id: body.jobId ?? null,
      amount_paise: body.amountPaise,
      method: body.method,
      paid_on: body.paidOn,
      note: body.note ?? null,
      request_hash: hash,
      created_at: now,
    }).catch((err: unknown) => {
      // The customer (or the job) was deleted between the checks above and the insert.
      if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND');
      throw err;
    });
    const row = await findPayment(db, body.id);
    if (!row || row.user_id !== userId || row.request_hash !== hash) throw new AppError('ID_CONFLICT');
    return { created, payment: paymentView(row) };
  }

  async deletePayment(userId: string, paymentId: string): Promise<void> {
    if (!(await ownedPayment(this.deps.db, userId, paymentId))) throw new AppError('NOT_FOUND');
    await deletePayment(this.deps.db, paymentId);
  }

  /** Running jobs' amounts grow as they work: measured before sums are read. */
  private async measureRunning(userId: string): Promise<void> {
    const running = await listJobs(this.deps.db, userId, { limit: 200 });
    await this.deps.measurer.fresh(running.filter((j) => j.end_ms === null || this.deps.measurer.isStale(j)));
  }
}
