import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { birthDate, email, indianDate, isAdultOn, typedFullName } from '@tractorlink/domain/validation';
import { TermsDialog } from '../../components/legal/terms-dialog';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { fieldMessage } from '../../lib/error-message';
import { asTicketState } from './flow-state';
import type { PinStepState, TicketState } from './flow-state';

const schema = z.object({
  name: typedFullName,
  // Spec §5: 18 or older, counted on today's date in India.
  birthDate: birthDate.refine((v) => isAdultOn(v, indianDate(Date.now())), 'AGE_UNDER_18'),
  email: z.union([z.literal(''), email]),
  acceptedTerms: z.literal(true, 'TERMS_NOT_ACCEPTED'),
});
type Values = z.input<typeof schema>;
type Checked = z.output<typeof schema>;

/** Registration step 2 (#/create-new-profile while signed out): name, birth date, email, terms. */
export function RegistrationProfileScreen() {
  const state = asTicketState(useLocation().state);
  if (!state) return <Navigate to={paths.register.getHref()} replace />;
  return <RegistrationProfile state={state} />;
}

function RegistrationProfile({ state }: { state: TicketState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [termsOpen, setTermsOpen] = useState(false);
  const [today] = useState(() => indianDate(Date.now()));
  const { register, handleSubmit, formState } = useForm<Values, unknown, Checked>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', birthDate: '', email: '', acceptedTerms: false as unknown as true },
  });
  const e = formState.errors;
  const onValid = (v: Checked) => {
    const next: PinStepState = { ...state, profile: { name: v.name, birthDate: v.birthDate, email: v.email || undefined } };
    void navigate(paths.createNewPin.getHref(), { state: next });
  };
  return (
    <Page title={t('profile.createTitle')} backTo={paths.register.getHref()} className="auth-page">
      <p className="lead">{t('profile.createIntro')}</p>
      <form className="form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label={t('field.name')}
          autoComplete="name"
          maxLength={60}
          error={fieldMessage(t, e.name?.message)}
          hint={t('field.nameHint')}
          {...register('name')}
        />
        <TextField
          label={t('field.birthDate')}
          type="date"
          autoComplete="bday"
          max={today}
          error={fieldMessage(t, e.birthDate?.message)}
          {...register('birthDate')}
        />
        <TextField
          label={t('field.emailOptional')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={fieldMessage(t, e.email?.message)}
          {...register('email')}
        />
        <CheckboxField label={t('terms.accept')} error={fieldMessage(t, e.acceptedTerms?.message)} {...register('acceptedTerms')} />
        <a
          href={`#${paths.termsPolicies.getHref()}`}
          className="inline-link"
          onClick={(ev) => {
            // Opened in place so the form keeps what was typed.
            ev.preventDefault();
            setTermsOpen(true);
          }}
        >
          {t('terms.read')}
        </a>
        <Button type="submit">{t('common.continue')}</Button>
      </form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} previousRoute={paths.createNewProfile.getHref()} />
    </Page>
  );
}
