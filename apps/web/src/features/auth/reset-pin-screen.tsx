import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useAction } from '../../hooks/use-action';
import { ApiError } from '../../lib/api-error';
import { createPin } from './api/create-pin';
import { PinPairForm } from './components/pin-pair-form';
import { ServerError } from './components/server-error';
import { asTicketState } from './flow-state';
import type { LoginState, TicketState } from './flow-state';

/** Forgot PIN, last step: a new PIN twice → POST createpin → login with 'PIN changed successfully'. */
export function ResetPinScreen() {
  const state = asTicketState(useLocation().state);
  if (!state) return <Navigate to={paths.forgotPin.getHref()} replace />;
  return <ResetPin state={state} />;
}

function ResetPin({ state }: { state: TicketState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useAction(async (pin: string) => {
    await createPin(state.ticket, pin);
    const next: LoginState = { notice: 'pinChanged', mobileNo: state.mobileNo };
    void navigate(paths.login.getHref(), { replace: true, state: next });
  });
  const expired = action.error instanceof ApiError && action.error.code === 'OTP_TICKET_INVALID';
  return (
    <Page title={t('pin.resetTitle')} className="auth-page">
      <p className="lead">{t('pin.resetIntro')}</p>
      <PinPairForm onSubmit={(pin) => void action.run(pin)} busy={action.busy} submitLabel={t('pin.resetSubmit')}>
        <ServerError error={action.error} action={expired ? <Link to={paths.forgotPin.getHref()}>{t('common.startAgain')}</Link> : null} />
      </PinPairForm>
    </Page>
  );
}
