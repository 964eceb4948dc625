import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { PeopleIcon, TrashIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useUpdateGeofence } from './api/change-geofence';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { useGeofence } from './api/get-geofences';
import { geofenceTarget } from './api/pending-geofences';
import { ActiveSwitch } from './components/active-switch';
import { GeofenceForm } from './components/geofence-form';
import { changeDraft, openDraft } from './draft';
import { failureKey } from './failure';
import { valuesOf } from './form';
import { kindLine } from './geofence-words';
import { useSave } from './use-save';
import { Loading } from '../../components/ui/loading';

/**
 * #/geofence-details/:id: one geofence, edited in place (spec §8 "geofence updated"), its active
 * switch, the tractors it watches (chosen on assign-tractors) and the way to delete it.
 */
export function GeofenceDetailsScreen() {
  const { t, ready } = useGeofenceTexts();
  const id = useParams().id ?? '';
  const { data: g, error, isPending } = useGeofence(id);
  const { tractors } = useTractors();
  const update = useUpdateGeofence(id);
  const [updated, setUpdated] = useState<'applied' | 'queued' | null>(null);
  // true: saved; 'queued': kept on the phone to send later.
  const assigned = (useLocation().state as { assigned?: boolean | 'queued' } | null)?.assigned;
  if (g) openDraft(g.id, valuesOf(g));
  const { errors, otherError, submit } = useSave(update, (saved) => {
    if (saved.geofence) changeDraft(valuesOf(saved.geofence));
    setUpdated(saved.queued ? 'queued' : 'applied');
  });
  const nameOf = (vin: string) => {
    const tr = tractors?.find((x) => x.vin === vin);
    return tr ? `${tr.Veh_Name} · ${tr.regNo}` : vin;
  };

  return (
    <Page title={g?.name ?? t('geofence.detailsTitle')} backTo={paths.geofenceList.getHref()}>
      {!ready || (!g && isPending) ? (
        <Loading />
      ) : !g ? (
        error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>
      ) : (
        <>
          <section className="card" aria-labelledby="geofence-about">
            <h2 id="geofence-about">{kindLine(t, g)}</h2>
            <OutboxNote target={geofenceTarget(g.id)} />
            <ActiveSwitch geofence={g} />
          </section>
          <section className="card" aria-labelledby="geofence-tractors">
            <h2 id="geofence-tractors">{t('geofence.tractors')}</h2>
            {assigned && <Notice tone="success">{assigned === 'queued' ? t('outbox.waiting') : t('geofence.tractorsSaved')}</Notice>}
            {g.vins.length === 0 ? (
              <p className="muted">{t('geofence.noTractors')}</p>
            ) : (
              <ul className="plain-list" aria-label={t('geofence.tractors')}>
                {g.vins.map((vin) => (
                  <li key={vin}>{nameOf(vin)}</li>
                ))}
              </ul>
            )}
            <Link to={paths.assignTractors.getHref(g.id)} className="btn btn-secondary">
              <PeopleIcon /> <span>{t('geofence.assign')}</span>
            </Link>
          </section>
          <h2>{t('geofence.edit')}</h2>
          <GeofenceForm
            errors={errors}
            busy={update.isPending}
            fitTo={g.type === 'custom' ? g.bounds : undefined}
            onSubmit={() => {
              setUpdated(null);
              submit();
            }}
            footer={
              <>
                {updated && !update.isPending && <Notice tone="success">{updated === 'queued' ? t('outbox.waiting') : t('geofence.updated')}</Notice>}
                {otherError ? <Notice tone="error">{t(failureKey(otherError))}</Notice> : null}
              </>
            }
          />
          <Link to={paths.deleteGeofence.getHref(g.id)} className="btn btn-danger">
            <TrashIcon /> <span>{t('geofence.delete')}</span>
          </Link>
        </>
      )}
    </Page>
  );
}
