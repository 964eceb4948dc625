import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { latinDigits, OTP_LENGTH, OTP_PATTERN } from '@tractorlink/domain/patterns';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useAction } from '../../hooks/use-action';
import { useCountdown } from '../../hooks/use-countdown';
import { ApiError } from '../../lib/api-error';
import { fieldMessage } from '../../lib/error-message';
import { formatMobile } from '../../lib/format';
import { login } from './api/login';
import { sendOtp } from './api/send-otp';
import { verifyOtp } from './api/verify-otp';
import { ServerError } from './components/server-error';
import { asVerifyOtpState } from './flow-state';
import type { TicketState, VerifyOtpState } from './flow-state';
import { peekPendingLogin, takePendingLogin } from './pending-login';

/** The 6-digit code for registration, PIN reset or binding this browser (after DEVICE_NOT_BOUND). */
export function VerifyOtpScreen() {
  const state = asVerifyOtpState(useLocation().state);
  // Reached without a number (reload, typed URL), or a bind whose PIN is gone: start again.
  if (!state || (state.purpose === 'bind' && !peekPendingLogin())) return <Navigate to={paths.login.getHref()} replace />;
  return <VerifyOtp state={state} />;
}

function VerifyOtp({ state }: { state: VerifyOtpState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { left, restart } = useCountdown(state.resendAfterSeconds);
  const [sentNotice, setSentNotice] = useState(true);
  // Plain state, not the form library: this screen is on a phone's first login, on the way to home,
  // and the library with zod weighed 40 KB there.
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const verify = useAction(async (code: string) => {
    setSentNotice(false);
    const { ticket } = await verifyOtp(state.mobileNo, state.purpose, code);
    const next: TicketState = { mobileNo: state.mobileNo, ticket };
    if (state.purpose === 'register') void navigate(paths.createNewProfile.getHref(), { state: next, replace: true });
    else if (state.purpose === 'reset') void navigate(paths.resetPin.getHref(), { state: next, replace: true });
    else {
      const pending = takePendingLogin();
      if (!pending) return void navigate(paths.login.getHref(), { replace: true });
      await login({ ...pending, otpTicket: ticket });
      void navigate(paths.home.getHref(), { replace: true });
    }
  });

  const resend = useAction(async () => {
    setSentNotice(false);
    verify.setError(null);
    try {
      const sent = await sendOtp(state.mobileNo, state.purpose);
      restart(sent.resendAfterSeconds);
      setCode('');
      setCodeError(undefined);
      setSentNotice(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OTP_RESEND_COOLDOWN' && error.retryAfterSeconds) restart(error.retryAfterSeconds);
      throw error;
    }
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!OTP_PATTERN.test(code)) return setCodeError('OTP_FORMAT');
    setCodeError(undefined);
    void verify.run(code);
  };

  const failure = verify.error ?? resend.error;
  const startAgain = failure instanceof ApiError && (failure.code === 'OTP_SEND_LIMIT' || failure.code === 'OTP_TICKET_INVALID');
  return (
    <Page title={t('otp.title')} backTo={paths.login.getHref()} className="auth-page">
      <p className="lead">{t('otp.intro', { mobile: formatMobile(state.mobileNo) })}</p>
      {sentNotice && <Notice tone="success">{t('otp.sent')}</Notice>}
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('field.otp')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          className="otp-field"
          value={code}
          onChange={(e) => setCode(latinDigits(e.target.value).slice(0, OTP_LENGTH))}
          error={fieldMessage(t, codeError)}
        />
        <ServerError error={failure} action={startAgain ? <Link to={paths.login.getHref()}>{t('common.startAgain')}</Link> : null} />
        <Button type="submit" busy={verify.busy}>
          {t('otp.verify')}
        </Button>
      </form>
      <div className="resend">
        <Button variant="secondary" disabled={left > 0} busy={resend.busy} onClick={() => void resend.run()}>
          {t('otp.resend')}
        </Button>
        {left > 0 && (
          <p className="countdown" aria-live="off">
            {t('otp.resendIn', { seconds: left, count: left })}
          </p>
        )}
      </div>
    </Page>
  );
}
