import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapHandle } from '../../../components/map/leaflet-map';
import { MapView } from '../../../components/map/map-view';
import { pointText } from '../../../components/map/map-words';
import type { Pin } from '../api/get-booking-options';

interface PinMapProps {
  pin: Pin | null;
  onMove: (pin: Pin) => void;
}

/**
 * The farm on the map (the app's one Leaflet approach, loaded lazily): a pin to drag, or a tap to put
 * it there. The map follows the pin only when it is set from outside (the tractor's position).
 */
export function PinMap({ pin, onMove }: PinMapProps) {
  const { t } = useTranslation();
  const [map, setMap] = useState<MapHandle | null>(null);
  const lat = pin?.lat;
  const lng = pin?.lng;
  useEffect(() => {
    if (!map) return;
    const move = (p: { lat: number; lon: number }) => onMove({ lat: p.lat, lng: p.lon });
    map.setPin(lat !== undefined && lng !== undefined ? { lat, lon: lng } : null, move);
    map.onTap(move);
    return () => map.onTap(null);
  }, [map, lat, lng, onMove]);
  const centred = useRef(false);
  useEffect(() => {
    // The first known position centres the map once; later moves are the owner's own.
    if (!map || centred.current || lat === undefined || lng === undefined) return;
    map.centerOn({ lat, lon: lng });
    centred.current = true;
  }, [map, lat, lng]);
  const at = lat !== undefined && lng !== undefined ? { lat, lon: lng } : null;
  // The pin in words: where the mechanic will come, for those who cannot see the map.
  return <MapView center={at} onReady={setMap} className="pin-map" summary={at ? t('map.pointAt', { place: pointText(at) }) : undefined} />;
}
