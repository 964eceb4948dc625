import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { OtpPurpose } from '@tractorlink/domain/auth';
import { mobileNo } from '@tractorlink/domain/validation';
import { MOBILE_FIELD_MAX_CHARS, mobileDigits } from '@tractorlink/domain/patterns';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useAction } from '../../../hooks/use-action';
import { fieldMessage } from '../../../lib/error-message';
import { storage } from '../../../lib/secure-storage';
import { sendOtp } from '../api/send-otp';
import type { VerifyOtpState } from '../flow-state';
import { ServerError } from './server-error';

const schema = z.object({ mobileNo });
type Values = z.infer<typeof schema>;

/** Mobile number → POST otp/send → the OTP screen. Used by registration and forgot PIN. */
export function MobileOtpForm({ purpose, errorAction }: { purpose: OtpPurpose; errorAction?: (code: string) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { mobileNo: purpose === 'reset' ? (storage.get('mobNum') ?? '') : '' },
  });
  const action = useAction(async ({ mobileNo }: Values) => {
    const sent = await sendOtp(mobileNo, purpose);
    const state: VerifyOtpState = { mobileNo, purpose, resendAfterSeconds: sent.resendAfterSeconds };
    void navigate(paths.verifyOtp.getHref(), { state });
  });
  const code = (action.error as { code?: string } | null)?.code;
  return (
    <form className="form" noValidate onSubmit={handleSubmit((v) => void action.run(v))}>
      <TextField
        label={t('field.mobile')}
        hint={t('field.mobileHint')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={MOBILE_FIELD_MAX_CHARS}
        error={fieldMessage(t, formState.errors.mobileNo?.message)}
        {...register('mobileNo', { setValueAs: (v: string) => mobileDigits(v) })}
      />
      <ServerError error={action.error} action={code && errorAction ? errorAction(code) : null} />
      <Button type="submit" busy={action.busy}>
        {t('otp.send')}
      </Button>
    </form>
  );
}
