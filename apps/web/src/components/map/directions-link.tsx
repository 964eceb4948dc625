import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { NavigateIcon } from '../tractor/icons';

/**
 * Turn-by-turn directions to the tractor in the phone's maps app: the Google Maps directions URL
 * opens the app on Android (and the web page elsewhere), starting from where the phone is.
 */
export function directionsUrl(to: { lat: number; lon: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${to.lat.toFixed(6)},${to.lon.toFixed(6)}&travelmode=driving`;
}

export function DirectionsLink({ to }: { to: { lat: number; lon: number } | null }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (to) {
    return (
      <a className="btn btn-primary" href={directionsUrl(to)} target="_blank" rel="noopener noreferrer">
        <NavigateIcon /> <span>{t('locate.navigate')}</span>
      </a>
    );
  }
  // No known position: nothing to navigate to (spec §8 'directions request failed').
  return (
    <>
      <Button icon={<NavigateIcon />} onClick={() => setFailed(true)}>
        {t('locate.navigate')}
      </Button>
      {failed && <Notice tone="error">{t('location.directionsFailed')}</Notice>}
    </>
  );
}
