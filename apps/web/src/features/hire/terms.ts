import type { JobSummary } from '@tractorlink/domain/hire-api';
import { AGREED_QUANTITY, IMPLEMENT_WIDTH_M, RATE_PAISE, TRIPS } from '@tractorlink/domain/hire/rules';
import type { AcreBasis, HourBasis, Implement, RateKind } from '@tractorlink/domain/hire/rules';
import { parseRupees, rupeesText } from '../../public-pages/customer-figures';

/**
 * A job's terms as the forms hold them (what was typed) and as the API takes them: implement and its
 * width, what it is billed by and the rate, trips, an agreed figure. Pure, so the rules are tested
 * without a screen; the limits are the domain's (hire/rules.ts), the same the server checks.
 */
export interface TermsInput {
  implement: Implement;
  width: string;
  rateKind: RateKind;
  /** Rupees as typed. */
  rate: string;
  trips: string;
  acreBasis: AcreBasis;
  hourBasis: HourBasis;
  /** Empty: the measured figure is billed. */
  agreed: string;
}

export interface Terms {
  implement: Implement;
  implementWidthM: number;
  rateKind: RateKind;
  ratePaise: number;
  trips: number;
  acreBasis: AcreBasis;
  hourBasis: HourBasis;
  agreedQuantity: number | null;
}

export type TermsField = 'width' | 'rate' | 'trips' | 'agreed';

/** A usual working width per implement (metres), to start with; the owner corrects it. */
export const USUAL_WIDTH_M: Record<Implement, number> = {
  plough: 1.2,
  rotavator: 1.8,
  cultivator: 2.1,
  harrow: 2,
  seed_drill: 2.1,
  sprayer: 6,
  thresher: 2,
  trailer: 2,
  other: 1.8,
};

const decimal = (text: string): number | null => {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
};

/** The terms, or the first problem of each field (its error code). */
export function readTerms(input: TermsInput): { terms: Terms; problems: Partial<Record<TermsField, string>> } {
  const problems: Partial<Record<TermsField, string>> = {};
  const width = decimal(input.width);
  if (width === null || width < IMPLEMENT_WIDTH_M.min || width > IMPLEMENT_WIDTH_M.max) problems.width = 'WIDTH_OUT_OF_RANGE';
  const rate = parseRupees(input.rate);
  if (rate === null || rate < RATE_PAISE.min || rate > RATE_PAISE.max) problems.rate = 'RATE_OUT_OF_RANGE';
  const trips = input.rateKind === 'trip' ? decimal(input.trips) : 1;
  if (trips === null || !Number.isInteger(trips) || trips < TRIPS.min || trips > TRIPS.max) problems.trips = 'TRIPS_OUT_OF_RANGE';
  // A trip job is billed by its trips: an agreed figure left from another kind does not apply.
  const agreedText = input.rateKind === 'trip' ? '' : input.agreed.trim();
  const agreed = agreedText === '' ? null : decimal(agreedText);
  if (agreedText !== '' && (agreed === null || agreed < AGREED_QUANTITY.min || agreed > AGREED_QUANTITY.max)) problems.agreed = 'QUANTITY_OUT_OF_RANGE';
  return {
    terms: {
      implement: input.implement,
      implementWidthM: width ?? 0,
      rateKind: input.rateKind,
      ratePaise: rate ?? 0,
      trips: trips ?? 1,
      acreBasis: input.acreBasis,
      hourBasis: input.hourBasis,
      agreedQuantity: agreed === null ? null : Math.round(agreed * 100) / 100,
    },
    problems,
  };
}

/** A job's terms back into the form (to edit them), or a new job's from the customer's last one. */
export function termsInput(
  job: Pick<JobSummary, 'implement' | 'implementWidthM' | 'rateKind' | 'ratePaise' | 'trips' | 'acreBasis' | 'hourBasis' | 'agreedQuantity'>,
): TermsInput {
  return {
    implement: job.implement,
    width: String(job.implementWidthM),
    rateKind: job.rateKind,
    rate: rupeesText(job.ratePaise),
    trips: String(job.trips),
    acreBasis: job.acreBasis,
    hourBasis: job.hourBasis,
    agreed: job.agreedQuantity === null ? '' : String(job.agreedQuantity),
  };
}

export const NEW_TERMS: TermsInput = {
  implement: 'rotavator',
  width: String(USUAL_WIDTH_M.rotavator),
  rateKind: 'acre',
  rate: '',
  trips: '1',
  acreBasis: 'covered',
  hourBasis: 'pto',
  agreed: '',
};
