import { measureWindow } from '@tractorlink/domain/hire/acreage';
import { acresOf, hoursOf, jobAmount } from '@tractorlink/domain/hire/amount';
import { workedOutline } from '@tractorlink/domain/hire/outline';
import type { AcreBasis, HourBasis, RateKind } from '@tractorlink/domain/hire/rules';
import type { Updateable } from 'kysely';
import type { HireJobsTable } from '../../db/types';
import { type Db, type JobRow, readingsBetween, storeMeasured } from './repo';

/** A job measured again this soon after its end may still get the device's buffered records. */
const SETTLING_MS = 15 * 60_000;
/** Reads re-measure such a job at most this often. */
const REMEASURE_EVERY_MS = 60_000;

/**
 * pto_s of a job or proposal whose tractor's device sent no PTO field in its window: PTO time not
 * measured (shown as such, not as 0 hours). The columns are NOT NULL, so not measured is stored below 0.
 */
const PTO_NOT_MEASURED = -1;

/** The pto_s column's value for a measured PTO time, null when not measured. */
export const storedPtoS = (ptoS: number | null): number => ptoS ?? PTO_NOT_MEASURED;

/** PTO hours from the pto_s column: null when not measured. */
export const ptoHoursOf = (ptoS: number): number | null => (ptoS < 0 ? null : hoursOf(ptoS));

/** The figures and amount of a job from its stored columns (amounts follow the rate and basis at once). */
export function billOf(job: JobRow) {
  const fieldAcres = job.field_m2 === null ? null : acresOf(job.field_m2);
  const figures = {
    coveredAcres: acresOf(job.covered_m2),
    fieldAcres,
    ptoHours: ptoHoursOf(job.pto_s),
    engineHours: hoursOf(job.engine_s),
  };
  const amount = jobAmount({
    rateKind: job.rate_kind as RateKind,
    ratePaise: Number(job.rate_paise),
    trips: job.trips,
    acreBasis: job.acre_basis as AcreBasis,
    hourBasis: job.hour_basis as HourBasis,
    agreedQuantity: job.agreed_quantity,
    ...figures,
  });
  return { ...figures, ...amount };
}

/**
 * Measures jobs from their tractor's stored track (issue 17): covered area (overlaps once), PTO and
 * engine time, the worked-area outline, and the amount, written back to the job so ledgers are sums.
 */
export class JobMeasurer {
  constructor(private readonly deps: { db: Db; now: () => number }) {}

  /**
   * Measures the job now and stores the figures unless the job changed meanwhile (its end or edit
   * measured itself); answers the job as measured.
   */
  async measure(job: JobRow): Promise<JobRow> {
    const now = this.deps.now();
    const to = job.end_ms ?? now;
    const readings = await readingsBetween(this.deps.db, job.tractor_id, Number(job.start_ms), Number(to));
    const figures = measureWindow(readings, job.implement_width_m, Number(job.start_ms), Number(to));
    const outline = workedOutline(figures.swaths, job.implement_width_m);
    const measured: JobRow = {
      ...job,
      covered_m2: figures.coveredM2,
      pto_s: storedPtoS(figures.ptoS),
      engine_s: figures.engineS,
      worked_area: outline ? JSON.stringify(outline) : null,
      measured_at: now,
    };
    const bill = billOf(measured);
    const values: Updateable<HireJobsTable> = {
      covered_m2: measured.covered_m2,
      pto_s: measured.pto_s,
      engine_s: measured.engine_s,
      worked_area: measured.worked_area,
      measured_at: now,
      quantity: bill.quantity,
      quantity_source: bill.source,
      amount_paise: bill.amountPaise,
    };
    await storeMeasured(this.deps.db, job, values);
    return { ...measured, quantity: bill.quantity, quantity_source: bill.source, amount_paise: bill.amountPaise };
  }

  /**
   * Whether a read should measure the job again: never measured, still running, or measured before its
   * end had settled (the device's buffered records may have come since) and not within the last minute.
   */
  isStale(job: JobRow): boolean {
    const now = this.deps.now();
    if (job.measured_at === null) return true;
    const measuredAt = Number(job.measured_at);
    if (now - measuredAt < REMEASURE_EVERY_MS && job.end_ms !== null) return false;
    if (job.end_ms === null) return now - measuredAt >= 5_000;
    return measuredAt < Number(job.end_ms) + SETTLING_MS;
  }

  /** Measures the stale ones among `jobs`, keeping their order. */
  async fresh<T extends JobRow>(jobs: readonly T[]): Promise<T[]> {
    const out: T[] = [];
    for (const job of jobs) out.push(this.isStale(job) ? { ...job, ...(await this.measure(job)) } : job);
    return out;
  }
}
