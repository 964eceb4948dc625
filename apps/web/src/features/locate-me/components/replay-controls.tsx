import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVING_MIN_KMH } from '@tractorlink/domain/vehicle-state';
import { Button } from '../../../components/ui/button';
import { PauseIcon, PlayIcon } from '../../../components/tractor/icons';
import { formatIstTime } from '../../../lib/signed-in/tractor-format';
import type { TrackPoint } from '../../../components/map/leaflet-map';

interface ReplayControlsProps {
  points: readonly TrackPoint[];
  index: number;
  onIndex: (i: number) => void;
}

/** A whole day plays in about this long, whatever its number of points. */
const PLAY_MS = 30_000;
const TICK_MS = 100;

/** Play/pause and a time slider; the slider speaks the time of the point it is on (aria-valuetext). */
export function ReplayControls({ points, index, onIndex }: ReplayControlsProps) {
  const { t, i18n } = useTranslation();
  // Without a speed from the device, moving or standing is unknown: say nothing rather than "standing".
  const motion = (p: TrackPoint) =>
    p[4] === 1 ? ` · ${t('replay.working')}` : p[3] === null ? '' : ` · ${p[3] >= MOVING_MIN_KMH ? t('replay.travelling') : t('replay.standing')}`;
  const [playing, setPlaying] = useState(false);
  const id = useId();
  const last = points.length - 1;
  const step = Math.max(1, Math.ceil(points.length / (PLAY_MS / TICK_MS)));

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const next = Math.min(last, index + step);
      onIndex(next);
      if (next >= last) setPlaying(false);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, index, last, step, onIndex]);

  const point = points[index];
  const time = point ? formatIstTime(point[0], i18n.language, true) : '';
  return (
    <div className="replay-controls">
      <Button
        className="play-button"
        icon={playing ? <PauseIcon /> : <PlayIcon />}
        onClick={() => {
          if (!playing && index >= last) onIndex(0);
          setPlaying((p) => !p);
        }}
      >
        {playing ? t('replay.pause') : t('replay.play')}
      </Button>
      <div className="slider-field">
        <label htmlFor={id}>{t('replay.time')}</label>
        <input
          id={id}
          type="range"
          min={0}
          max={Math.max(0, last)}
          step={1}
          value={index}
          aria-valuetext={time}
          onChange={(e) => onIndex(Number(e.target.value))}
        />
        <output htmlFor={id} dir="ltr">
          {time}
          {point ? motion(point) : ''}
        </output>
      </div>
    </div>
  );
}
