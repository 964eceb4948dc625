import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createJobRequest } from '@tractorlink/domain/hire-api';
import type { CreateJobRequest, Customer, JobSummary } from '@tractorlink/domain/hire-api';
import { HIRE_NOTE_MAX } from '@tractorlink/domain/hire/rules';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { useHireTexts } from '../../lib/signed-in/hire-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { useCustomers, useJobs } from './api/read';
import { useCreateJob } from './api/write';
import { TermsFields } from './components/terms-fields';
import { schemaProblems, serverProblems } from './problems';
import { NEW_TERMS, readTerms, termsInput } from './terms';
import type { TermsInput } from './terms';
import { istClock, readWhen, todayIst } from './when';
import type { WhenInput, WhenKind } from './when';
import './hire.css';
import { Loading } from '../../components/ui/loading';

const WHEN_KINDS: readonly WhenKind[] = ['now', 'earlier', 'done'];
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface FormProps {
  customers: readonly Customer[];
  tractors: readonly TractorRef[];
  jobs: readonly JobSummary[];
  customerId: string | null;
  vin: string | null;
}

function JobForm({ customers, tractors, jobs, customerId: askedCustomer, vin: askedVin }: FormProps) {
  const { t } = useHireTexts();
  const navigate = useNavigate();
  const ids = { customer: useId(), tractor: useId(), when: useId(), note: useId() };
  const create = useCreateJob();
  const { selected } = useTractors();
  const lastJobOf = (id: string) => jobs.find((j) => j.customerId === id);
  // The customer asked by the link, once the list has them (one just added may come with its next answer).
  const [picked, setPicked] = useState<string | null>(null);
  const customerId = picked ?? (askedCustomer && customers.some((c) => c.id === askedCustomer) ? askedCustomer : '');
  const [vin, setVin] = useState(askedVin && tractors.some((tr) => tr.vin === askedVin) ? askedVin : (selected?.vin ?? tractors[0]?.vin ?? ''));
  // The terms start from the customer's last job (same rate, implement and width), until the owner changes them.
  const [terms, setTerms] = useState<TermsInput>(() => {
    const last = askedCustomer ? lastJobOf(askedCustomer) : undefined;
    return last ? { ...termsInput(last), agreed: '' } : NEW_TERMS;
  });
  const [termsTouched, setTermsTouched] = useState(false);
  const [when, setWhen] = useState<WhenInput>(() => {
    const now = nowSeconds();
    return { kind: 'now', day: todayIst(now), start: istClock(now - 3600), end: istClock(now) };
  });
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const { formRef, refused } = useFocusFirstInvalid<HTMLFormElement>();
  const [id] = useState(() => crypto.randomUUID());

  const chooseCustomer = (next: string) => {
    setPicked(next);
    const last = lastJobOf(next);
    if (!termsTouched && last) setTerms({ ...termsInput(last), agreed: '' });
  };

  const checkedTerms = readTerms(terms);
  const checkedWhen = readWhen(when, nowSeconds());
  const body: CreateJobRequest = {
    id,
    customerId,
    vin,
    ...checkedTerms.terms,
    agreedQuantity: null,
    startAt: checkedWhen.startAt,
    endAt: checkedWhen.endAt,
    note: note.trim() === '' ? null : note.trim(),
  };
  const local = { ...(customerId ? {} : { customerId: 'CUSTOMER_REQUIRED' }), ...checkedTerms.problems, ...checkedWhen.problems };
  const schema = schemaProblems(createJobRequest.safeParse(body));
  const problems: Record<string, string> = tried ? { ...serverProblems(create.error), ...schema, ...local } : serverProblems(create.error);
  const message = (field: string) => (problems[field] ? t(`error.${problems[field]}`) : undefined);
  const customer = customers.find((c) => c.id === customerId);

  const submit = () => {
    setTried(true);
    if (Object.keys(local).length > 0 || Object.keys(schema).length > 0 || !customer) {
      refused();
      return;
    }
    // 'Starting now' is the moment of the tap, not of the form's last drawing.
    const at = readWhen(when, nowSeconds());
    create.mutate(
      { body: { ...body, startAt: at.startAt, endAt: at.endAt }, customerName: customer.name },
      { onSuccess: () => void navigate(paths.hireJob.getHref(id), { replace: true }) },
    );
  };
  const newCustomerHref = `${paths.hireCustomerForm.getHref()}?${new URLSearchParams({ next: 'job', ...(vin ? { vin } : {}) })}`;

  return (
    <form
      ref={formRef}
      className="form hire-job-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="field">
        <label htmlFor={ids.customer}>{t('hire.form.customer')}</label>
        <select
          id={ids.customer}
          className="select"
          value={customerId}
          aria-invalid={message('customerId') ? true : undefined}
          aria-describedby={message('customerId') ? `${ids.customer}-error` : undefined}
          onChange={(e) => chooseCustomer(e.target.value)}
        >
          <option value="">{t('hire.form.chooseCustomer')}</option>
          {customers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.village ? ` · ${c.village}` : ''}
            </option>
          ))}
        </select>
        {message('customerId') && (
          <p id={`${ids.customer}-error`} className="field-error">
            {message('customerId')}
          </p>
        )}
        <Link className="inline-link hire-new-customer" to={newCustomerHref}>
          {t('hire.customer.new')}
        </Link>
      </div>
      <div className="field">
        <label htmlFor={ids.tractor}>{t('hire.form.tractor')}</label>
        <select id={ids.tractor} className="select" value={vin} onChange={(e) => setVin(e.target.value)}>
          {tractors.map((tr) => (
            <option key={tr.vin} value={tr.vin}>
              {tr.Veh_Name} · {tr.regNo}
            </option>
          ))}
        </select>
      </div>
      <TermsFields
        value={terms}
        onChange={(next) => {
          setTerms(next);
          setTermsTouched(true);
        }}
        problems={tried ? checkedTerms.problems : {}}
        t={t}
      />
      <fieldset className="choice-list">
        <legend>{t('hire.form.when')}</legend>
        {WHEN_KINDS.map((k) => (
          <label key={k} className="choice">
            <input type="radio" name={ids.when} value={k} checked={when.kind === k} onChange={() => setWhen({ ...when, kind: k })} />
            <span>{t(`hire.form.when.${k}`)}</span>
          </label>
        ))}
      </fieldset>
      {when.kind === 'done' && (
        <TextField
          label={t('hire.form.day')}
          type="date"
          max={todayIst(nowSeconds())}
          value={when.day}
          onChange={(e) => setWhen({ ...when, day: e.target.value })}
        />
      )}
      {when.kind !== 'now' && (
        <TextField
          label={t('hire.form.start')}
          type="time"
          value={when.start}
          onChange={(e) => setWhen({ ...when, start: e.target.value })}
          error={message('start') ?? message('startAt')}
        />
      )}
      {when.kind === 'done' && (
        <TextField
          label={t('hire.form.end')}
          type="time"
          value={when.end}
          onChange={(e) => setWhen({ ...when, end: e.target.value })}
          error={message('end') ?? message('endAt')}
        />
      )}
      <div className="field">
        <label htmlFor={ids.note}>{t('hire.form.note')}</label>
        <textarea id={ids.note} rows={2} maxLength={HIRE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {create.error && !(create.error instanceof ApiError && create.error.code === 'VALIDATION_FAILED') && (
        <Notice tone="error">{errorMessage(t, create.error)}</Notice>
      )}
      <Button type="submit" busy={create.isPending}>
        {t(when.kind === 'done' ? 'hire.form.saveDone' : 'hire.form.startNow')}
      </Button>
    </form>
  );
}

/** #/hire-job-form (?customerId=, ?vin=): whose job, which tractor and implement, the rate, and when — then it runs. */
export function HireJobFormScreen() {
  const { t, ready } = useHireTexts();
  const [params] = useSearchParams();
  const customers = useCustomers();
  const jobs = useJobs();
  const { tractors } = useTractors();
  const askedCustomer = params.get('customerId');
  const backTo = askedCustomer ? paths.hireCustomer.getHref(askedCustomer) : paths.hire.getHref();
  const list = customers.data;
  const loaded = list !== undefined && tractors !== undefined;
  return (
    <Page title={t('hire.job.start')} backTo={backTo}>
      {(!ready || !loaded) && !customers.error && <Loading />}
      {!customers.data && customers.error && <Notice tone="error">{errorMessage(t, customers.error)}</Notice>}
      {tractors && tractors.length === 0 && <Notice>{t('hire.noTractors')}</Notice>}
      {list && tractors && tractors.length > 0 && list.length === 0 && (
        <>
          <Notice>{t('hire.form.noCustomers')}</Notice>
          <Link className="btn btn-primary" to={`${paths.hireCustomerForm.getHref()}?next=job`}>
            <span>{t('hire.customer.new')}</span>
          </Link>
        </>
      )}
      {list && tractors && tractors.length > 0 && list.length > 0 && (
        <JobForm customers={list} tractors={tractors} jobs={jobs.data ?? []} customerId={askedCustomer} vin={params.get('vin')} />
      )}
    </Page>
  );
}
