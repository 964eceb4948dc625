import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { pin } from '@tractorlink/domain/validation';
import { Button } from '../../../components/ui/button';
import { PinField } from '../../../components/ui/pin-field';
import { fieldMessage } from '../../../lib/error-message';

const schema = z.object({ pin, confirm: z.string() }).refine((v) => v.pin === v.confirm, { path: ['confirm'], message: 'PIN_MISMATCH' });
type Values = z.infer<typeof schema>;

interface PinPairFormProps {
  onSubmit: (pin: string) => void;
  busy: boolean;
  submitLabel: string;
  /** The server's refusal, shown above the button. */
  children?: ReactNode;
}

/** A new PIN typed twice; both must match (create-new-pin, reset-pin). */
export function PinPairForm({ onSubmit, busy, submitLabel, children }: PinPairFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { pin: '', confirm: '' } });
  const e = formState.errors;
  return (
    <form className="form" noValidate onSubmit={handleSubmit((v) => onSubmit(v.pin))}>
      <PinField label={t('field.newPin')} hint={t('field.pinHint')} autoComplete="new-password" error={fieldMessage(t, e.pin?.message)} {...register('pin')} />
      <PinField label={t('field.confirmPin')} autoComplete="new-password" error={fieldMessage(t, e.confirm?.message)} {...register('confirm')} />
      {children}
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
