import type { TFunction } from 'i18next';
import type { JobSummary } from '@tractorlink/domain/hire-api';
import { formatFigure, formatRupees, formatTime } from '../../public-pages/customer-figures';
import { istDate } from '@tractorlink/domain/time';
import { shownCount } from '../../lib/signed-in/tractor-format';

/** The owner's screens' figures: the same formats as the customer's bill (public-pages/customer-figures.ts). */

export const rupees = formatRupees;
export const figure = (value: number, lang: string) => formatFigure(value, lang, 2);

/** A balance in words: what is due, that nothing is, or what was paid ahead. */
export function balanceText(t: TFunction, balancePaise: number, lang: string): string {
  if (balancePaise > 0) return t('hire.balance.due', { amount: rupees(balancePaise, lang) });
  if (balancePaise < 0) return t('hire.balance.advance', { amount: rupees(-balancePaise, lang) });
  return t('hire.balance.settled');
}

/**
 * Acres and hours of a hire job, one way on every hire screen: the unit in words, never 'ac' or 'h'
 * ('3.05 acres', '1 acre'). Hours stay decimal here ('1.28 hours'): they are what the hourly rate
 * multiplies, and the bill's amount is that figure times the rate (domain hire/amount.ts).
 */
export const acresText = (t: TFunction, value: number, lang: string): string =>
  t('hire.acres', { value: figure(value, lang), count: shownCount(figure(value, lang)) });
export const hoursText = (t: TFunction, value: number, lang: string): string =>
  t('hire.hours', { value: figure(value, lang), count: shownCount(figure(value, lang)) });

/** What the job's amount multiplies: '2.37 acres (measured)', '1.93 hours (working)', 'Trips: 3', '2 acres (agreed)'. */
export function quantityText(t: TFunction, job: Pick<JobSummary, 'quantity' | 'quantitySource' | 'rateKind'>, lang: string): string {
  if (job.quantitySource === 'trips') return t('hire.quantity.trips', { value: figure(job.quantity, lang) });
  const quantity =
    job.rateKind === 'hour' ? hoursText(t, job.quantity, lang) : job.rateKind === 'acre' ? acresText(t, job.quantity, lang) : figure(job.quantity, lang);
  return t(`hire.quantity.${job.quantitySource}`, { quantity });
}

/** '₹1,200 per acre'. */
export function rateText(t: TFunction, job: Pick<JobSummary, 'rateKind' | 'ratePaise'>, lang: string): string {
  return t(`hire.rate.${job.rateKind}`, { rate: rupees(job.ratePaise, lang) });
}

/** 'Since 7:40 am' while it runs, else '7:40 am – 11:40 am'. */
export function jobTimes(t: TFunction, job: Pick<JobSummary, 'startAt' | 'endAt' | 'running'>, lang: string): string {
  if (job.running || job.endAt === null) return t('hire.job.since', { time: formatTime(job.startAt, lang) });
  return t('hire.job.between', { start: formatTime(job.startAt, lang), end: formatTime(job.endAt, lang) });
}

/** The IST calendar day a job started on ('YYYY-MM-DD'). */
export const jobDay = (job: Pick<JobSummary, 'startAt'>): string => istDate(job.startAt * 1000);
