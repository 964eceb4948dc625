import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import type { Customer, Proposal } from '@tractorlink/domain/hire-api';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatTime } from '../../../public-pages/customer-figures';
import { useAcceptProposal, useDismissProposal } from '../api/links';
import { acresText, hoursText } from '../format';

/** This many customers get a button of their own (the latest first); the others are in a list. */
const QUICK = 4;

/** 'Working near Shirsgaon since 7:40 am — whose job is this?' (or 'Worked … from … to …' once it stopped). */
export function proposalQuestion(t: TFunction, p: Proposal, lang: string, nowS: number): string {
  const today = nowS - p.startAt < 20 * 3600;
  const start = today ? formatTime(p.startAt, lang) : formatDateTime(p.startAt, lang);
  const place = p.place?.name;
  if (p.running) return place ? t('hire.proposal.working', { place, time: start }) : t('hire.proposal.workingNowhere', { time: start });
  const end = formatTime(p.lastWorkAt, lang);
  return place ? t('hire.proposal.worked', { place, start, end }) : t('hire.proposal.workedNowhere', { start, end });
}

/**
 * A place where a tractor worked with no job yet: one tap on a customer makes it their job (from the
 * proposal's start, with the rate of their last job), or 'Not a hire job' keeps it from coming back.
 */
export function ProposalCard({ proposal, customers, t, lang }: { proposal: Proposal; customers: readonly Customer[]; t: TFunction; lang: string }) {
  const navigate = useNavigate();
  const headingId = useId();
  const tractorId = useId();
  const otherId = useId();
  const accept = useAcceptProposal();
  const dismiss = useDismissProposal();
  const [other, setOther] = useState('');
  // 'Since 7:40' or, for yesterday's, the date too: judged once, when the card is shown.
  const [nowS] = useState(() => Math.floor(Date.now() / 1000));
  const quick = customers.slice(0, QUICK);
  const rest = customers.slice(QUICK);
  const pick = (customer: Customer) =>
    accept.mutate({ proposal, customerId: customer.id }, { onSuccess: (job) => void navigate(paths.hireJob.getHref(job.id)) });
  const busy = accept.isPending || dismiss.isPending;

  return (
    <section className="card hire-proposal" aria-labelledby={`${headingId} ${tractorId}`} data-proposal={proposal.id}>
      <h2 id={headingId}>{proposalQuestion(t, proposal, lang, nowS)}</h2>
      <p className="fine-print" id={tractorId}>
        {proposal.vehName}{' '}
        <span lang="en" dir="ltr">
          {proposal.regNo}
        </span>{' '}
        · {acresText(t, proposal.coveredAcres, lang)}
        {/* A device without a PTO input: its hours are not measured, so none are shown. */}
        {proposal.ptoHours !== null && ` · ${hoursText(t, proposal.ptoHours, lang)}`}
      </p>
      {customers.length === 0 && <p>{t('hire.proposal.noCustomers')}</p>}
      <div className="hire-quick">
        {quick.map((c) => (
          <Button key={c.id} variant="secondary" disabled={busy} aria-label={t('hire.proposal.pickNamed', { name: c.name })} onClick={() => pick(c)}>
            {c.name}
          </Button>
        ))}
      </div>
      {rest.length > 0 && (
        <div className="hire-other">
          <label htmlFor={otherId}>{t('hire.proposal.other')}</label>
          <select id={otherId} className="select" value={other} onChange={(e) => setOther(e.target.value)}>
            <option value="">{t('hire.form.chooseCustomer')}</option>
            {rest.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.village ? ` · ${c.village}` : ''}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            disabled={busy || !other}
            onClick={() => {
              const c = rest.find((x) => x.id === other);
              if (c) pick(c);
            }}
          >
            {t('hire.proposal.theirs')}
          </Button>
        </div>
      )}
      <div className="button-row">
        <Link className="btn btn-secondary" to={paths.hireCustomerForm.getHref()}>
          <span>{t('hire.customer.new')}</span>
        </Link>
        <Button variant="plain" disabled={busy} onClick={() => dismiss.mutate(proposal)}>
          {t('hire.proposal.dismiss')}
        </Button>
      </div>
      {accept.isPending && <p role="status">{t('common.loading')}</p>}
      {accept.error && <Notice tone="error">{errorMessage(t, accept.error)}</Notice>}
      {dismiss.error && <Notice tone="error">{errorMessage(t, dismiss.error)}</Notice>}
    </section>
  );
}
