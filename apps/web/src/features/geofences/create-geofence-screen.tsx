import { useNavigate } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useCreateGeofence } from './api/change-geofence';
import { GeofenceForm } from './components/geofence-form';
import { NEW_KEY, closeDraft, getDraft, openDraft } from './draft';
import { EMPTY_FORM } from './form-values';
import { failureKey } from './failure';
import type { ListNotice } from './geofence-list-screen';
import { useSave } from './use-save';
import { Loading } from '../../components/ui/loading';

/** #/create-geofence: a new geofence; saved, the list says "geofence created" (spec §8). */
export function CreateGeofenceScreen() {
  const { t, ready } = useGeofenceTexts();
  const navigate = useNavigate();
  const create = useCreateGeofence();
  const { tractors } = useTractors();
  openDraft(NEW_KEY, EMPTY_FORM);
  const { errors, otherError, submit } = useSave(
    create,
    (saved) => {
      closeDraft();
      // Offline it is kept on the phone: the list says so, and shows it waiting.
      const done: ListNotice = saved.queued ? 'queued' : 'created';
      void navigate(paths.geofenceList.getHref(), { state: { done } });
    },
    // The tractors ticked, or all of the owner's when the owner left the choice alone.
    (body) => ({ ...body, vins: getDraft().values.vins ?? tractors?.map((tr) => tr.vin) ?? [] }),
  );
  return (
    <Page title={t('geofence.createTitle')} backTo={paths.geofenceList.getHref()}>
      {!ready ? (
        <Loading />
      ) : (
        <GeofenceForm
          pickTractors
          errors={errors}
          busy={create.isPending}
          onSubmit={submit}
          footer={otherError ? <Notice tone="error">{t(failureKey(otherError))}</Notice> : null}
        />
      )}
    </Page>
  );
}
