import type {
  CreateCustomerRequest,
  CreateJobRequest,
  CreatePaymentRequest,
  Customer,
  CustomerLedger,
  JobDetail,
  JobSummary,
  Payment,
  UpdateCustomerRequest,
  UpdateJobRequest,
} from '@tractorlink/domain/hire-api';
import { acresOf, jobAmount } from '@tractorlink/domain/hire/amount';
import { fieldAreaM2 } from '@tractorlink/domain/hire/field';
import type { LanguageCode } from '@tractorlink/domain/languages';
import type { OutboxEntry } from '../../../lib/outbox/types';

/**
 * The hire writes still on this phone (the outbox: customers, jobs and payments made offline, a job
 * stopped, a boundary drawn) laid over what the server last said, so the ledger, a customer's page and
 * a job show them at once, through a reload, offline. Ids are the phone's own UUIDs (the server keeps
 * them), so an item keeps its id from the first tap. Laying a write twice changes nothing, and a
 * create the server already answered is not added again.
 */

export const HIRE_WRITE = {
  customerCreate: 'hire.customer.create',
  customerUpdate: 'hire.customer.update',
  jobCreate: 'hire.job.create',
  jobEnd: 'hire.job.end',
  jobUpdate: 'hire.job.update',
  jobDelete: 'hire.job.delete',
  paymentCreate: 'hire.payment.create',
  paymentDelete: 'hire.payment.delete',
} as const;

export const customerTarget = (id: string): string => `hire-customer:${id}`;
export const jobTarget = (id: string): string => `hire-job:${id}`;
export const paymentTarget = (id: string): string => `hire-payment:${id}`;
const idOf = (e: OutboxEntry): string => e.target.slice(e.target.indexOf(':') + 1);

/** A tractor's names for a job made on the phone (the server fills them in its answer). */
export type TractorNames = (vin: string) => { regNo: string; vehName: string } | undefined;

const seconds = (ms: number) => Math.floor(ms / 1000);
const writes = (entries: readonly OutboxEntry[], kind: string) => entries.filter((e) => e.kind === kind);

/** The customer a create makes, as the phone knows it until the server answers. */
export function customerMadeOnPhone(e: OutboxEntry, ownerLanguage: LanguageCode): Customer {
  const body = e.body as CreateCustomerRequest;
  const at = seconds(e.createdAt);
  return {
    id: body.id,
    name: body.name,
    phone: body.phone ?? null,
    village: body.village ?? null,
    language: body.language ?? ownerLanguage,
    createdAt: at,
    updatedAt: at,
    jobCount: 0,
    lastJobAt: null,
    amountPaise: 0,
    paidPaise: 0,
    balancePaise: 0,
  };
}

/** A job's amount again after its rate or basis changed on the phone (the measured figures stay the server's). */
function remeasured<T extends JobSummary>(job: T): T {
  const { quantity, source, amountPaise } = jobAmount(job);
  return { ...job, quantity, quantitySource: source, amountPaise };
}

/** The job a create makes, as the phone knows it: no figures measured yet (trips and agreed amounts are known). */
export function jobMadeOnPhone(e: OutboxEntry, names: TractorNames): JobDetail {
  const body = e.body as CreateJobRequest;
  const at = seconds(e.createdAt);
  const endAt = body.endAt ?? null;
  const tractor = names(body.vin);
  const boundary = body.boundary ?? null;
  return remeasured({
    id: body.id,
    customerId: body.customerId,
    // The entry's label is the customer's name (what the outbox's messages call it too).
    customerName: e.label,
    vin: body.vin,
    regNo: tractor?.regNo ?? '',
    vehName: tractor?.vehName ?? '',
    implement: body.implement,
    implementWidthM: body.implementWidthM,
    rateKind: body.rateKind,
    ratePaise: body.ratePaise,
    trips: body.trips ?? 1,
    acreBasis: body.acreBasis ?? 'covered',
    hourBasis: body.hourBasis ?? 'pto',
    agreedQuantity: body.agreedQuantity ?? null,
    startAt: body.startAt ?? at,
    endAt,
    running: endAt === null,
    origin: 'owner',
    position: null,
    place: null,
    coveredAcres: 0,
    fieldAcres: boundary ? acresOf(fieldAreaM2(boundary)) : null,
    ptoHours: 0,
    engineHours: 0,
    quantity: 0,
    quantitySource: 'covered',
    amountPaise: 0,
    paidPaise: 0,
    note: body.note ?? null,
    createdAt: at,
    updatedAt: at,
    measuredAt: null,
    boundary,
    workedArea: null,
  });
}

/** One job write (stop, change) laid over a job; undefined: deleted on the phone. */
function stepJob<T extends JobSummary>(job: T, e: OutboxEntry): T | undefined {
  if (idOf(e) !== job.id) return job;
  if (e.kind === HIRE_WRITE.jobDelete) return undefined;
  if (e.kind === HIRE_WRITE.jobEnd) {
    const endAt = (e.body as { endAt?: number } | undefined)?.endAt ?? seconds(e.createdAt);
    return job.running || job.endAt === null ? { ...job, endAt, running: false } : job;
  }
  if (e.kind === HIRE_WRITE.jobUpdate) {
    const change = e.body as UpdateJobRequest;
    const next: T = { ...job, ...change };
    if ('endAt' in change) next.running = change.endAt === null;
    if ('boundary' in change) {
      next.fieldAcres = change.boundary ? acresOf(fieldAreaM2(change.boundary)) : null;
      if ('boundary' in next) (next as unknown as JobDetail).boundary = change.boundary ?? null;
    }
    return remeasured(next);
  }
  return job;
}

/** A job with the phone's later writes on it (and the payments naming it that wait to be sent). */
export function overlayJob<T extends JobSummary>(job: T | undefined, entries: readonly OutboxEntry[]): T | undefined {
  let out = job;
  for (const e of entries) if (out) out = stepJob(out, e);
  if (!out) return out;
  const paid = writes(entries, HIRE_WRITE.paymentCreate)
    .map((e) => e.body as CreatePaymentRequest)
    .filter((p) => p.jobId === out?.id);
  return paid.length ? { ...out, paidPaise: out.paidPaise + paid.reduce((s, p) => s + p.amountPaise, 0) } : out;
}

/** The newest first, as the server lists them. */
const newestFirst = (a: JobSummary, b: JobSummary) => b.startAt - a.startAt;

/** A list of jobs with those made on the phone added (those of `customerId` only, when given) and the rest changed. */
export function overlayJobs(list: readonly JobSummary[], entries: readonly OutboxEntry[], names: TractorNames, customerId?: string): JobSummary[] {
  const known = new Set(list.map((j) => j.id));
  const made = writes(entries, HIRE_WRITE.jobCreate)
    .filter((e) => !known.has(idOf(e)) && (customerId === undefined || (e.body as CreateJobRequest).customerId === customerId))
    .map((e) => jobMadeOnPhone(e, names) as JobSummary);
  return [...made, ...list]
    .map((j) => overlayJob(j, entries))
    .filter((j): j is JobSummary => j !== undefined)
    .sort(newestFirst);
}

/** The payment a create makes, as the phone knows it. */
export function paymentMadeOnPhone(e: OutboxEntry): Payment {
  const body = e.body as CreatePaymentRequest;
  return {
    id: body.id,
    customerId: body.customerId,
    jobId: body.jobId ?? null,
    amountPaise: body.amountPaise,
    method: body.method,
    paidOn: body.paidOn,
    note: body.note ?? null,
    createdAt: seconds(e.createdAt),
  };
}

function stepCustomer(c: Customer, e: OutboxEntry): Customer {
  if (e.kind === HIRE_WRITE.customerUpdate && idOf(e) === c.id) return { ...c, ...(e.body as UpdateCustomerRequest) };
  return c;
}

/**
 * The customers with those made on the phone, their changes, and the jobs and payments waiting to be
 * sent counted in (a payment lowers the balance at once; a job counts with what is known of it).
 */
export function overlayCustomers(list: readonly Customer[], entries: readonly OutboxEntry[], ownerLanguage: LanguageCode, names: TractorNames): Customer[] {
  const known = new Set(list.map((c) => c.id));
  const made = writes(entries, HIRE_WRITE.customerCreate)
    .filter((e) => !known.has(idOf(e)))
    .map((e) => customerMadeOnPhone(e, ownerLanguage));
  return [...made, ...list].map((c) => {
    let out = entries.reduce(stepCustomer, c);
    for (const e of writes(entries, HIRE_WRITE.jobCreate)) {
      if ((e.body as CreateJobRequest).customerId !== out.id) continue;
      const job = jobMadeOnPhone(e, names);
      out = { ...out, jobCount: out.jobCount + 1, lastJobAt: Math.max(out.lastJobAt ?? 0, job.startAt), amountPaise: out.amountPaise + job.amountPaise };
    }
    for (const e of writes(entries, HIRE_WRITE.paymentCreate)) {
      const p = e.body as CreatePaymentRequest;
      if (p.customerId === out.id) out = { ...out, paidPaise: out.paidPaise + p.amountPaise };
    }
    return { ...out, balancePaise: out.amountPaise - out.paidPaise };
  });
}

/**
 * A customer's ledger with the phone's writes: their jobs and payments made here added, stopped or
 * removed ones changed, and the totals moved by as much. `ledger` undefined: the customer exists only
 * on the phone so far.
 */
export function overlayLedger(
  ledger: CustomerLedger | undefined,
  customerId: string,
  entries: readonly OutboxEntry[],
  ownerLanguage: LanguageCode,
  names: TractorNames,
): CustomerLedger | undefined {
  const base: CustomerLedger | undefined =
    ledger ??
    (() => {
      const create = writes(entries, HIRE_WRITE.customerCreate).find((e) => idOf(e) === customerId);
      if (!create) return undefined;
      const customer = customerMadeOnPhone(create, ownerLanguage);
      return { customer, jobs: [], payments: [], totals: { amountPaise: 0, paidPaise: 0, balancePaise: 0 } };
    })();
  if (!base) return undefined;
  const customer = entries.reduce(stepCustomer, base.customer);
  const jobs = overlayJobs(base.jobs, entries, names, customerId);
  const knownPayments = new Set(base.payments.map((p) => p.id));
  const deleted = new Set(writes(entries, HIRE_WRITE.paymentDelete).map(idOf));
  const madePayments = writes(entries, HIRE_WRITE.paymentCreate)
    .filter((e) => !knownPayments.has(idOf(e)) && (e.body as CreatePaymentRequest).customerId === customerId)
    .map(paymentMadeOnPhone);
  const payments = [...madePayments, ...base.payments]
    .filter((p) => !deleted.has(p.id))
    .sort((a, b) => b.paidOn.localeCompare(a.paidOn) || b.createdAt - a.createdAt);
  // The totals move by what changed here; the server's cover jobs beyond the listed 500 too.
  const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
  const amountPaise = base.totals.amountPaise + sum(jobs.map((j) => j.amountPaise)) - sum(base.jobs.map((j) => j.amountPaise));
  const paidPaise = base.totals.paidPaise + sum(payments.map((p) => p.amountPaise)) - sum(base.payments.map((p) => p.amountPaise));
  const totals = { amountPaise, paidPaise, balancePaise: amountPaise - paidPaise };
  return { customer: { ...customer, amountPaise, paidPaise, balancePaise: totals.balancePaise }, jobs, payments, totals };
}

/** Is this item (a customer, job or payment) still only on the phone: its create not yet applied? */
export const madeOnPhoneOnly = (entries: readonly OutboxEntry[], target: string): boolean =>
  entries.some((e) => e.target === target && e.kind.endsWith('.create'));
