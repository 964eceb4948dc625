import { useTranslation } from 'react-i18next';
import type { DieselStation } from '@tractorlink/domain/places';
import { FuelIcon, NavigateIcon } from '../../../components/tractor/icons';
import { distanceParts } from '../../../lib/signed-in/tractor-format';
import { directionsUrl } from '../../../components/map/directions-link';

/** Nearby diesel stations (spec §2 locate me), nearest first, each with directions. */
export function StationList({ stations }: { stations: readonly DieselStation[] }) {
  const { t, i18n } = useTranslation();
  if (stations.length === 0) return <p>{t('locate.noStations')}</p>;
  return (
    <ul className="station-list">
      {[...stations]
        .sort((a, b) => a.distanceM - b.distanceM)
        .map((s) => {
          const { unit, value } = distanceParts(s.distanceM, i18n.language);
          return (
            <li key={`${s.name}-${s.latitude}-${s.longitude}`}>
              <FuelIcon />
              <div>
                <p className="station-name">{s.name}</p>
                <p className="muted">
                  {s.address} · {t('locate.fromTractor', { distance: t(unit, { value }) })}
                </p>
              </div>
              <a className="icon-button" href={directionsUrl({ lat: s.latitude, lon: s.longitude })} target="_blank" rel="noopener noreferrer">
                <span className="visually-hidden">{t('locate.directionsTo', { name: s.name })}</span>
                <NavigateIcon />
              </a>
            </li>
          );
        })}
    </ul>
  );
}
