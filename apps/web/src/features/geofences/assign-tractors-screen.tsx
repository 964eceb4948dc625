import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { NoTractors } from '../../components/tractor/no-tractors';
import { paths } from '../../config/paths';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useAssignTractors } from './api/change-geofence';
import { useGeofence } from './api/get-geofences';
import { failureKey } from './failure';
import { Loading } from '../../components/ui/loading';

/** #/assign-tractors/:id (spec §2): which of the owner's tractors the geofence watches. */
export function AssignTractorsScreen() {
  const { t, ready } = useGeofenceTexts();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const { data: g } = useGeofence(id);
  const { tractors } = useTractors();
  const assign = useAssignTractors(id);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const picked = chosen ?? new Set(g?.vins ?? []);
  const back = paths.geofenceDetails.getHref(id);

  const toggle = (vin: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(vin);
    else next.delete(vin);
    setChosen(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only the owner's tractors the app knows; a VIN assigned before stays if it is not listed here.
    const known = new Set(tractors?.map((tr) => tr.vin));
    const keep = (g?.vins ?? []).filter((vin) => !known.has(vin));
    assign.mutate(
      [...keep, ...picked].filter((v, i, all) => all.indexOf(v) === i),
      {
        onSuccess: (saved) => void navigate(back, { replace: true, state: { assigned: saved.queued ? 'queued' : true } }),
      },
    );
  };

  return (
    <Page title={t('geofence.assignTitle')} backTo={back}>
      {!ready || !g ? (
        <Loading />
      ) : (
        <>
          <p className="lead">{t('geofence.assignLead', { name: g.name })}</p>
          {tractors && tractors.length === 0 && <NoTractors />}
          {tractors && tractors.length > 0 && (
            <form className="form" noValidate onSubmit={submit}>
              <fieldset className="choice-list">
                <legend>{t('geofence.tractors')}</legend>
                {tractors.map((tr) => (
                  <CheckboxField
                    key={tr.vin}
                    label={`${tr.Veh_Name} · ${tr.regNo}`}
                    checked={picked.has(tr.vin)}
                    onChange={(e) => toggle(tr.vin, e.target.checked)}
                  />
                ))}
              </fieldset>
              {assign.error && <Notice tone="error">{t(failureKey(assign.error))}</Notice>}
              <Button type="submit" busy={assign.isPending}>
                {t('common.save')}
              </Button>
            </form>
          )}
        </>
      )}
    </Page>
  );
}
