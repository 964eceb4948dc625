import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { PlusIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useHireTexts } from '../../lib/signed-in/hire-texts';
import { useCustomers, useJobs, useProposals } from './api/read';
import { customerTarget } from './api/pending';
import { Balance } from './components/balance';
import { JobCard } from './components/job-card';
import { LiveShareDialog } from './components/live-share-dialog';
import { ProposalCard } from './components/proposal-card';
import './hire.css';
import { Loading } from '../../components/ui/loading';

type View = 'customers' | 'jobs';

/** 'Whose job is this?' cards shown before 'show more': the newest places, so the ledger stays in reach. */
const PROPOSALS_SHOWN = 2;

/**
 * #/hire (issue 17): the owner's hire ledger — 'whose job is this?' for places a tractor worked with no
 * job, customers with what each owes, the latest jobs; start a job, add a customer, share a tractor's
 * live position. What was made offline shows at once, marked as waiting to be sent.
 */
export function HireLedgerScreen() {
  const { t, lang, ready } = useHireTexts();
  const [view, setView] = useState<View>('customers');
  const [sharing, setSharing] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const customers = useCustomers();
  const jobs = useJobs();
  const proposals = useProposals();
  const list = customers.data;

  return (
    <Page title={t('hire.title')}>
      {!ready && <Loading />}
      {(showAll ? (proposals.data ?? []) : (proposals.data ?? []).slice(0, PROPOSALS_SHOWN)).map((p) => (
        <ProposalCard key={p.id} proposal={p} customers={list ?? []} t={t} lang={lang} />
      ))}
      {!showAll && (proposals.data?.length ?? 0) > PROPOSALS_SHOWN && (
        <Button variant="secondary" className="hire-more" onClick={() => setShowAll(true)}>
          {t('hire.proposal.more', { count: (proposals.data?.length ?? 0) - PROPOSALS_SHOWN })}
        </Button>
      )}
      <div className="button-row hire-actions">
        <Link className="btn btn-primary" to={paths.hireJobForm.getHref()}>
          <PlusIcon /> <span>{t('hire.job.start')}</span>
        </Link>
        <Link className="btn btn-secondary" to={paths.hireCustomerForm.getHref()}>
          <span>{t('hire.customer.new')}</span>
        </Link>
      </div>
      <Button variant="secondary" className="hire-live-button" onClick={() => setSharing(true)}>
        {t('hire.live.open')}
      </Button>
      {sharing && <LiveShareDialog open={sharing} onClose={() => setSharing(false)} t={t} lang={lang} />}

      <div className="segmented" role="group" aria-label={t('hire.view')}>
        <button type="button" aria-pressed={view === 'customers'} onClick={() => setView('customers')}>
          {t('hire.view.customers')}
        </button>
        <button type="button" aria-pressed={view === 'jobs'} onClick={() => setView('jobs')}>
          {t('hire.view.jobs')}
        </button>
      </div>

      {view === 'customers' && (
        <>
          {!list && customers.isPending && <Loading />}
          {!list && customers.error && <Notice tone="error">{isOffline(customers.error) ? t('hire.offlineEmpty') : errorMessage(t, customers.error)}</Notice>}
          {list && list.length === 0 && <p className="empty">{t('hire.customers.empty')}</p>}
          {list && list.length > 0 && (
            <ul className="card-list hire-customers" aria-label={t('hire.view.customers')}>
              {list.map((c) => (
                <li key={c.id} className="card hire-customer" data-customer={c.name}>
                  <h2>
                    <Link to={paths.hireCustomer.getHref(c.id)}>{c.name}</Link>
                  </h2>
                  {c.village && <p className="muted">{c.village}</p>}
                  <Balance t={t} balancePaise={c.balancePaise} lang={lang} />
                  <p className="fine-print">{t('hire.customer.jobCount', { n: c.jobCount })}</p>
                  <OutboxNote target={customerTarget(c.id)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {view === 'jobs' && (
        <>
          {!jobs.data && jobs.isPending && <Loading />}
          {!jobs.data && jobs.error && <Notice tone="error">{isOffline(jobs.error) ? t('hire.offlineEmpty') : errorMessage(t, jobs.error)}</Notice>}
          {jobs.data && jobs.data.length === 0 && <p className="empty">{t('hire.jobs.empty')}</p>}
          {jobs.data && jobs.data.length > 0 && (
            <ul className="card-list hire-jobs" aria-label={t('hire.view.jobs')}>
              {jobs.data.map((j) => (
                <JobCard key={j.id} job={j} t={t} lang={lang} />
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
