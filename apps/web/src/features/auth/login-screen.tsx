import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { latinDigits, MOBILE_FIELD_MAX_CHARS, MOBILE_PATTERN, mobileDigits, PIN_PATTERN } from '@tractorlink/domain/patterns';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { LanguageSelect } from '../../components/ui/language-select';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { PinField } from '../../components/ui/pin-field';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useAction } from '../../hooks/use-action';
import { ApiError } from '../../lib/api-error';
import { fieldMessage } from '../../lib/error-message';
import { changeAppLanguage, currentLanguage } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { login } from './api/login';
import { ServerError } from './components/server-error';
import type { LoginState, VerifyOtpState } from './flow-state';
import { holdPendingLogin } from './pending-login';

/**
 * Mobile number + PIN. Checked with the domain's bare patterns rather than zod and react-hook-form:
 * this is the first screen on a 2G phone and must stay within the size budget (DESIGN §1).
 */
export function LoginScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const arrived = useLocation().state as LoginState | null;
  const notice = arrived?.notice;
  const [mobileNo, setMobileNo] = useState(() => arrived?.mobileNo ?? storage.get('mobNum') ?? '');
  const [pin, setPin] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<{ mobileNo?: string; pin?: string }>({});
  const mobileRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  const action = useAction(async () => {
    try {
      await login({ mobileNo, pin, rememberMe });
      void navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DEVICE_NOT_BOUND') {
        // The server has sent a 'bind' OTP; the PIN waits in memory for the repeat login.
        holdPendingLogin({ mobileNo, pin, rememberMe });
        const state: VerifyOtpState = { mobileNo, purpose: 'bind', resendAfterSeconds: 30 };
        void navigate(paths.verifyOtp.getHref(), { state });
        return;
      }
      throw error;
    }
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      mobileNo: MOBILE_PATTERN.test(mobileNo) ? undefined : 'MOBILE_INVALID',
      pin: PIN_PATTERN.test(pin) ? undefined : 'PIN_FORMAT',
    };
    setErrors(next);
    if (next.mobileNo) mobileRef.current?.focus();
    else if (next.pin) pinRef.current?.focus();
    else void action.run();
  };

  const blocked = action.error instanceof ApiError && action.error.code === 'PIN_BLOCKED';
  return (
    <Page title={t('login.title')} className="auth-page">
      <LanguageSelect value={currentLanguage()} onChange={(lang) => void changeAppLanguage(lang)} key={i18n.language} />
      <p className="lead">{t('login.intro')}</p>
      {notice === 'pinChanged' && <Notice tone="success">{t('pin.changed')}</Notice>}
      {arrived?.endedCode && <Notice>{t(`error.${arrived.endedCode}`)}</Notice>}
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField
          ref={mobileRef}
          label={t('field.mobile')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={MOBILE_FIELD_MAX_CHARS}
          value={mobileNo}
          onChange={(e) => setMobileNo(mobileDigits(e.target.value))}
          error={fieldMessage(t, errors.mobileNo)}
          hint={t('field.mobileHint')}
        />
        <PinField
          ref={pinRef}
          label={t('field.pin')}
          autoComplete="current-password"
          value={pin}
          onChange={(e) => setPin(latinDigits(e.target.value))}
          error={fieldMessage(t, errors.pin)}
        />
        <CheckboxField label={t('login.rememberMe')} checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <ServerError error={action.error} action={blocked ? <Link to={paths.forgotPin.getHref()}>{t('login.forgotPin')}</Link> : null} />
        <Button type="submit" busy={action.busy}>
          {t('login.submit')}
        </Button>
      </form>
      <div className="form-links">
        <Link to={paths.forgotPin.getHref()}>{t('login.forgotPin')}</Link>
        <p>
          {t('login.newHere')} <Link to={paths.register.getHref()}>{t('login.register')}</Link>
        </p>
        <Link to={paths.about.getHref()}>{t('about.title')}</Link>
      </div>
    </Page>
  );
}
