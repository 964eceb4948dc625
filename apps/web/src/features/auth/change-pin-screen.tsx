import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pin } from '@tractorlink/domain/validation';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { PinField } from '../../components/ui/pin-field';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-error';
import { fieldMessage } from '../../lib/error-message';
import { useChangePin } from './api/change-pin';
import { ServerError } from './components/server-error';

const schema = z
  .object({ oldPin: pin, newPin: pin, confirm: z.string() })
  .refine((v) => v.newPin === v.confirm, { path: ['confirm'], message: 'PIN_MISMATCH' })
  .refine((v) => v.newPin !== v.oldPin, { path: ['newPin'], message: 'PIN_SAME_AS_OLD' });
type Values = z.infer<typeof schema>;

/** Signed in: old PIN, new PIN, confirm (spec §5: the old PIN must be valid). */
export function ChangePinScreen() {
  const { t } = useTranslation();
  const change = useChangePin();
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { oldPin: '', newPin: '', confirm: '' },
  });
  const e = formState.errors;
  const blocked = change.error instanceof ApiError && change.error.code === 'PIN_BLOCKED';
  return (
    <Page title={t('changePin.title')} backTo={paths.settings.getHref()}>
      {change.isSuccess && <Notice tone="success">{t('pin.changed')}</Notice>}
      <form className="form" noValidate onSubmit={handleSubmit((v) => change.mutate({ oldPin: v.oldPin, newPin: v.newPin }, { onSuccess: () => reset() }))}>
        <PinField label={t('field.oldPin')} autoComplete="current-password" error={fieldMessage(t, e.oldPin?.message)} {...register('oldPin')} />
        <PinField label={t('field.newPin')} autoComplete="new-password" error={fieldMessage(t, e.newPin?.message)} {...register('newPin')} />
        <PinField label={t('field.confirmPin')} autoComplete="new-password" error={fieldMessage(t, e.confirm?.message)} {...register('confirm')} />
        <ServerError error={change.error} action={blocked ? <Link to={paths.forgotPin.getHref()}>{t('login.forgotPin')}</Link> : null} />
        <Button type="submit" busy={change.isPending}>
          {t('changePin.submit')}
        </Button>
      </form>
    </Page>
  );
}
