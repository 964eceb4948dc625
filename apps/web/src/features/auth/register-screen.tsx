import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { MobileOtpForm } from './components/mobile-otp-form';

/** Registration step 1: the mobile number, proved with an OTP (purpose register). */
export function RegisterScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('register.title')} backTo={paths.login.getHref()} className="auth-page">
      <p className="lead">{t('register.intro')}</p>
      <MobileOtpForm
        purpose="register"
        errorAction={(code) => (code === 'MOBILE_ALREADY_REGISTERED' ? <Link to={paths.login.getHref()}>{t('login.submit')}</Link> : null)}
      />
      <p className="form-links">
        {t('register.haveAccount')} <Link to={paths.login.getHref()}>{t('login.submit')}</Link>
      </p>
    </Page>
  );
}
