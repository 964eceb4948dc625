import type { TFunction } from 'i18next';
import type { JobSummary } from '@tractorlink/domain/hire-api';
import { formatFigure, formatRupees, formatTime } from '../../public-pages/customer-figures';
import { istDate } from '@tractorlink/domain/time';

/** The owner's screens' figures: the same formats as the customer's bill (public-pages/customer-figures.ts). */

export const rupees = formatRupees;
export const figure = (value: number, lang: string) => formatFigure(value, lang, 2);

/** A balance in words: what is due, that nothing is, or what was paid ahead. */
export function balanceText(t: TFunction, balancePaise: number, lang: string): string {
  if (balancePaise > 0) return t('hire.balance.due', { amount: rupees(balancePaise, lang) });
  if (balancePaise < 0) return t('hire.balance.advance', { amount: rupees(-balancePaise, lang) });
  return t('hire.balance.settled');
}

/** What the job's amount multiplies: '2.37 acres (measured)', '1.93 hours (PTO)', 'Trips: 3'. */
export function quantityText(t: TFunction, job: Pick<JobSummary, 'quantity' | 'quantitySource'>, lang: string): string {
  return t(`hire.quantity.${job.quantitySource}`, { value: figure(job.quantity, lang) });
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
