import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { Button } from '../../components/ui/button';
import { CancelOrDanger } from '../../components/ui/cancel-save';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { StopIcon, TrashIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useHireTexts } from '../../lib/signed-in/hire-texts';
import { formatDay, formatTime } from '../../public-pages/customer-figures';
import { jobTarget } from './api/pending';
import { useCustomers, useJob } from './api/read';
import { useDeleteJob, useEndJob, useUpdateJob } from './api/write';
import type { Saved } from './api/write';
import { BillShare } from './components/bill-share';
import { BoundaryEditor } from './components/boundary-editor';
import { LiveShareDialog } from './components/live-share-dialog';
import { TermsFields } from './components/terms-fields';
import { WorkedMap } from './components/worked-map';
import { acresText, figure, hoursText, jobDay, jobTimes, quantityText, rateText, rupees } from './format';
import { readTerms, termsInput } from './terms';
import type { TermsInput } from './terms';
import './hire.css';
import { Loading } from '../../components/ui/loading';

type Mode = 'view' | 'boundary' | 'terms';

/**
 * #/hire-job/:id: one job — its times, tractor and implement; the acres its track covered (overlaps
 * once) and the drawn field's acres; hours; rate, amount and what was paid. Stop it while it runs, draw
 * or adjust the field on the map, change the terms, record a payment, share its bill or the tractor's
 * live position. Leaflet loads with this screen's map only.
 */
export function HireJobScreen() {
  const { t, lang, ready } = useHireTexts();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const job = useJob(id);
  const customers = useCustomers();
  const end = useEndJob();
  const update = useUpdateJob();
  const remove = useDeleteJob();
  const [mode, setMode] = useState<Mode>('view');
  const [terms, setTerms] = useState<TermsInput | null>(null);
  const [termsTried, setTermsTried] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const data = job.data;
  const customer = customers.data?.find((c) => c.id === data?.customerId);
  const said = (saved: Saved<unknown>, applied: string) => setDone(saved.queued ? t('hire.savedOnPhone') : applied);

  if (!data) {
    return (
      <Page title={t('hire.job.title')} backTo={paths.hire.getHref()}>
        {(!ready || job.isPending) && <Loading />}
        {job.error && <Notice tone="error">{isOffline(job.error) ? t('hire.offlineEmpty') : errorMessage(t, job.error)}</Notice>}
      </Page>
    );
  }

  const checked = terms ? readTerms(terms) : null;
  const saveTerms = () => {
    setTermsTried(true);
    if (!checked || Object.keys(checked.problems).length > 0) return;
    update.mutate(
      { id, customerName: data.customerName, change: checked.terms },
      {
        onSuccess: (saved) => {
          setMode('view');
          setTerms(null);
          said(saved, t('hire.job.termsSaved'));
        },
      },
    );
  };
  const due = data.amountPaise - data.paidPaise;

  return (
    <Page title={data.customerName} backTo={paths.hireCustomer.getHref(data.customerId)}>
      {!ready && <Loading />}
      <section className="card hire-job-head" aria-labelledby="job-title">
        <h2 id="job-title">
          {formatDay(jobDay(data), lang)} · {t(`hire.implement.${data.implement}`)}
          {data.running && <span className="tag hire-running">{t('hire.job.running')}</span>}
        </h2>
        <p>{jobTimes(t, data, lang)}</p>
        {data.place && <p>{t('hire.job.near', { place: data.place })}</p>}
        <p className="muted">
          {data.vehName}{' '}
          <span lang="en" dir="ltr">
            {data.regNo}
          </span>{' '}
          · {t('hire.job.width', { value: figure(data.implementWidthM, lang) })}
        </p>
        <OutboxNote target={jobTarget(data.id)} />
        {data.running && (
          <Button
            icon={<StopIcon />}
            busy={end.isPending}
            onClick={() =>
              end.mutate(
                { id, customerName: data.customerName, endAt: Math.floor(Date.now() / 1000) },
                { onSuccess: (saved) => said(saved, t('hire.job.stopped')) },
              )
            }
          >
            {t('hire.job.stop')}
          </Button>
        )}
        {end.error && <Notice tone="error">{errorMessage(t, end.error)}</Notice>}
      </section>
      {done && <Notice tone="success">{done}</Notice>}

      <section className="card hire-figures" aria-labelledby="figures-title">
        <h2 id="figures-title">{t('hire.job.figures')}</h2>
        {job.onPhoneOnly && <Notice>{t('hire.job.notMeasured')}</Notice>}
        <dl className="facts">
          <dt>{t('hire.job.coveredAcres')}</dt>
          <dd data-testid="covered-acres">{acresText(t, data.coveredAcres, lang)}</dd>
          <dt>{t('hire.job.fieldAcres')}</dt>
          <dd data-testid="field-acres">{data.fieldAcres === null ? t('hire.job.noField') : acresText(t, data.fieldAcres, lang)}</dd>
          <dt>{t('hire.job.ptoHours')}</dt>
          <dd>{data.ptoHours === null ? t('hire.job.ptoNotMeasured') : hoursText(t, data.ptoHours, lang)}</dd>
          <dt>{t('hire.job.engineHours')}</dt>
          <dd>{hoursText(t, data.engineHours, lang)}</dd>
          <dt>{t('hire.job.rate')}</dt>
          <dd>{rateText(t, data, lang)}</dd>
          <dt>{t('hire.job.charged')}</dt>
          <dd>{quantityText(t, data, lang)}</dd>
          <dt>{t('hire.job.amount')}</dt>
          <dd className="big-figure" data-testid="job-amount">
            {rupees(data.amountPaise, lang)}
          </dd>
          <dt>{t('hire.job.paid')}</dt>
          <dd>{rupees(data.paidPaise, lang)}</dd>
        </dl>
        {data.measuredAt !== null && (
          <p className="fine-print">{t(data.running ? 'hire.job.measuredRunning' : 'hire.job.measured', { time: formatTime(data.measuredAt, lang) })}</p>
        )}
      </section>

      {mode === 'boundary' ? (
        <BoundaryEditor
          job={data}
          t={t}
          busy={update.isPending}
          error={update.error}
          onCancel={() => setMode('view')}
          onSave={(boundary) =>
            update.mutate(
              { id, customerName: data.customerName, change: { boundary } },
              {
                onSuccess: (saved) => {
                  setMode('view');
                  said(saved, t('hire.boundary.saved'));
                },
              },
            )
          }
        />
      ) : (
        <section aria-labelledby="map-title" className="hire-map-section">
          <h2 id="map-title">{t('hire.job.map')}</h2>
          {!job.onPhoneOnly && (data.workedArea || data.boundary || data.position) ? (
            <>
              <WorkedMap job={data} />
              <ul className="chart-key hire-key" aria-hidden="true">
                <li className="key-worked">{t('hire.job.keyWorked')}</li>
                {data.boundary && <li className="key-field">{t('hire.job.keyField')}</li>}
              </ul>
            </>
          ) : (
            <p className="muted">{t('hire.job.noMap')}</p>
          )}
          <div className="button-row hire-actions">
            <Button variant="secondary" onClick={() => setMode('boundary')} disabled={job.onPhoneOnly}>
              {t(data.boundary ? 'hire.boundary.adjust' : 'hire.boundary.draw')}
            </Button>
            {data.boundary && (
              <Button
                variant="secondary"
                busy={update.isPending}
                onClick={() =>
                  update.mutate(
                    { id, customerName: data.customerName, change: { boundary: null } },
                    { onSuccess: (saved) => said(saved, t('hire.boundary.removed')) },
                  )
                }
              >
                {t('hire.boundary.remove')}
              </Button>
            )}
          </div>
          {update.error && mode === 'view' && <Notice tone="error">{errorMessage(t, update.error)}</Notice>}
        </section>
      )}

      {mode === 'terms' && terms ? (
        <form
          className="form card hire-terms"
          aria-labelledby="terms-title"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            saveTerms();
          }}
        >
          <h2 id="terms-title">{t('hire.job.changeTerms')}</h2>
          <TermsFields value={terms} onChange={setTerms} problems={termsTried && checked ? checked.problems : {}} t={t} withAgreed />
          {update.error && <Notice tone="error">{errorMessage(t, update.error)}</Notice>}
          <div className="button-row">
            <Button variant="secondary" onClick={() => setMode('view')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={update.isPending}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="secondary"
          className="hire-terms-open"
          onClick={() => {
            setTerms(termsInput(data));
            setTermsTried(false);
            setMode('terms');
          }}
        >
          {t('hire.job.changeTerms')}
        </Button>
      )}

      <div className="button-row hire-actions">
        <Link
          className="btn btn-primary"
          to={`${paths.hirePayment.getHref()}?customerId=${encodeURIComponent(data.customerId)}&jobId=${encodeURIComponent(data.id)}`}
        >
          <span>{t('hire.payment.record')}</span>
        </Link>
        <Button variant="secondary" onClick={() => setSharing(true)}>
          {t('hire.live.open')}
        </Button>
      </div>
      {sharing && (
        <LiveShareDialog
          open={sharing}
          onClose={() => setSharing(false)}
          t={t}
          lang={lang}
          vin={data.vin}
          phone={customer?.phone}
          language={customer?.language}
        />
      )}

      {customer && (
        <BillShare customer={customer} job={{ id: data.id, date: jobDay(data), duePaise: Math.max(0, due) }} t={t} lang={lang} canShare={!job.onPhoneOnly} />
      )}

      {confirmDelete ? (
        <div className="card hire-confirm" role="group" aria-labelledby="delete-title">
          <p id="delete-title">{t('hire.job.deleteConfirm')}</p>
          <CancelOrDanger
            onCancel={() => setConfirmDelete(false)}
            action={t('hire.job.delete')}
            busy={remove.isPending}
            onAction={() =>
              remove.mutate({ id, customerName: data.customerName }, { onSuccess: () => void navigate(paths.hireCustomer.getHref(data.customerId)) })
            }
          />
          {remove.error && <Notice tone="error">{errorMessage(t, remove.error)}</Notice>}
        </div>
      ) : (
        <Button variant="danger" icon={<TrashIcon />} onClick={() => setConfirmDelete(true)}>
          {t('hire.job.delete')}
        </Button>
      )}
    </Page>
  );
}
