import { randomUUID } from 'node:crypto';
import type { AcceptProposalRequest, JobDetail, Proposal } from '@tractorlink/domain/hire-api';
import { measureWindow } from '@tractorlink/domain/hire/acreage';
import { acresOf } from '@tractorlink/domain/hire/amount';
import { type DayWork, endOfJobVisit, workPlaces } from '@tractorlink/domain/hire/sites';
import type { Reading } from '@tractorlink/domain/telemetry';
import { DAY_MS, istDayStart } from '@tractorlink/domain/time';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { listOwnedTractors, type TractorRow } from '../tractors/repo';
import { requestHash } from './checks';
import type { JobBook, PlaceName } from './jobs';
import { ptoHoursOf, storedPtoS } from './measure';
import {
  closeProposal,
  type Db,
  dropStaleProposals,
  findJob,
  type JobRow,
  listJobs,
  openProposals,
  ownedProposal,
  ownerLanguage,
  readingsBetween,
  runningJobs,
  saveScan,
  scanStates,
  upsertProposal,
} from './repo';
import { secs } from './views';

/** A proposal still being worked: work there within this long. */
const RUNNING_WITHIN_MS = 10 * 60_000;

/**
 * Job proposals (issue 17): the places each tractor of the owner worked today and yesterday that no
 * job covers ('Working near Shirsgaon since 7:40 — whose job is this?'), worked out from the stored
 * records when the owner looks, once per new record; and running jobs ended when their tractor's
 * work moved to another place or their day is over.
 */
export class ProposalService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: JobBook;
      placeName: PlaceName;
    },
  ) {}

  /** Brings the owner's proposals and running jobs up to the records stored so far. */
  async refresh(userId: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const tractors = await listOwnedTractors(db, userId);
    if (tractors.length === 0) return;
    const ids = tractors.map((t) => t.id);
    const [scanned, lastTimes] = await Promise.all([scanStates(db, ids), this.lastTimes(ids)]);
    const days = new Map<string, DayWork>();
    for (const tractor of tractors) {
      const last = lastTimes.get(tractor.id);
      if (last === undefined || last <= (scanned.get(tractor.id) ?? -1)) continue;
      // From the day of the last scan (its late records), at most yesterday, to today.
      const from = istDayStart(Math.max(scanned.get(tractor.id) ?? 0, now - DAY_MS));
      for (let day = from; day <= istDayStart(now); day += DAY_MS) days.set(`${tractor.id}:${day}`, await this.scanDay(userId, tractor, day));
      await saveScan(db, tractor.id, last, now);
    }
    await this.endRunningJobs(userId, days);
  }

  /** The places of one IST day of a tractor, written as proposals; answers the day's work. */
  async scanDay(userId: string, tractor: TractorRow, dayStart: number): Promise<DayWork> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const readings = await readingsBetween(db, tractor.id, dayStart, Math.min(dayStart + DAY_MS - 1, now));
    const work = workPlaces(readings);
    for (const place of work.places) {
      const figures = measureWindow(readings, tractor.implement_width_m, place.start, place.firstVisitEnd);
      await upsertProposal(
        db,
        randomUUID(),
        {
          user_id: userId,
          tractor_id: tractor.id,
          day_start: dayStart,
          start_ms: place.start,
          last_work_ms: place.lastWork,
          end_ms: place.firstVisitEnd,
          lat: place.anchor.lat,
          lon: place.anchor.lon,
          work_s: place.workS,
          covered_m2: figures.coveredM2,
          // Not measured on a device without a PTO input (its places are found by passes, sites.ts).
          pto_s: storedPtoS(figures.ptoS),
        },
        now,
      );
    }
    await dropStaleProposals(
      db,
      tractor.id,
      dayStart,
      work.places.map((p) => p.start),
    );
    return work;
  }

  /**
   * A running job ends at the end of its visit once the tractor works at another place, or, when its
   * IST day is over, at its visit's end (else its day's last record): a job is one day's work.
   */
  private async endRunningJobs(userId: string, days: Map<string, DayWork>): Promise<void> {
    const now = this.deps.clock.now();
    for (const job of await runningJobs(this.deps.db, userId)) {
      const start = Number(job.start_ms);
      const day = istDayStart(start);
      const dayOver = now >= day + DAY_MS;
      let work = days.get(`${job.tractor_id}:${day}`);
      if (!work && !dayOver) continue;
      let readings: Reading[] | undefined;
      if (!work) {
        readings = await readingsBetween(this.deps.db, job.tractor_id, day, day + DAY_MS - 1);
        work = workPlaces(readings);
      }
      let end = endOfJobVisit(work, start);
      if (end === undefined && dayOver) {
        const visit = work.visits.find((v) => v.end > start);
        readings ??= await readingsBetween(this.deps.db, job.tractor_id, start, day + DAY_MS - 1);
        const lastRecord = readings.findLast((r) => r.time > start)?.time;
        end = visit?.end ?? lastRecord ?? start + 1000;
      }
      if (end !== undefined) await this.deps.jobs.setEnd(job, Math.max(end, start + 1000));
    }
  }

  private async lastTimes(tractorIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.deps.db.selectFrom('tractor_state').select(['tractor_id', 'last_time']).where('tractor_id', 'in', tractorIds).execute();
    return new Map(rows.map((r) => [r.tractor_id, Number(r.last_time)]));
  }

  /** Open proposals of today and yesterday (IST), newest first, with the place in the owner's language. */
  async list(userId: string): Promise<Proposal[]> {
    const { db, clock } = this.deps;
    await this.refresh(userId);
    const now = clock.now();
    const language = await ownerLanguage(db, userId);
    const rows = await openProposals(db, userId, istDayStart(now) - DAY_MS);
    return Promise.all(
      rows.map(async (p) => ({
        id: p.id,
        vin: p.vin,
        regNo: p.reg_no,
        vehName: p.veh_name,
        startAt: secs(Number(p.start_ms)),
        lastWorkAt: secs(Number(p.last_work_ms)),
        running: now - Number(p.last_work_ms) <= RUNNING_WITHIN_MS,
        position: { lat: p.lat, lng: p.lon },
        place: await this.deps.placeName(p.lat, p.lon, language),
        coveredAcres: acresOf(p.covered_m2),
        ptoHours: ptoHoursOf(p.pto_s),
      })),
    );
  }

  /**
   * Accepts a proposal with a customer (one tap): a job from the place's start, running until its
   * work moves on; implement and rate default to the customer's latest job. The same jobId again
   * answers that job.
   */
  async accept(userId: string, proposalId: string, body: AcceptProposalRequest): Promise<{ created: boolean; job: JobDetail }> {
    const { db } = this.deps;
    const proposal = await ownedProposal(db, userId, proposalId);
    if (!proposal) throw new AppError('NOT_FOUND');
    const hash = requestHash({ kind: 'accept', proposalId, ...body });
    const existing = await findJob(db, body.jobId);
    if (!existing && proposal.status !== 'open') throw new AppError('PROPOSAL_CLOSED');
    const tractor = (await listOwnedTractors(db, userId)).find((t) => t.id === proposal.tractor_id) as TractorRow;
    const last: JobRow | undefined = (await listJobs(db, userId, { customerId: body.customerId, limit: 1 }))[0];
    const implement = body.implement ?? last?.implement ?? 'other';
    const result = await this.deps.jobs.insert(
      userId,
      {
        id: body.jobId,
        customerId: body.customerId,
        tractor,
        implement,
        implementWidthM: body.implementWidthM ?? (last && last.implement === implement ? last.implement_width_m : tractor.implement_width_m),
        rateKind: body.rateKind ?? last?.rate_kind ?? 'acre',
        ratePaise: body.ratePaise ?? (last ? Number(last.rate_paise) : 0),
        startMs: Number(proposal.start_ms),
        endMs: null,
        trips: 1,
        acreBasis: 'covered',
        hourBasis: 'pto',
        agreedQuantity: null,
        boundary: null,
        note: null,
        origin: 'proposal',
        position: { lat: proposal.lat, lon: proposal.lon },
        hash,
      },
      {
        before: async (trx) => {
          if ((await ownedProposal(trx, userId, proposalId))?.status !== 'open') throw new AppError('PROPOSAL_CLOSED');
        },
        after: async (trx) => {
          if (!(await closeProposal(trx, proposalId, 'accepted', body.jobId, this.deps.clock.now()))) throw new AppError('PROPOSAL_CLOSED');
        },
      },
    );
    if (!result.created) return result;
    // Its work may have moved on already (or its day be over): ended now, not at the next look.
    const day = istDayStart(Number(proposal.start_ms));
    const work = await this.scanDay(userId, tractor, day);
    await this.endRunningJobs(userId, new Map([[`${tractor.id}:${day}`, work]]));
    return { created: true, job: await this.deps.jobs.detail(userId, body.jobId, false) };
  }

  async dismiss(userId: string, proposalId: string): Promise<void> {
    const proposal = await ownedProposal(this.deps.db, userId, proposalId);
    if (!proposal) throw new AppError('NOT_FOUND');
    if (proposal.status === 'dismissed') return;
    if (!(await closeProposal(this.deps.db, proposalId, 'dismissed', null, this.deps.clock.now()))) throw new AppError('PROPOSAL_CLOSED');
  }
}
