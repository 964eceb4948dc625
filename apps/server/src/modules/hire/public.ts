import { thinTrack, type TrackPoint } from '@tractorlink/domain/downsample';
import { type PublicBill, type PublicLive, TOKEN_PATTERN } from '@tractorlink/domain/hire-api';
import { BILL_JOBS_MAX, type Implement, LIVE_REFRESH_S, LIVE_TRACK_MAX_POINTS, type PaymentMethod } from '@tractorlink/domain/hire/rules';
import type { LanguageCode } from '@tractorlink/domain/languages';
import type { Reading } from '@tractorlink/domain/telemetry';
import { istDate, istDayStart } from '@tractorlink/domain/time';
import { connectivity, MOVING_MIN_KMH } from '@tractorlink/domain/vehicle-state';
import { isWorking } from '@tractorlink/domain/work';
import type { Clock } from '../../clock';
import { sha256 } from '../../crypto/secrets';
import { AppError } from '../../errors/app-error';
import { findWithStateById } from '../vehicles/repo';
import { placesIn } from './job-places';
import type { PlaceName } from './jobs';
import type { JobMeasurer } from './measure';
import { billOf } from './measure';
import {
  customerSums,
  type Db,
  findCustomer,
  type JobWithNames,
  type LinkRow,
  linkByHash,
  listJobs,
  listPayments,
  ownedJob,
  paidByJob,
  readingsBetween,
} from './repo';
import { boundaryOf, linkState, secs, workedAreaOf } from './views';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The pages anyone with a link sees, without logging in (issue 17): a customer's bill and a tractor's
 * live position. A token unknown, malformed, revoked or expired is NOT_FOUND, the same answer as an
 * unknown route; what is shown is only what the link is for (no owner, no other customer, no ids).
 */
export class PublicPages {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      measurer: JobMeasurer;
      placeName: PlaceName;
      offlineAfterMs: number;
      /** Ends the owner's running jobs whose work moved on, so a bill never runs into the next job. */
      refresh: (userId: string) => Promise<void>;
    },
  ) {}

  private async active(token: string, kind: 'bill' | 'live'): Promise<LinkRow> {
    if (!TOKEN_PATTERN.test(token)) throw new AppError('NOT_FOUND');
    const link = await linkByHash(this.deps.db, sha256(token));
    if (!link || link.kind !== kind || linkState(link, this.deps.clock.now()) !== 'active') throw new AppError('NOT_FOUND');
    return link;
  }

  async bill(token: string): Promise<PublicBill> {
    const { db, clock, measurer } = this.deps;
    const link = await this.active(token, 'bill');
    const customer = await findCustomer(db, link.customer_id as string);
    if (!customer) throw new AppError('NOT_FOUND');
    await this.deps.refresh(link.user_id);
    let rows: JobWithNames[];
    if (link.job_id !== null) {
      const job = await ownedJob(db, link.user_id, link.job_id);
      rows = job && job.customer_id === customer.id ? [job] : [];
    } else rows = await listJobs(db, link.user_id, { customerId: customer.id, limit: BILL_JOBS_MAX + 1 });
    const truncated = rows.length > BILL_JOBS_MAX;
    const jobs = await measurer.fresh(rows.slice(0, BILL_JOBS_MAX));
    const [paid, payments, sums] = await Promise.all([
      paidByJob(
        db,
        jobs.map((j) => j.id),
      ),
      listPayments(db, link.user_id, link.job_id !== null ? { customerId: customer.id, jobId: link.job_id } : { customerId: customer.id }),
      customerSums(db, link.user_id, customer.id),
    ]);
    const language = customer.language as LanguageCode;
    const places = await placesIn(jobs, language, this.deps.placeName);
    const billJobs = jobs.map((j) => {
      const bill = billOf(j);
      return {
        date: istDate(Number(j.start_ms)),
        startAt: secs(Number(j.start_ms)),
        endAt: j.end_ms === null ? null : secs(Number(j.end_ms)),
        running: j.end_ms === null,
        implement: j.implement as Implement,
        rateKind: j.rate_kind as PublicBill['jobs'][number]['rateKind'],
        ratePaise: Number(j.rate_paise),
        coveredAcres: bill.coveredAcres,
        fieldAcres: bill.fieldAcres,
        ptoHours: bill.ptoHours,
        engineHours: bill.engineHours,
        quantity: bill.quantity,
        quantitySource: bill.source,
        amountPaise: bill.amountPaise,
        paidPaise: paid.get(j.id) ?? 0,
        place: places.get(j.id) ?? null,
        workedArea: workedAreaOf(j.worked_area),
        boundary: boundaryOf(j.boundary)?.map((p): [number, number] => [p.longitude, p.latitude]) ?? null,
      };
    });
    const listedPayments = payments.map((p) => ({ paidOn: p.paid_on, amountPaise: Number(p.amount_paise), method: p.method as PaymentMethod }));
    const sum = sums.get(customer.id);
    return {
      language,
      issuedAt: secs(clock.now()),
      customer: { name: customer.name, village: customer.village },
      jobs: billJobs,
      truncated,
      payments: listedPayments,
      totals: {
        amountPaise: billJobs.reduce((total, j) => total + j.amountPaise, 0),
        paidPaise: listedPayments.reduce((total, p) => total + p.amountPaise, 0),
      },
      balancePaise: (sum?.amountPaise ?? 0) - (sum?.paidPaise ?? 0),
    };
  }

  async live(token: string): Promise<PublicLive> {
    const { db, clock } = this.deps;
    const link = await this.active(token, 'live');
    const t = await findWithStateById(db, link.tractor_id as string);
    // A tractor that changed hands is no longer the link's to show.
    if (!t || t.tractor.owner_user_id !== link.user_id) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const last = t.state ? (JSON.parse(t.state.lastReading) as Reading) : undefined;
    const fix = t.state?.lastFix ? (JSON.parse(t.state.lastFix) as { lat: number; lon: number; time: number }) : undefined;
    const offline = connectivity(t.state?.lastSeenAt, now, this.deps.offlineAfterMs) !== 'online';
    const status =
      offline || !last ? 'offline' : isWorking(last) ? 'working' : (last.speedKmh ?? 0) >= MOVING_MIN_KMH && last.ignition !== false ? 'moving' : 'stopped';
    let track: PublicLive['track'] = null;
    if (link.include_track === 1) {
      const readings = await readingsBetween(db, t.tractor.id, istDayStart(now), now);
      const points: TrackPoint[] = readings.flatMap((r) =>
        r.lat === undefined || r.lon === undefined ? [] : [[secs(r.time), r.lat, r.lon, r.speedKmh ?? 0, isWorking(r) ? 1 : 0] as TrackPoint],
      );
      track = thinTrack(points, LIVE_TRACK_MAX_POINTS).map(([time, lat, lon]) => [time, round(lat, 6), round(lon, 6)]);
    }
    return {
      language: link.language as LanguageCode,
      regNo: t.tractor.reg_no,
      expiresAt: secs(Number(link.expires_at)),
      position: fix
        ? {
            lat: round(fix.lat, 6),
            lng: round(fix.lon, 6),
            at: secs(fix.time),
            speedKmh: last?.speedKmh ?? null,
            heading: last?.heading ?? null,
          }
        : null,
      status,
      track,
      refreshAfterSeconds: LIVE_REFRESH_S,
    };
  }
}
