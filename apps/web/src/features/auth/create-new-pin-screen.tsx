import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useAction } from '../../hooks/use-action';
import { ApiError } from '../../lib/api-error';
import { register } from './api/register';
import { PinPairForm } from './components/pin-pair-form';
import { ServerError } from './components/server-error';
import { asPinStepState } from './flow-state';
import type { PinStepState } from './flow-state';

/** Registration step 3: the PIN, then POST register with the kept ticket and profile → home. */
export function CreateNewPinScreen() {
  const state = asPinStepState(useLocation().state);
  if (!state) return <Navigate to={paths.register.getHref()} replace />;
  return <CreateNewPin state={state} />;
}

function CreateNewPin({ state }: { state: PinStepState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useAction(async (pin: string) => {
    await register(state.ticket, state.profile, pin);
    void navigate(paths.home.getHref(), { replace: true });
  });
  const expired = action.error instanceof ApiError && action.error.code === 'OTP_TICKET_INVALID';
  return (
    <Page title={t('pin.createTitle')} className="auth-page">
      <p className="lead">{t('pin.createIntro')}</p>
      <PinPairForm onSubmit={(pin) => void action.run(pin)} busy={action.busy} submitLabel={t('pin.createSubmit')}>
        <ServerError error={action.error} action={expired ? <Link to={paths.register.getHref()}>{t('common.startAgain')}</Link> : null} />
      </PinPairForm>
    </Page>
  );
}
