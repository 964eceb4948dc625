import { useTranslation } from 'react-i18next';
import { distanceMeters } from '@tractorlink/domain/geo';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Said } from '../../../components/tractor/said';
import { sayIn, useUnits } from '../../../lib/signed-in/units';
import { useMyPosition } from '../../../lib/signed-in/geolocation';

interface DistanceFromMeProps {
  tractor: { lat: number; lon: number };
}

/**
 * "How far is my tractor": read at once when location is already allowed, otherwise only after a
 * tap on the button (the permission prompt then makes sense to the owner).
 */
export function DistanceFromMe({ tractor }: DistanceFromMeProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const { me, failure, busy, locate } = useMyPosition();

  if (me) {
    const distance = units.distance(distanceMeters(me, tractor));
    return (
      <p className="distance">
        <Said figure={sayIn((d) => t('location.distanceFromYou', { distance: d }), distance)} />
      </p>
    );
  }
  return (
    <>
      <Button variant="secondary" busy={busy} onClick={() => void locate()}>
        {t('location.showDistance')}
      </Button>
      {failure && <Notice tone="error">{t(failure)}</Notice>}
    </>
  );
}
