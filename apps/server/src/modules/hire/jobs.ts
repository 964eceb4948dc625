import type { CreateJobRequest, JobDetail, JobSummary, JobsQuery, UpdateJobRequest } from '@tractorlink/domain/hire-api';
import { JOB_MAX_S } from '@tractorlink/domain/hire/rules';
import { fieldAreaM2 } from '@tractorlink/domain/hire/field';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine, HireJobsTable } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findOwnedTractor, type TractorRow } from '../tractors/repo';
import { checkWindow, invalid, requestHash } from './checks';
import { placesIn } from './job-places';
import type { JobMeasurer } from './measure';
import {
  type Db,
  deleteJob,
  endJobIfRunning,
  findJob,
  insertJobIfNew,
  type JobRow,
  listJobs,
  overlappingJob,
  ownedCustomer,
  ownedJob,
  ownerLanguage,
  paidByJob,
  readingsBetween,
  updateJob,
} from './repo';
import { jobDetailView, jobSummaryView } from './views';
import { isForeignKeyViolation } from '../../db/constraint-errors';

/** The nearest place's name in a language, or null (the geocoder failed or knows none). */
export type PlaceName = (lat: number, lon: number, language: string) => Promise<{ name: string; district: string | null } | null>;

/** What makes a job, however it was asked for (the owner's form, or a proposal accepted). */
export interface NewJob {
  id: string;
  customerId: string;
  tractor: TractorRow;
  implement: string;
  implementWidthM: number;
  rateKind: string;
  ratePaise: number;
  startMs: number;
  endMs: number | null;
  trips: number;
  acreBasis: string;
  hourBasis: string;
  agreedQuantity: number | null;
  boundary: { latitude: number; longitude: number }[] | null;
  note: string | null;
  origin: 'owner' | 'proposal';
  /** Where the work started, when known (a proposal's place). */
  position?: { lat: number; lon: number };
  hash: string;
}

/**
 * Jobs (issue 17): made by the owner or from a proposal, with the phone's id (a repeat answers the job
 * made, other content with that id is ID_CONFLICT); one tractor never has two jobs at once
 * (JOB_OVERLAP, checked under a lock on the tractor so racing creates cannot both pass).
 */
export class JobBook {
  constructor(
    private readonly deps: {
      db: Db;
      engine: Engine;
      clock: Clock;
      measurer: JobMeasurer;
      placeName: PlaceName;
      /** Ends running jobs whose work moved on or whose day is over (the proposal scan), before reads. */
      refresh: (userId: string) => Promise<void>;
    },
  ) {}

  async create(userId: string, body: CreateJobRequest): Promise<{ created: boolean; job: JobDetail }> {
    const { db, clock } = this.deps;
    const tractor = await findOwnedTractor(db, userId, body.vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const startMs = body.startAt !== undefined ? body.startAt * 1000 : now;
    const endMs = body.endAt === undefined || body.endAt === null ? null : body.endAt * 1000;
    return this.insert(userId, {
      id: body.id,
      customerId: body.customerId,
      tractor,
      implement: body.implement,
      implementWidthM: body.implementWidthM,
      rateKind: body.rateKind,
      ratePaise: body.ratePaise,
      startMs,
      endMs,
      trips: body.trips ?? 1,
      acreBasis: body.acreBasis ?? 'covered',
      hourBasis: body.hourBasis ?? 'pto',
      agreedQuantity: body.agreedQuantity ?? null,
      boundary: body.boundary ?? null,
      note: body.note ?? null,
      origin: 'owner',
      hash: requestHash({ kind: 'job', ...body }),
    });
  }

  /**
   * Stores a new job once: the same id again answers what exists (created false) when it was made by
   * the same request, else ID_CONFLICT. `hooks` run in the insert's transaction, under the tractor's
   * lock: `before` may refuse, `after` writes with the job (a proposal is closed with the job it
   * became, or neither happens).
   */
  async insert(
    userId: string,
    job: NewJob,
    hooks: { before?: (trx: Db) => Promise<void>; after?: (trx: Db) => Promise<void> } = {},
  ): Promise<{ created: boolean; job: JobDetail }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const existing = await findJob(db, job.id);
    if (existing) return { created: false, job: await this.repeat(userId, existing, job.hash) };
    if (!(await ownedCustomer(db, userId, job.customerId))) throw new AppError('NOT_FOUND');
    checkWindow(job.startMs, job.endMs, now);
    const position = job.position ?? (await this.startPosition(job.tractor.id, job.startMs));
    const row: Insertable<HireJobsTable> = {
      id: job.id,
      user_id: userId,
      customer_id: job.customerId,
      tractor_id: job.tractor.id,
      implement: job.implement,
      implement_width_m: job.implementWidthM,
      rate_kind: job.rateKind,
      rate_paise: job.ratePaise,
      trips: job.trips,
      acre_basis: job.acreBasis,
      hour_basis: job.hourBasis,
      agreed_quantity: job.agreedQuantity,
      start_ms: job.startMs,
      end_ms: job.endMs,
      origin: job.origin,
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      place: position ? ((await this.deps.placeName(position.lat, position.lon, await ownerLanguage(db, userId)))?.name ?? null) : null,
      boundary: job.boundary ? JSON.stringify(job.boundary) : null,
      field_m2: job.boundary ? fieldAreaM2(job.boundary) : null,
      note: job.note,
      quantity_source: 'covered',
      request_hash: job.hash,
      created_at: now,
      updated_at: now,
    };
    const created = await db
      .transaction()
      .execute(async (trx) => {
        await this.lockTractor(trx, job.tractor.id);
        // Inside the lock: a create racing with the same id finds it here and answers the one made.
        if (await findJob(trx, job.id)) return false;
        await hooks.before?.(trx);
        const overlap = await overlappingJob(trx, job.tractor.id, job.startMs, job.endMs, job.id);
        if (overlap) throw new AppError('JOB_OVERLAP', { details: [{ path: 'startAt', code: 'JOB_OVERLAP' }] });
        const added = await insertJobIfNew(trx, row);
        if (added) await hooks.after?.(trx);
        return added;
      })
      .catch((err: unknown) => {
        // The customer was deleted between the check above and the insert.
        if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND');
        throw err;
      });
    const stored = (await findJob(db, job.id)) as JobRow;
    if (!created) return { created: false, job: await this.repeat(userId, stored, job.hash) };
    await this.deps.measurer.measure(stored);
    return { created: true, job: await this.detail(userId, job.id, false) };
  }

  /** A create sent again: the job as it is now, or ID_CONFLICT when the id was used otherwise. */
  private async repeat(userId: string, existing: JobRow, hash: string): Promise<JobDetail> {
    if (existing.user_id !== userId || existing.request_hash !== hash) throw new AppError('ID_CONFLICT');
    return this.detail(userId, existing.id, true);
  }

  /** Serialises job writes per tractor: PostgreSQL locks its row; SQLite has one writer anyway. */
  private async lockTractor(trx: Db, tractorId: string): Promise<void> {
    if (this.deps.engine === 'postgres') await sql`SELECT id FROM tractors WHERE id = ${tractorId} FOR UPDATE`.execute(trx);
  }

  /** The job's row, held until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
  private lockJob(trx: Db, jobId: string): Promise<JobRow | undefined> {
    return trx
      .selectFrom('hire_jobs')
      .selectAll()
      .where('id', '=', jobId)
      .$if(this.deps.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
  }

  /** Where the tractor was when the job started: its first fix in the job's first hour, else its latest before. */
  private async startPosition(tractorId: string, startMs: number): Promise<{ lat: number; lon: number } | undefined> {
    const after = await readingsBetween(this.deps.db, tractorId, startMs, startMs + 3600_000);
    const fix = after.find((r) => r.lat !== undefined && r.lon !== undefined);
    if (fix) return { lat: fix.lat as number, lon: fix.lon as number };
    const before = await readingsBetween(this.deps.db, tractorId, startMs - 6 * 3600_000, startMs);
    const last = before.findLast((r) => r.lat !== undefined && r.lon !== undefined);
    return last ? { lat: last.lat as number, lon: last.lon as number } : undefined;
  }

  async detail(userId: string, jobId: string, refresh = true): Promise<JobDetail> {
    if (refresh) await this.deps.refresh(userId);
    const job = await ownedJob(this.deps.db, userId, jobId);
    if (!job) throw new AppError('NOT_FOUND');
    const [fresh] = await this.deps.measurer.fresh([job]);
    const [paid, places] = await Promise.all([paidByJob(this.deps.db, [jobId]), this.places(userId, [job])]);
    return jobDetailView(fresh ?? job, paid.get(jobId) ?? 0, places.get(jobId) ?? null);
  }

  async list(userId: string, q: JobsQuery): Promise<JobSummary[]> {
    const { db } = this.deps;
    // Another owner's customer is 404 like an unknown one (docs/hire-api.md), not an empty list.
    if (q.customerId !== undefined && !(await ownedCustomer(db, userId, q.customerId))) throw new AppError('NOT_FOUND');
    await this.deps.refresh(userId);
    let tractorId: string | undefined;
    if (q.vin !== undefined) {
      const tractor = await findOwnedTractor(db, userId, q.vin);
      if (!tractor) throw new AppError('NOT_FOUND');
      tractorId = tractor.id;
    }
    const rows = await listJobs(db, userId, {
      customerId: q.customerId,
      tractorId,
      fromMs: q.from === undefined ? undefined : q.from * 1000,
      toMs: q.to === undefined ? undefined : q.to * 1000,
      limit: q.limit,
    });
    const jobs = await this.deps.measurer.fresh(rows);
    const [paid, places] = await Promise.all([
      paidByJob(
        db,
        jobs.map((j) => j.id),
      ),
      this.places(userId, jobs),
    ]);
    return jobs.map((j) => jobSummaryView(j, paid.get(j.id) ?? 0, places.get(j.id) ?? null));
  }

  /** The jobs' places in the owner's language as it is now (it may have changed since they were made). */
  private async places(userId: string, jobs: readonly JobRow[]): Promise<Map<string, string | null>> {
    return placesIn(jobs, await ownerLanguage(this.deps.db, userId), this.deps.placeName);
  }

  async update(userId: string, jobId: string, body: UpdateJobRequest): Promise<JobDetail> {
    const { db, clock } = this.deps;
    const job = await ownedJob(db, userId, jobId);
    if (!job) throw new AppError('NOT_FOUND');
    if (body.customerId !== undefined && !(await ownedCustomer(db, userId, body.customerId))) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const values: Updateable<HireJobsTable> = { updated_at: now };
    if (body.customerId !== undefined) values.customer_id = body.customerId;
    if (body.implement !== undefined) values.implement = body.implement;
    if (body.implementWidthM !== undefined) values.implement_width_m = body.implementWidthM;
    if (body.rateKind !== undefined) values.rate_kind = body.rateKind;
    if (body.ratePaise !== undefined) values.rate_paise = body.ratePaise;
    if (body.trips !== undefined) values.trips = body.trips;
    if (body.acreBasis !== undefined) values.acre_basis = body.acreBasis;
    if (body.hourBasis !== undefined) values.hour_basis = body.hourBasis;
    if (body.agreedQuantity !== undefined) values.agreed_quantity = body.agreedQuantity;
    if (body.note !== undefined) values.note = body.note;
    if (body.boundary !== undefined) {
      values.boundary = body.boundary === null ? null : JSON.stringify(body.boundary);
      values.field_m2 = body.boundary === null ? null : fieldAreaM2(body.boundary);
    }
    await db.transaction().execute(async (trx) => {
      await this.lockTractor(trx, job.tractor_id);
      // The window is worked out from the job as it is now, held to the commit: an end stored since
      // the read above is kept (an edit of the rate must not make an ended job run again).
      const current = await this.lockJob(trx, job.id);
      if (!current) throw new AppError('NOT_FOUND');
      const startMs = body.startAt !== undefined ? body.startAt * 1000 : Number(current.start_ms);
      const endMs = body.endAt !== undefined ? (body.endAt === null ? null : body.endAt * 1000) : current.end_ms === null ? null : Number(current.end_ms);
      checkWindow(startMs, endMs, now);
      if (await overlappingJob(trx, job.tractor_id, startMs, endMs, job.id))
        throw new AppError('JOB_OVERLAP', { details: [{ path: 'startAt', code: 'JOB_OVERLAP' }] });
      await updateJob(trx, job.id, { ...values, start_ms: startMs, end_ms: endMs });
    });
    // Measured again whatever changed: the stored figures may be of a window an end racing this
    // edit has since moved (its own measurement then skipped, as the rate had changed under it).
    await this.deps.measurer.measure((await findJob(db, job.id)) as JobRow);
    return this.detail(userId, job.id, false);
  }

  /** Ends a running job (now by default); an ended one stays as it is. */
  async end(userId: string, jobId: string, endAt: number | undefined): Promise<JobDetail> {
    const { db, clock } = this.deps;
    const job = await ownedJob(db, userId, jobId);
    if (!job) throw new AppError('NOT_FOUND');
    if (job.end_ms !== null) return this.detail(userId, jobId, false);
    const now = clock.now();
    const startMs = Number(job.start_ms);
    let endMs = endAt !== undefined ? endAt * 1000 : now;
    // Ended late by the owner: a job is one day's work at most.
    if (endAt === undefined) endMs = Math.min(endMs, startMs + JOB_MAX_S * 1000);
    if (endMs <= startMs) throw invalid('endAt', 'END_BEFORE_START');
    checkWindow(startMs, endMs, now);
    // Ended at once by another request (or the scan): that end stands and is what this one answers.
    await this.setEnd(job, endMs);
    return this.detail(userId, jobId, false);
  }

  /**
   * Ends a running job at `endMs` (the owner, or the scan when its work moved on) and measures it;
   * a job ended meanwhile keeps its end (false), so two ends at once never leave one's time with
   * the other's bill.
   */
  async setEnd(job: JobRow, endMs: number): Promise<boolean> {
    const { db, clock, measurer } = this.deps;
    if (!(await endJobIfRunning(db, job.id, endMs, clock.now()))) return false;
    // Measured as stored now (an edit may have come between the caller's read and the end).
    const stored = await findJob(db, job.id);
    if (stored) await measurer.measure(stored);
    return true;
  }

  async remove(userId: string, jobId: string): Promise<void> {
    const job = await ownedJob(this.deps.db, userId, jobId);
    if (!job) throw new AppError('NOT_FOUND');
    await deleteJob(this.deps.db, jobId, this.deps.clock.now());
  }
}
