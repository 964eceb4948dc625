import { useTranslation } from 'react-i18next';
import { dieselStatus } from '@tractorlink/domain/diesel-status';
import type { DieselUnknown } from '@tractorlink/domain/diesel-status';
import { Said } from '../../../components/tractor/said';
import { formatDecimal } from '../../../lib/signed-in/tractor-format';

interface DieselGaugeProps {
  percent: number | null;
  litres: number | null;
  tankCapacity: number;
  /** What to say when there is no level: no sensor fitted is not the same as no reading yet. */
  unknown: DieselUnknown;
}

const UNKNOWN_TEXT = { noSensor: 'diesel.noSensor', waiting: 'diesel.noReading', noReading: 'diesel.noReading' } as const;

/** A half-dial of the tank (the picture owners know from the tractor's own gauge) with the figures in words. */
export function DieselGauge({ percent, litres, tankCapacity, unknown }: DieselGaugeProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const status = percent === null ? null : dieselStatus(percent);
  const filled = Math.max(0, Math.min(100, percent ?? 0));
  const figures = (litres: number) => ({ litres: formatDecimal(litres, lang), capacity: formatDecimal(tankCapacity, lang) });
  return (
    <div className="diesel-gauge">
      <svg viewBox="0 0 120 68" width="150" height="85" aria-hidden="true" focusable="false">
        <path d="M10 62a50 50 0 0 1 100 0" pathLength={100} className="dg-track" />
        {percent !== null && <path d="M10 62a50 50 0 0 1 100 0" pathLength={100} className={`dg-fill dg-${status}`} strokeDasharray={`${filled} 100`} />}
        <text x="60" y="58" textAnchor="middle" className="dg-text">
          {percent === null ? '—' : `${formatDecimal(percent, lang, 0)}%`}
        </text>
      </svg>
      <div>
        <p className="big-figure">
          {litres === null ? (
            t(UNKNOWN_TEXT[unknown])
          ) : (
            <Said figure={{ shown: t('diesel.litresOfTank', figures(litres)), spoken: t('diesel.litresOfTankSpoken', figures(litres)) }} />
          )}
        </p>
        {percent !== null && <p>{t('diesel.percentOfTank', { percent: formatDecimal(percent, lang, 0) })}</p>}
        {status && <p className={`diesel-status diesel-${status}`}>{t(`diesel.status.${status}`)}</p>}
      </div>
    </div>
  );
}
