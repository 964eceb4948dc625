import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { createCustomerRequest } from '@tractorlink/domain/hire-api';
import type { Customer } from '@tractorlink/domain/hire-api';
import { LANGUAGES, isLanguageCode } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { useHireTexts } from '../../lib/signed-in/hire-texts';
import { useCustomers } from './api/read';
import { useCreateCustomer, useUpdateCustomer } from './api/write';
import { schemaProblems, serverProblems } from './problems';
import './hire.css';
import { Loading } from '../../components/ui/loading';

interface Values {
  name: string;
  phone: string;
  village: string;
  language: LanguageCode;
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The form's customer in the API's shape (the id the phone made, or the one being edited). */
export function customerBody(id: string, v: Values) {
  return {
    id,
    name: v.name.trim().replace(/\s+/g, ' '),
    phone: blankToNull(v.phone.replace(/[\s-]/g, '')),
    village: blankToNull(v.village),
    language: v.language,
  };
}

function Form({ customer, next, vin }: { customer: Customer | undefined; next: string | null; vin: string | null }) {
  const { t, lang } = useHireTexts();
  const navigate = useNavigate();
  const languageId = useId();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [values, setValues] = useState<Values>(() => ({
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
    village: customer?.village ?? '',
    language: customer?.language ?? (isLanguageCode(lang) ? lang : 'en'),
  }));
  const [tried, setTried] = useState(false);
  const { formRef, refused } = useFocusFirstInvalid<HTMLFormElement>();
  const [id] = useState(() => customer?.id ?? crypto.randomUUID());
  const body = customerBody(id, values);
  const problems = { ...serverProblems(create.error ?? update.error), ...(tried ? schemaProblems(createCustomerRequest.safeParse(body)) : {}) };
  const message = (field: string) => (problems[field] ? t(`error.${problems[field]}`) : undefined);
  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const saved = () => {
    if (next === 'job') {
      const query = new URLSearchParams({ customerId: id, ...(vin ? { vin } : {}) });
      void navigate(`${paths.hireJobForm.getHref()}?${query}`, { replace: true });
    } else void navigate(paths.hireCustomer.getHref(id), { replace: true });
  };

  const submit = () => {
    setTried(true);
    if (!createCustomerRequest.safeParse(body).success) {
      refused();
      return;
    }
    if (customer) {
      const { id: _id, ...rest } = body;
      update.mutate({ id, body: rest }, { onSuccess: saved });
    } else create.mutate(body, { onSuccess: saved });
  };

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        label={t('hire.customer.name')}
        value={values.name}
        autoComplete="off"
        onChange={(e) => setValues({ ...values, name: e.target.value })}
        error={message('name')}
      />
      <TextField
        label={t('hire.customer.phone')}
        hint={t('hire.customer.phoneHint')}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        value={values.phone}
        onChange={(e) => setValues({ ...values, phone: e.target.value })}
        error={message('phone')}
      />
      <TextField
        label={t('hire.customer.village')}
        value={values.village}
        autoComplete="off"
        onChange={(e) => setValues({ ...values, village: e.target.value })}
        error={message('village')}
      />
      <div className="field">
        <label htmlFor={languageId}>{t('hire.customer.languageLabel')}</label>
        <p className="field-hint">{t('hire.customer.languageHint')}</p>
        <select
          id={languageId}
          className="select"
          value={values.language}
          onChange={(e) => isLanguageCode(e.target.value) && setValues({ ...values, language: e.target.value })}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.nativeName}
            </option>
          ))}
        </select>
      </div>
      {failure && !(failure instanceof ApiError && failure.code === 'VALIDATION_FAILED') && <Notice tone="error">{errorMessage(t, failure)}</Notice>}
      <div className="button-row">
        <Button variant="secondary" onClick={() => void navigate(-1)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** #/hire-customer-form (?id= to edit; ?next=job goes on to start a job for them): name, phone, village, language. */
export function HireCustomerFormScreen() {
  const { t, ready } = useHireTexts();
  const [params] = useSearchParams();
  const editId = params.get('id');
  const customers = useCustomers();
  const customer = editId ? customers.data?.find((c) => c.id === editId) : undefined;
  const waiting = editId !== null && !customer;
  return (
    <Page title={t(editId ? 'hire.customer.editTitle' : 'hire.customer.new')} backTo={editId ? paths.hireCustomer.getHref(editId) : paths.hire.getHref()}>
      {(!ready || (waiting && customers.isPending)) && <Loading />}
      {waiting && !customers.isPending && <Notice tone="error">{t('error.NOT_FOUND')}</Notice>}
      {!waiting && <Form key={customer?.id ?? 'new'} customer={customer} next={params.get('next')} vin={params.get('vin')} />}
    </Page>
  );
}
