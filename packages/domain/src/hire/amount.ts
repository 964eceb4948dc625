import { SQUARE_METERS_PER_ACRE } from '../geo';
import type { AcreBasis, HourBasis, QuantitySource, RateKind } from './rules';

/** What a job is billed on: its rate and the figures its track measured. */
export interface Billable {
  rateKind: RateKind;
  ratePaise: number;
  trips: number;
  acreBasis: AcreBasis;
  hourBasis: HourBasis;
  /** A figure the owner and customer agreed on instead of the measured one. */
  agreedQuantity: number | null;
  coveredAcres: number;
  fieldAcres: number | null;
  /** Null when the tractor's device has no PTO input (not measured). */
  ptoHours: number | null;
  engineHours: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Acres and hours as the bill shows them: 2 decimals. */
export const acresOf = (m2: number) => round2(m2 / SQUARE_METERS_PER_ACRE);
export const hoursOf = (seconds: number) => round2(seconds / 3600);

/** The quantity the rate multiplies, and where it came from (the bill says which). */
export function billedQuantity(job: Billable): { quantity: number; source: QuantitySource } {
  if (job.agreedQuantity !== null) return { quantity: round2(job.agreedQuantity), source: 'agreed' };
  switch (job.rateKind) {
    case 'acre':
      return job.acreBasis === 'field' && job.fieldAcres !== null
        ? { quantity: round2(job.fieldAcres), source: 'field' }
        : { quantity: round2(job.coveredAcres), source: 'covered' };
    case 'hour':
      // PTO hours not measured (a device without the input): the engine hours, and the bill says so.
      return job.hourBasis === 'engine' || job.ptoHours === null
        ? { quantity: round2(job.engineHours), source: 'engine' }
        : { quantity: round2(job.ptoHours), source: 'pto' };
    case 'trip':
      return { quantity: job.trips, source: 'trips' };
  }
}

/** Rate × quantity in whole paise: the quantity the bill prints, times the rate, multiplies out exactly. */
export function amountPaise(ratePaise: number, quantity: number): number {
  // Quantities have 2 decimals: work in hundredths so 1.15 × 100 does not become 114.999….
  return Math.round((ratePaise * Math.round(quantity * 100)) / 100);
}

export function jobAmount(job: Billable): { quantity: number; source: QuantitySource; amountPaise: number } {
  const { quantity, source } = billedQuantity(job);
  return { quantity, source, amountPaise: amountPaise(job.ratePaise, quantity) };
}

/** A customer's balance: what their jobs came to less what they paid (negative: paid in advance). */
export function balancePaise(amounts: readonly number[], payments: readonly number[]): number {
  const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
  return sum(amounts) - sum(payments);
}
