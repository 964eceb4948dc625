import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { MobileOtpForm } from './components/mobile-otp-form';

/** Forgot PIN: the mobile number, proved with an OTP (purpose reset), then a new PIN. */
export function ForgotPinScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('forgotPin.title')} backTo={paths.login.getHref()} className="auth-page">
      <p className="lead">{t('forgotPin.intro')}</p>
      <MobileOtpForm
        purpose="reset"
        errorAction={(code) => (code === 'MOBILE_NOT_REGISTERED' ? <Link to={paths.register.getHref()}>{t('login.register')}</Link> : null)}
      />
    </Page>
  );
}
