import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapHandle, Point } from './leaflet-map';

interface MapViewProps {
  /** Where to look first (before the screen fits what it shows). */
  center: Point | null;
  onReady: (map: MapHandle | null) => void;
  className?: string;
  /**
   * What the map shows, in words (places, coordinates, distances, sizes): read first inside the map's
   * region by those who cannot see the picture. Screens keep it in step with what they draw.
   */
  summary?: string | undefined;
}

/** Loads Leaflet on first use and hands the screen a map handle; the map itself is drawn by Leaflet. */
export function MapView({ center, onReady, className, summary }: MapViewProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const first = useRef({ center, onReady, text: { zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut'), keys: t('map.keys') } });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let handle: MapHandle | undefined;
    let cancelled = false;
    const { center: c, onReady: ready, text } = first.current;
    import('./leaflet-map')
      .then(({ createMap }) => {
        if (cancelled) return;
        handle = createMap(el, text, c);
        ready(handle);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      ready(null);
      handle?.destroy();
    };
  }, []);

  // The region holds the words and the map: its zoom buttons stay reachable by keyboard after them.
  return (
    <div className={`map-wrap${className ? ` ${className}` : ''}`} role="region" aria-label={t('map.label')}>
      {summary && (
        <p className="visually-hidden" data-testid="map-summary">
          {summary}
        </p>
      )}
      <div ref={box} className="map" />
      {failed && <p className="notice notice-error">{t('map.failed')}</p>}
    </div>
  );
}
