import { useTranslation } from 'react-i18next';
import { distanceMeters } from '@tractorlink/domain/geo';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { distanceParts } from '../../../lib/signed-in/tractor-format';
import { useMyPosition } from '../../../lib/signed-in/geolocation';

interface DistanceFromMeProps {
  tractor: { lat: number; lon: number };
}

/**
 * "How far is my tractor": read at once when location is already allowed, otherwise only after a
 * tap on the button (the permission prompt then makes sense to the owner).
 */
export function DistanceFromMe({ tractor }: DistanceFromMeProps) {
  const { t, i18n } = useTranslation();
  const { me, failure, busy, locate } = useMyPosition();

  if (me) {
    const { unit, value } = distanceParts(distanceMeters(me, tractor), i18n.language);
    return <p className="distance">{t('location.distanceFromYou', { distance: t(unit, { value }) })}</p>;
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
