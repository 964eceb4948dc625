import { useTranslation } from 'react-i18next';
import { RoadIcon, SatelliteIcon } from '../tractor/icons';
import type { MapLayer } from './leaflet-map';

/**
 * Spec §2: the button's icon shows satellite while the road map is active and road while the hybrid
 * (satellite) map is: it shows where a tap takes you. Its name says the same in words.
 */
export function LayerToggle({ layer, onChange }: { layer: MapLayer; onChange: (layer: MapLayer) => void }) {
  const { t } = useTranslation();
  const toHybrid = layer === 'road';
  return (
    <button type="button" className="btn btn-secondary map-toggle" data-layer={layer} onClick={() => onChange(toHybrid ? 'hybrid' : 'road')}>
      {toHybrid ? <SatelliteIcon /> : <RoadIcon />}
      <span>{toHybrid ? t('map.showSatellite') : t('map.showRoad')}</span>
    </button>
  );
}
