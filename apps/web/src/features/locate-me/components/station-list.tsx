import { useTranslation } from 'react-i18next';
import type { DieselStation } from '@tractorlink/domain/places';
import { FuelIcon, NavigateIcon } from '../../../components/tractor/icons';
import { Said } from '../../../components/tractor/said';
import { sayIn, useUnits } from '../../../lib/signed-in/units';
import { directionsUrl } from '../../../components/map/directions-link';

/** Nearby diesel stations (spec §2 locate me), nearest first, each with directions. */
export function StationList({ stations }: { stations: readonly DieselStation[] }) {
  const { t } = useTranslation();
  const units = useUnits();
  if (stations.length === 0) return <p>{t('locate.noStations')}</p>;
  return (
    <ul className="station-list">
      {[...stations]
        .sort((a, b) => a.distanceM - b.distanceM)
        .map((s) => {
          const distance = sayIn((d) => t('locate.fromTractor', { distance: d }), units.distance(s.distanceM));
          return (
            <li key={`${s.name}-${s.latitude}-${s.longitude}`}>
              <FuelIcon />
              <div>
                <p className="station-name">{s.name}</p>
                <p className="muted">
                  {s.address} · <Said figure={distance} />
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
