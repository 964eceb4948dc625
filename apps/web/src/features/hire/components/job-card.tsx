import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { JobSummary } from '@tractorlink/domain/hire-api';
import { OutboxNote } from '../../../components/outbox/outbox-note';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../public-pages/customer-figures';
import { jobTarget } from '../api/pending';
import { acresText, hoursText, jobDay, jobTimes, rupees } from '../format';

/** One job in a list: whose, which day and implement, acres and hours, amount; running or waiting to be sent. */
export function JobCard({ job, t, lang, showCustomer = true }: { job: JobSummary; t: TFunction; lang: string; showCustomer?: boolean }) {
  const title = showCustomer ? job.customerName : `${formatDay(jobDay(job), lang)} · ${t(`hire.implement.${job.implement}`)}`;
  return (
    <li className="card hire-job-card" data-job={job.id}>
      <h3>
        <Link to={paths.hireJob.getHref(job.id)}>{title}</Link>
        {job.running && <span className="tag hire-running">{t('hire.job.running')}</span>}
      </h3>
      <p>
        {showCustomer ? `${formatDay(jobDay(job), lang)} · ${t(`hire.implement.${job.implement}`)} · ` : ''}
        {jobTimes(t, job, lang)}
      </p>
      <p>
        {acresText(t, job.coveredAcres, lang)} · {job.ptoHours === null ? t('hire.job.ptoNotMeasured') : hoursText(t, job.ptoHours, lang)} ·{' '}
        <strong>{rupees(job.amountPaise, lang)}</strong>
      </p>
      <OutboxNote target={jobTarget(job.id)} />
    </li>
  );
}
