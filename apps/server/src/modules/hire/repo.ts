import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Reading } from '@tractorlink/domain/telemetry';
import type { Database, HireCustomersTable, HireJobsTable, HireLinksTable, HirePaymentsTable, HireProposalsTable, TelemetryTable } from '../../db/types';
import { isForeignKeyViolation } from '../../db/constraint-errors';

/** The hire ledger's tables (issue 17): every read and write of them is here. */
export type CustomerRow = Selectable<HireCustomersTable>;
export type JobRow = Selectable<HireJobsTable>;
export type PaymentRow = Selectable<HirePaymentsTable>;
export type ProposalRow = Selectable<HireProposalsTable>;
export type LinkRow = Selectable<HireLinksTable>;
export type Db = Kysely<Database>;

/** A job with the names its views show. */
export type JobWithNames = JobRow & { customer_name: string; vin: string; reg_no: string; veh_name: string };

/** Inserted true, or false when the id already existed (a repeated offline create, or a race lost). */
const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0;

// ─── Customers ───────────────────────────────────────────────────────────────

export async function insertCustomerIfNew(db: Db, row: Insertable<HireCustomersTable>): Promise<boolean> {
  return inserted(
    await db
      .insertInto('hire_customers')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst(),
  );
}

export function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('hire_customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ownedCustomer(db: Db, userId: string, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('hire_customers').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function countCustomers(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('hire_customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface CustomerSums {
  jobCount: number;
  lastJobMs: number | null;
  amountPaise: number;
  paidPaise: number;
}

/** Per customer of the owner: jobs, the latest start, Σ amounts and Σ payments (two grouped reads). */
export async function customerSums(db: Db, userId: string, customerId?: string): Promise<Map<string, CustomerSums>> {
  let jobs = db
    .selectFrom('hire_jobs')
    .select((eb) => [
      'customer_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('start_ms').as('last_ms'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.lit(0)).as('amount'),
    ])
    .where('user_id', '=', userId);
  let paid = db
    .selectFrom('hire_payments')
    .select((eb) => ['customer_id', eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.lit(0)).as('paid')])
    .where('user_id', '=', userId);
  if (customerId) {
    jobs = jobs.where('customer_id', '=', customerId);
    paid = paid.where('customer_id', '=', customerId);
  }
  const [jobRows, paidRows] = await Promise.all([jobs.groupBy('customer_id').execute(), paid.groupBy('customer_id').execute()]);
  const sums = new Map<string, CustomerSums>();
  const of = (id: string) => {
    let s = sums.get(id);
    if (!s) {
      s = { jobCount: 0, lastJobMs: null, amountPaise: 0, paidPaise: 0 };
      sums.set(id, s);
    }
    return s;
  };
  for (const r of jobRows) {
    const s = of(r.customer_id);
    s.jobCount = Number(r.n);
    s.lastJobMs = r.last_ms === null ? null : Number(r.last_ms);
    s.amountPaise = Number(r.amount);
  }
  for (const r of paidRows) of(r.customer_id).paidPaise = Number(r.paid);
  return sums;
}

export function listCustomers(db: Db, userId: string): Promise<CustomerRow[]> {
  return db.selectFrom('hire_customers').selectAll().where('user_id', '=', userId).execute();
}

export async function updateCustomer(db: Db, id: string, values: Updateable<HireCustomersTable>): Promise<void> {
  await db.updateTable('hire_customers').set(values).where('id', '=', id).execute();
}

/**
 * Deletes the customer unless they have jobs or payments (checked in the statement, so a job added
 * meanwhile keeps them; one whose insert was under way as the statement began is the foreign key's
 * to refuse, and is answered the same way).
 */
export async function deleteCustomerIfUnused(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('hire_customers')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('hire_jobs')
            .select('id')
            .where('customer_id', '=', id)
            .union(selectFrom('hire_payments').select('id').where('customer_id', '=', id)),
        ),
      ),
    )
    .executeTakeFirst()
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) return { numDeletedRows: 0n };
      throw err;
    });
  return Number(result.numDeletedRows) > 0;
}

// ─── Jobs ────────────────────────────────────────────────────────────────────

const jobsWithNames = (db: Db) =>
  db
    .selectFrom('hire_jobs as j')
    .innerJoin('hire_customers as c', 'c.id', 'j.customer_id')
    .innerJoin('tractors as t', 't.id', 'j.tractor_id')
    .selectAll('j')
    .select(['c.name as customer_name', 't.vin', 't.reg_no', 't.veh_name']);

export async function insertJobIfNew(db: Db, row: Insertable<HireJobsTable>): Promise<boolean> {
  return inserted(
    await db
      .insertInto('hire_jobs')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst(),
  );
}

export function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('hire_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ownedJob(db: Db, userId: string, id: string): Promise<JobWithNames | undefined> {
  return jobsWithNames(db).where('j.id', '=', id).where('j.user_id', '=', userId).executeTakeFirst();
}

export interface JobFilter {
  customerId?: string | undefined;
  tractorId?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  limit: number;
}

/** The owner's jobs, newest first. */
export function listJobs(db: Db, userId: string, filter: JobFilter): Promise<JobWithNames[]> {
  let q = jobsWithNames(db).where('j.user_id', '=', userId);
  if (filter.customerId !== undefined) q = q.where('j.customer_id', '=', filter.customerId);
  if (filter.tractorId !== undefined) q = q.where('j.tractor_id', '=', filter.tractorId);
  if (filter.fromMs !== undefined) q = q.where('j.start_ms', '>=', filter.fromMs);
  if (filter.toMs !== undefined) q = q.where('j.start_ms', '<=', filter.toMs);
  return q.orderBy('j.start_ms', 'desc').orderBy('j.id').limit(filter.limit).execute();
}

/** A job of the tractor whose window meets [startMs, endMs) (endMs null: from startMs on), other than `exceptId`. */
export async function overlappingJob(db: Db, tractorId: string, startMs: number, endMs: number | null, exceptId: string): Promise<string | undefined> {
  let q = db
    .selectFrom('hire_jobs')
    .select('id')
    .where('tractor_id', '=', tractorId)
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('end_ms', 'is', null), eb('end_ms', '>', startMs)]));
  if (endMs !== null) q = q.where('start_ms', '<', endMs);
  return (await q.limit(1).executeTakeFirst())?.id;
}

export async function updateJob(db: Db, id: string, values: Updateable<HireJobsTable>): Promise<void> {
  await db.updateTable('hire_jobs').set(values).where('id', '=', id).execute();
}

/** The columns a job's figures and amount are worked out from. */
const MEASURE_BASIS = [
  'tractor_id',
  'start_ms',
  'end_ms',
  'implement_width_m',
  'rate_kind',
  'rate_paise',
  'trips',
  'acre_basis',
  'hour_basis',
  'agreed_quantity',
  'field_m2',
] as const;

/**
 * Stores figures measured from `basis` (the job as it was read) only if none of what they were
 * worked out from has changed since: a read measuring a running job must not overwrite the bill of
 * the end (or edit) stored meanwhile, which measured itself. False: not written.
 */
export async function storeMeasured(db: Db, basis: JobRow, values: Updateable<HireJobsTable>): Promise<boolean> {
  const result = await db
    .updateTable('hire_jobs')
    .set(values)
    .where('id', '=', basis.id)
    .where((eb) => eb.and(MEASURE_BASIS.map((column) => (basis[column] === null ? eb(column, 'is', null) : eb(column, '=', basis[column])))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the job at `endMs` if it is still running (false: someone ended it first, and that end stands). */
export async function endJobIfRunning(db: Db, id: string, endMs: number, now: number): Promise<boolean> {
  const result = await db.updateTable('hire_jobs').set({ end_ms: endMs, updated_at: now }).where('id', '=', id).where('end_ms', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Running jobs (no end) of the owner's tractors. */
export function runningJobs(db: Db, userId: string): Promise<JobRow[]> {
  return db.selectFrom('hire_jobs').selectAll().where('user_id', '=', userId).where('end_ms', 'is', null).execute();
}

/** Σ payments naming each job. */
export async function paidByJob(db: Db, jobIds: readonly string[]): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('hire_payments')
    .select((eb) => ['job_id', eb.fn.sum<number>('amount_paise').as('paid')])
    .where('job_id', 'in', jobIds)
    .groupBy('job_id')
    .execute();
  return new Map(rows.map((r) => [r.job_id as string, Number(r.paid)]));
}

/** Deletes a job; a proposal accepted into it is open again (its payments keep the customer: job_id set null). */
export async function deleteJob(db: Db, id: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('hire_proposals').set({ status: 'open', job_id: null, updated_at: now }).where('job_id', '=', id).execute();
    await trx.deleteFrom('hire_jobs').where('id', '=', id).execute();
  });
}

// ─── Payments ────────────────────────────────────────────────────────────────

export async function insertPaymentIfNew(db: Db, row: Insertable<HirePaymentsTable>): Promise<boolean> {
  return inserted(
    await db
      .insertInto('hire_payments')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst(),
  );
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('hire_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ownedPayment(db: Db, userId: string, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('hire_payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function listPayments(db: Db, userId: string, filter: { customerId?: string | undefined; jobId?: string | undefined }): Promise<PaymentRow[]> {
  let q = db.selectFrom('hire_payments').selectAll().where('user_id', '=', userId);
  if (filter.customerId !== undefined) q = q.where('customer_id', '=', filter.customerId);
  if (filter.jobId !== undefined) q = q.where('job_id', '=', filter.jobId);
  return q.orderBy('paid_on', 'desc').orderBy('created_at', 'desc').orderBy('id').limit(2000).execute();
}

export async function deletePayment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('hire_payments').where('id', '=', id).execute();
}

// ─── Proposals and scans ─────────────────────────────────────────────────────

export type ProposalValues = Omit<Insertable<HireProposalsTable>, 'id' | 'status' | 'job_id' | 'created_at' | 'updated_at'>;

/** Writes a place's current figures; a new place is an open proposal with the given id. */
export async function upsertProposal(db: Db, id: string, values: ProposalValues, now: number): Promise<void> {
  const { last_work_ms, end_ms, work_s, covered_m2, pto_s, lat, lon } = values;
  await db
    .insertInto('hire_proposals')
    .values({ id, ...values, status: 'open', job_id: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['tractor_id', 'start_ms']).doUpdateSet({ last_work_ms, end_ms, work_s, covered_m2, pto_s, lat, lon, updated_at: now }))
    .execute();
}

/** Open proposals of a tractor's day that are no longer places (late records moved a start). */
export async function dropStaleProposals(db: Db, tractorId: string, dayStart: number, keepStarts: readonly number[]): Promise<void> {
  let q = db.deleteFrom('hire_proposals').where('tractor_id', '=', tractorId).where('day_start', '=', dayStart).where('status', '=', 'open');
  if (keepStarts.length > 0) q = q.where('start_ms', 'not in', keepStarts);
  await q.execute();
}

export type ProposalWithTractor = ProposalRow & { vin: string; reg_no: string; veh_name: string };

/** Open proposals since `sinceMs` on tractors the owner still owns, that no job's window covers; newest first. */
export function openProposals(db: Db, userId: string, sinceMs: number): Promise<ProposalWithTractor[]> {
  return db
    .selectFrom('hire_proposals as p')
    .innerJoin('tractors as t', 't.id', 'p.tractor_id')
    .selectAll('p')
    .select(['t.vin', 't.reg_no', 't.veh_name'])
    .where('p.user_id', '=', userId)
    .where('t.owner_user_id', '=', userId)
    .where('p.status', '=', 'open')
    .where('p.start_ms', '>=', sinceMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('hire_jobs as j')
            .select('j.id')
            .whereRef('j.tractor_id', '=', 'p.tractor_id')
            .whereRef('j.start_ms', '<', 'p.end_ms')
            .where((eb) => eb.or([eb('j.end_ms', 'is', null), eb('j.end_ms', '>', eb.ref('p.start_ms'))])),
        ),
      ),
    )
    .orderBy('p.start_ms', 'desc')
    .limit(100)
    .execute();
}

export function ownedProposal(db: Db, userId: string, id: string): Promise<ProposalWithTractor | undefined> {
  return db
    .selectFrom('hire_proposals as p')
    .innerJoin('tractors as t', 't.id', 'p.tractor_id')
    .selectAll('p')
    .select(['t.vin', 't.reg_no', 't.veh_name'])
    .where('p.id', '=', id)
    .where('p.user_id', '=', userId)
    .where('t.owner_user_id', '=', userId)
    .executeTakeFirst();
}

/** Moves an open proposal to accepted (with its job) or dismissed; false when it was not open. */
export async function closeProposal(db: Db, id: string, status: 'accepted' | 'dismissed', jobId: string | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('hire_proposals')
    .set({ status, job_id: jobId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function scanStates(db: Db, tractorIds: readonly string[]): Promise<Map<string, number>> {
  if (tractorIds.length === 0) return new Map();
  const rows = await db.selectFrom('hire_scans').select(['tractor_id', 'last_time']).where('tractor_id', 'in', tractorIds).execute();
  return new Map(rows.map((r) => [r.tractor_id, Number(r.last_time)]));
}

export async function saveScan(db: Db, tractorId: string, lastTime: number, now: number): Promise<void> {
  await db
    .insertInto('hire_scans')
    .values({ tractor_id: tractorId, last_time: lastTime, scanned_at: now })
    .onConflict((oc) => oc.column('tractor_id').doUpdateSet({ last_time: lastTime, scanned_at: now }))
    .execute();
}

// ─── Links ───────────────────────────────────────────────────────────────────

/** The owner's links neither revoked nor expired at `now`. */
export async function countOpenLinks(db: Db, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('hire_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertLink(db: Db, row: Insertable<HireLinksTable>): Promise<void> {
  await db.insertInto('hire_links').values(row).execute();
}

export function linkByHash(db: Db, tokenHash: string): Promise<LinkRow | undefined> {
  return db.selectFrom('hire_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function ownedLink(db: Db, userId: string, kind: 'bill' | 'live', id: string): Promise<LinkRow | undefined> {
  return db.selectFrom('hire_links').selectAll().where('id', '=', id).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export function listLinks(
  db: Db,
  userId: string,
  kind: 'bill' | 'live',
  filter: { customerId?: string | undefined; tractorId?: string | undefined; endedAfter?: number },
): Promise<LinkRow[]> {
  let q = db.selectFrom('hire_links').selectAll().where('user_id', '=', userId).where('kind', '=', kind);
  if (filter.customerId !== undefined) q = q.where('customer_id', '=', filter.customerId);
  if (filter.tractorId !== undefined) q = q.where('tractor_id', '=', filter.tractorId);
  const after = filter.endedAfter;
  if (after !== undefined)
    q = q.where((eb) =>
      eb.and([eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', after)]), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', after)])]),
    );
  return q.orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
}

export async function revokeLink(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('hire_links').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

// ─── Telemetry (read only) ───────────────────────────────────────────────────

/** Most records read for one window: one a second for a whole day, and a little more. */
const WINDOW_MAX_ROWS = 100_000;

/** A tractor's stored records in [fromMs, toMs], time order, as readings (what measuring a job needs). */
export async function readingsBetween(db: Db, tractorId: string, fromMs: number, toMs: number): Promise<Reading[]> {
  const rows = await db
    .selectFrom('telemetry')
    .select(['device_time', 'lat', 'lon', 'speed_kmh', 'ignition', 'pto', 'worktime_min'])
    .where('tractor_id', '=', tractorId)
    .where('device_time', '>=', fromMs)
    .where('device_time', '<=', toMs)
    .orderBy('device_time')
    .limit(WINDOW_MAX_ROWS)
    .execute();
  return rows.map(toReading);
}

type ReadingColumns = Pick<TelemetryTable, 'device_time' | 'lat' | 'lon' | 'speed_kmh' | 'ignition' | 'pto' | 'worktime_min'>;

function toReading(row: ReadingColumns): Reading {
  const r: Reading = { time: Number(row.device_time) };
  if (row.lat !== null && row.lon !== null) {
    r.lat = row.lat;
    r.lon = row.lon;
  }
  if (row.speed_kmh !== null) r.speedKmh = row.speed_kmh;
  if (row.ignition !== null) r.ignition = row.ignition === 1;
  if (row.pto !== null) r.pto = row.pto === 1;
  if (row.worktime_min !== null) r.engineWorktimeMin = Number(row.worktime_min);
  return r;
}

/** Owner's language, for defaults and place names. */
export async function ownerLanguage(db: Db, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? 'en';
}
