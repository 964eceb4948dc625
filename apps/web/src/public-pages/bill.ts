import type { PublicBill } from '@tractorlink/domain/hire-api';
import { formatDateTime, formatDay, formatFigure, formatRupees, formatTime } from './customer-figures';
import { drawOutline } from './outline-svg';
import type { LonLat } from './outline-svg';
import { installIntlFallback } from '../lib/intl-fallback';
import { browserLanguage, facts, fetchPublic, h, show, showProblem, tokenFromHash } from './page';
import { fill, fillCount, loadTexts } from './texts';
import type { Texts } from './texts';
import './public.css';

// A Punjabi customer's browser may have no Punjabi dates or money (lib/intl-fallback.ts).
installIntlFallback();

/**
 * bill.html#<token> (issue 17): a hire bill for the customer, read-only and without login — the worked
 * area's drawing, date, acres, hours, rate, amount, payments and balance, in the customer's language.
 * Nothing of the owner is on it (the API sends none).
 */
type BillJob = PublicBill['jobs'][number];

function jobSection(job: BillJob, texts: Texts, lang: string): HTMLElement {
  const t = (key: string, values?: Record<string, string | number>) => fill(texts, key, values);
  const rupees = (paise: number) => formatRupees(paise, lang);
  const figure = (v: number) => formatFigure(v, lang);
  // "1 acre", "1.5 acres": the form follows the figure as shown.
  const counted = (key: string, v: number) => fillCount(texts, lang, key, Number(figure(v).replace(/,/g, '')), { value: figure(v) });
  const when = job.running
    ? t('pub.bill.since', { time: formatTime(job.startAt, lang) })
    : job.endAt !== null
      ? t('pub.bill.between', { start: formatTime(job.startAt, lang), end: formatTime(job.endAt, lang) })
      : null;
  const drawing = drawOutline(
    {
      worked: job.workedArea?.coordinates.map((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => [lon, lat] as LonLat))) ?? [],
      boundary: job.boundary?.map(([lon, lat]) => [lon, lat] as LonLat) ?? null,
    },
    t('pub.bill.mapLabel'),
  );
  const hours = job.rateKind === 'hour' && job.quantitySource === 'engine' ? job.engineHours : job.ptoHours;
  return h(
    'article',
    { class: 'pub-job' },
    h('h2', {}, t('pub.bill.jobTitle', { date: formatDay(job.date, lang), implement: t(`pub.implement.${job.implement}`) })),
    job.place ? h('p', {}, t('pub.bill.near', { place: job.place })) : null,
    when ? h('p', {}, when) : null,
    job.running ? h('p', { class: 'pub-running' }, t('pub.bill.running')) : null,
    drawing
      ? h(
          'figure',
          { class: 'pub-map' },
          drawing,
          h(
            'figcaption',
            {},
            h('span', { class: 'key key-worked' }, t('pub.bill.keyWorked')),
            job.boundary ? h('span', { class: 'key key-field' }, t('pub.bill.keyField')) : null,
          ),
        )
      : h('p', { class: 'pub-muted' }, t('pub.bill.noMap')),
    facts([
      [t('pub.bill.coveredAcres'), counted('pub.unit.acres', job.coveredAcres)],
      [t('pub.bill.fieldAcres'), job.fieldAcres === null ? null : counted('pub.unit.acres', job.fieldAcres)],
      [
        t(job.quantitySource === 'engine' ? 'pub.bill.engineHours' : 'pub.bill.ptoHours'),
        hours === null ? t('pub.bill.notMeasured') : counted('pub.unit.hours', hours),
      ],
      [t('pub.bill.rate'), t(`pub.rate.${job.rateKind}`, { rate: rupees(job.ratePaise) })],
      [t('pub.bill.billedOn'), counted(`pub.quantity.${job.quantitySource}`, job.quantity)],
      [t('pub.bill.amount'), rupees(job.amountPaise)],
      [t('pub.bill.paid'), job.paidPaise > 0 ? rupees(job.paidPaise) : null],
    ]),
  );
}

function render(bill: PublicBill, lang: string, texts: Texts): void {
  const t = (key: string, values?: Record<string, string | number>) => fill(texts, key, values);
  const rupees = (paise: number) => formatRupees(paise, lang);
  const title = t('pub.bill.title');
  const balance = bill.balancePaise;
  const balanceLine =
    balance > 0
      ? h('p', { class: 'pub-balance' }, h('span', {}, t('pub.bill.balanceDue')), h('strong', {}, rupees(balance)))
      : h('p', { class: 'pub-balance pub-settled' }, h('span', {}, balance < 0 ? t('pub.bill.advance', { amount: rupees(-balance) }) : t('pub.bill.settled')));
  const payments = bill.payments.length
    ? h(
        'section',
        { 'aria-labelledby': 'payments-title' },
        h('h2', { id: 'payments-title' }, t('pub.bill.payments')),
        h(
          'ul',
          { class: 'pub-payments' },
          ...bill.payments.map((p) =>
            h('li', {}, h('span', {}, `${formatDay(p.paidOn, lang)} · ${t(`pub.method.${p.method}`)}`), h('strong', {}, rupees(p.amountPaise))),
          ),
        ),
      )
    : null;
  show(
    lang,
    title,
    h(
      'header',
      { class: 'pub-head' },
      h('h1', {}, title),
      h(
        'p',
        {},
        bill.customer.village
          ? t('pub.bill.forVillage', { name: bill.customer.name, village: bill.customer.village })
          : t('pub.bill.for', { name: bill.customer.name }),
      ),
      h('p', { class: 'pub-muted' }, t('pub.bill.issued', { time: formatDateTime(bill.issuedAt, lang) })),
    ),
    balanceLine,
    bill.jobs.length === 0 ? h('p', {}, t('pub.bill.noJobs')) : null,
    ...bill.jobs.map((job) => jobSection(job, texts, lang)),
    bill.truncated ? h('p', { class: 'pub-muted' }, t('pub.bill.truncated')) : null,
    payments,
    h(
      'section',
      { class: 'pub-totals', 'aria-labelledby': 'totals-title' },
      h('h2', { id: 'totals-title' }, t('pub.bill.totals')),
      facts([
        [t('pub.bill.totalAmount'), rupees(bill.totals.amountPaise)],
        [t('pub.bill.totalPaid'), rupees(bill.totals.paidPaise)],
        [t('pub.bill.balance'), rupees(balance)],
      ]),
    ),
  );
}

async function start(): Promise<void> {
  const token = tokenFromHash();
  if (!token) return showProblem(browserLanguage(), 'gone', 'pub.bill.title', () => undefined);
  const result = await fetchPublic<PublicBill>('bills', token);
  if (result.kind !== 'ok') return showProblem(browserLanguage(), result.kind, 'pub.bill.title', () => void start());
  const { lang, texts } = await loadTexts(result.body.language);
  render(result.body, lang, texts);
}

void start();
window.addEventListener('hashchange', () => void start());
