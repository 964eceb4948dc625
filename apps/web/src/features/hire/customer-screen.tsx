import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LANGUAGES } from '@tractorlink/domain/languages';
import { Button } from '../../components/ui/button';
import { CancelOrDanger } from '../../components/ui/cancel-save';
import { EditIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { PlusIcon, TrashIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatMobile } from '../../lib/format';
import { isOffline } from '../../lib/query-client';
import { useHireTexts } from '../../lib/signed-in/hire-texts';
import { formatDay } from '../../public-pages/customer-figures';
import { customerTarget, madeOnPhoneOnly, paymentTarget } from './api/pending';
import { useCustomerLedger } from './api/read';
import { useDeletePayment } from './api/write';
import { useOutboxEntries } from '../../lib/outbox/outbox';
import { Balance } from './components/balance';
import { BillShare } from './components/bill-share';
import { JobCard } from './components/job-card';
import { rupees } from './format';
import './hire.css';
import { Loading } from '../../components/ui/loading';

/** #/hire-customer/:id: one customer's jobs, payments and balance; start a job, record a payment, share the bill. */
export function HireCustomerScreen() {
  const { t, lang, ready } = useHireTexts();
  const id = useParams().id ?? '';
  const ledger = useCustomerLedger(id);
  const entries = useOutboxEntries();
  const removePayment = useDeletePayment();
  const [confirming, setConfirming] = useState<string | null>(null);
  const data = ledger.data;
  const c = data?.customer;
  const onPhoneOnly = madeOnPhoneOnly(entries, customerTarget(id));

  return (
    <Page title={c?.name ?? t('hire.customer.title')} backTo={paths.hire.getHref()}>
      {!ready && <Loading />}
      {!data && ledger.isPending && <Loading />}
      {!data && ledger.error && <Notice tone="error">{isOffline(ledger.error) ? t('hire.offlineEmpty') : errorMessage(t, ledger.error)}</Notice>}
      {data && c && (
        <>
          <section className="card hire-customer-head" aria-label={t('hire.customer.details')}>
            {c.village && <p>{c.village}</p>}
            {c.phone && (
              <p>
                <a className="hire-phone" href={`tel:+91${c.phone}`} dir="ltr">
                  {formatMobile(c.phone)}
                </a>
              </p>
            )}
            <p className="fine-print">{t('hire.customer.language', { language: LANGUAGES.find((l) => l.code === c.language)?.nativeName ?? c.language })}</p>
            <dl className="facts">
              <dt>{t('hire.totals.amount')}</dt>
              <dd>{rupees(data.totals.amountPaise, lang)}</dd>
              <dt>{t('hire.totals.paid')}</dt>
              <dd>{rupees(data.totals.paidPaise, lang)}</dd>
            </dl>
            <Balance t={t} balancePaise={data.totals.balancePaise} lang={lang} big />
            <OutboxNote target={customerTarget(c.id)} />
            <Link className="btn btn-secondary" to={`${paths.hireCustomerForm.getHref()}?id=${encodeURIComponent(c.id)}`}>
              <EditIcon /> <span>{t('hire.customer.edit')}</span>
            </Link>
          </section>
          <div className="button-row hire-actions">
            <Link className="btn btn-primary" to={`${paths.hireJobForm.getHref()}?customerId=${encodeURIComponent(c.id)}`}>
              <PlusIcon /> <span>{t('hire.job.start')}</span>
            </Link>
            <Link className="btn btn-secondary" to={`${paths.hirePayment.getHref()}?customerId=${encodeURIComponent(c.id)}`}>
              <span>{t('hire.payment.record')}</span>
            </Link>
          </div>

          <BillShare customer={{ ...c, balancePaise: data.totals.balancePaise }} t={t} lang={lang} canShare={!onPhoneOnly} />

          <section aria-labelledby="customer-jobs">
            <h2 id="customer-jobs">{t('hire.view.jobs')}</h2>
            {data.jobs.length === 0 && <p className="muted">{t('hire.customer.noJobs')}</p>}
            {data.jobs.length > 0 && (
              <ul className="card-list hire-jobs">
                {data.jobs.map((j) => (
                  <JobCard key={j.id} job={j} t={t} lang={lang} showCustomer={false} />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="customer-payments">
            <h2 id="customer-payments">{t('hire.payments')}</h2>
            {data.payments.length === 0 && <p className="muted">{t('hire.payment.none')}</p>}
            {data.payments.length > 0 && (
              <ul className="card-list hire-payments">
                {data.payments.map((p) => (
                  <li key={p.id} className="card hire-payment" data-payment={p.id}>
                    <div className="hire-payment-text">
                      <p>
                        <strong>{rupees(p.amountPaise, lang)}</strong> · {t(`hire.method.${p.method}`)}
                      </p>
                      <p className="fine-print">
                        {formatDay(p.paidOn, lang)}
                        {p.note ? ` · ${p.note}` : ''}
                      </p>
                      <OutboxNote target={paymentTarget(p.id)} />
                    </div>
                    {confirming === p.id ? (
                      <div className="hire-confirm" role="group" aria-label={t('hire.payment.deleteConfirm', { amount: rupees(p.amountPaise, lang) })}>
                        <p>{t('hire.payment.deleteConfirm', { amount: rupees(p.amountPaise, lang) })}</p>
                        <CancelOrDanger
                          onCancel={() => setConfirming(null)}
                          action={t('hire.delete')}
                          onAction={() => {
                            setConfirming(null);
                            removePayment.mutate({ id: p.id, customerName: c.name });
                          }}
                        />
                      </div>
                    ) : (
                      <Button
                        variant="secondary"
                        className="btn-delete"
                        icon={<TrashIcon />}
                        aria-label={t('hire.payment.deleteNamed', { amount: rupees(p.amountPaise, lang), date: formatDay(p.paidOn, lang) })}
                        disabled={removePayment.isPending}
                        onClick={() => setConfirming(p.id)}
                      >
                        {t('hire.delete')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {removePayment.error && <Notice tone="error">{errorMessage(t, removePayment.error)}</Notice>}
          </section>
        </>
      )}
    </Page>
  );
}
