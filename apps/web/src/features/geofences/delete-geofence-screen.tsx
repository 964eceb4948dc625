import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TrashIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { useDeleteGeofence } from './api/change-geofence';
import { useGeofence } from './api/get-geofences';
import { closeDraft } from './draft';
import { failureKey } from './failure';
import type { ListNotice } from './geofence-list-screen';
import { Loading } from '../../components/ui/loading';

/** #/delete-geofence/:id (spec §2): asks first; deleted, the list says "geofence deleted" (spec §8). */
export function DeleteGeofenceScreen() {
  const { t, ready } = useGeofenceTexts();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const { data: g } = useGeofence(id);
  const remove = useDeleteGeofence(id);
  const back = paths.geofenceDetails.getHref(id);
  return (
    <Page title={t('geofence.deleteTitle')} backTo={back}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <p>{t('geofence.deleteConfirm', { name: g?.name ?? '' })}</p>
          {remove.error && <Notice tone="error">{t(failureKey(remove.error))}</Notice>}
          <div className="button-row">
            <Link to={back} className="btn btn-secondary">
              <span>{t('common.cancel')}</span>
            </Link>
            <Button
              variant="danger"
              icon={<TrashIcon />}
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (saved) => {
                    closeDraft();
                    const done: ListNotice = saved.queued ? 'queued' : 'deleted';
                    void navigate(paths.geofenceList.getHref(), { replace: true, state: { done } });
                  },
                })
              }
            >
              {t('geofence.delete')}
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
