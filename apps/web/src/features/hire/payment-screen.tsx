import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { createPaymentRequest } from '@tractorlink/domain/hire-api';
import type { CreatePaymentRequest, CustomerLedger } from '@tractorlink/domain/hire-api';
import { HIRE_NOTE_MAX, PAYMENT_METHODS } from '@tractorlink/domain/hire/rules';
import type { PaymentMethod } from '@tractorlink/domain/hire/rules';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { useHireTexts } from '../../lib/signed-in/hire-texts';
import { formatDay, parseRupees } from '../../public-pages/customer-figures';
import { useCustomerLedger, useCustomers } from './api/read';
import { useCreatePayment } from './api/write';
import { Balance } from './components/balance';
import { jobDay, rupees } from './format';
import { schemaProblems, serverProblems } from './problems';
import { todayIst } from './when';
import './hire.css';
import { Loading } from '../../components/ui/loading';

function PaymentForm({ ledger, jobId: askedJob }: { ledger: CustomerLedger; jobId: string | null }) {
  const { t, lang } = useHireTexts();
  const navigate = useNavigate();
  const ids = { method: useId(), job: useId(), note: useId() };
  const create = useCreatePayment();
  const [today] = useState(() => todayIst(Math.floor(Date.now() / 1000)));
  const customer = ledger.customer;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [paidOn, setPaidOn] = useState(today);
  // The job asked by the link, once the ledger lists it (a job just made may come with its next answer).
  const [picked, setPicked] = useState<string | null>(null);
  const jobId = picked ?? (askedJob && ledger.jobs.some((j) => j.id === askedJob) ? askedJob : '');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const { formRef, refused } = useFocusFirstInvalid<HTMLFormElement>();
  const [id] = useState(() => crypto.randomUUID());
  const paise = parseRupees(amount);
  const body: CreatePaymentRequest = {
    id,
    customerId: customer.id,
    jobId: jobId || null,
    amountPaise: paise ?? 0,
    method,
    paidOn,
    note: note.trim() === '' ? null : note.trim(),
  };
  const local = { ...(paise === null ? { amountPaise: 'AMOUNT_OUT_OF_RANGE' } : {}), ...(paidOn > today ? { paidOn: 'DATE_IN_FUTURE' } : {}) };
  const schema = schemaProblems(createPaymentRequest.safeParse(body));
  const problems: Record<string, string> = tried ? { ...serverProblems(create.error), ...schema, ...local } : serverProblems(create.error);
  const message = (field: string) => (problems[field] ? t(`error.${problems[field]}`) : undefined);

  const submit = () => {
    setTried(true);
    if (Object.keys(local).length > 0 || Object.keys(schema).length > 0) {
      refused();
      return;
    }
    create.mutate({ body, customerName: customer.name }, { onSuccess: () => void navigate(paths.hireCustomer.getHref(customer.id), { replace: true }) });
  };

  return (
    <form
      ref={formRef}
      className="form hire-payment-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Balance t={t} balancePaise={ledger.totals.balancePaise} lang={lang} />
      <TextField
        label={t('hire.payment.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={message('amountPaise')}
        addon={
          <span className="hire-unit" aria-hidden="true">
            ₹
          </span>
        }
      />
      <fieldset className="choice-list choice-row">
        <legend>{t('hire.payment.method')}</legend>
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name={ids.method} value={m} checked={method === m} onChange={() => setMethod(m)} />
            <span>{t(`hire.method.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextField label={t('hire.payment.date')} type="date" max={today} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} error={message('paidOn')} />
      {ledger.jobs.length > 0 && (
        <div className="field">
          <label htmlFor={ids.job}>{t('hire.payment.job')}</label>
          <select id={ids.job} className="select" value={jobId} onChange={(e) => setPicked(e.target.value)}>
            <option value="">{t('hire.payment.anyJob')}</option>
            {ledger.jobs.map((j) => (
              <option key={j.id} value={j.id}>
                {formatDay(jobDay(j), lang)} · {t(`hire.implement.${j.implement}`)} · {rupees(j.amountPaise, lang)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.note}>{t('hire.form.note')}</label>
        <textarea id={ids.note} rows={2} maxLength={HIRE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {create.error && !(create.error instanceof ApiError && create.error.code === 'VALIDATION_FAILED') && (
        <Notice tone="error">{errorMessage(t, create.error)}</Notice>
      )}
      <Button type="submit" busy={create.isPending}>
        {t('hire.payment.save')}
      </Button>
    </form>
  );
}

/** #/hire-payment?customerId=&jobId=: money received from a customer (cash or UPI, the day), for one job or on account. */
export function HirePaymentScreen() {
  const { t, ready } = useHireTexts();
  const [params] = useSearchParams();
  const customerId = params.get('customerId') ?? '';
  const customers = useCustomers();
  const ledger = useCustomerLedger(customerId);
  const name = ledger.data?.customer.name ?? customers.data?.find((c) => c.id === customerId)?.name;
  return (
    <Page
      title={name ? t('hire.payment.titleNamed', { name }) : t('hire.payment.record')}
      backTo={customerId ? paths.hireCustomer.getHref(customerId) : paths.hire.getHref()}
    >
      {(!ready || (!ledger.data && ledger.isPending)) && <Loading />}
      {!ledger.data && ledger.error && <Notice tone="error">{errorMessage(t, ledger.error)}</Notice>}
      {ledger.data && <PaymentForm ledger={ledger.data} jobId={params.get('jobId')} />}
    </Page>
  );
}
