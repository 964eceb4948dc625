import type { Geofence } from '@tractorlink/domain/geofences';
import { Notice } from '../../../components/ui/notice';
import { useGeofenceTexts } from '../../../lib/signed-in/geofence-texts';
import { useSetActive } from '../api/change-geofence';
import { failureKey } from '../failure';

/** Spec §4 active / inactive: a switch that saves at once (and moves back if the server refuses). */
export function ActiveSwitch({ geofence }: { geofence: Geofence }) {
  const { t } = useGeofenceTexts();
  const setActive = useSetActive();
  return (
    <div className="active-switch">
      <div className="switch-row">
        <span aria-hidden="true">{geofence.active ? t('geofence.active') : t('geofence.inactive')}</span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          aria-label={t('geofence.activeNamed', { name: geofence.name })}
          checked={geofence.active}
          disabled={setActive.isPending}
          onChange={(e) => setActive.mutate({ id: geofence.id, active: e.target.checked })}
        />
      </div>
      {setActive.error && <Notice tone="error">{t(failureKey(setActive.error))}</Notice>}
    </div>
  );
}
