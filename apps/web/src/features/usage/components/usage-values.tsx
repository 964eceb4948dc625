import { useTranslation } from 'react-i18next';
import type { UsageReportValues } from '@tractorlink/domain/vehicles-api';
import type { ReactNode } from 'react';
import { Said } from '../../../components/tractor/said';
import { formatDecimal, shownCount } from '../../../lib/signed-in/tractor-format';
import { useUnits } from '../../../lib/signed-in/units';

/** Spec §3 usage report values as a list of labelled figures; one the tractor cannot measure says so, never 0. */
export function UsageValues({ values }: { values: UsageReportValues }) {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  const n = (v: number, digits = 1) => formatDecimal(v, i18n.language, digits);
  const known = (v: number | null, show: (v: number) => ReactNode) => (v === null ? t('usage.notMeasured') : show(v));
  const rows: [string, ReactNode][] = [
    [t('usage.fieldWork'), known(values.fieldWorkAcres, (v) => t('unit.acres', { value: n(v, 2), count: shownCount(n(v, 2)) }))],
    [t('usage.onRoad'), known(values.onRoadKm, (v) => <Said figure={units.km(v)} />)],
    // Both lengths of time one way: '5 h 50 min' (never '5.5 h' beside it).
    [t('usage.engineTime'), <Said figure={units.durationMinutes(values.engineHours * 60 + values.engineMinutes)} />],
    [t('usage.pto'), known(values.ptoHours, (v) => <Said figure={units.duration(v)} />)],
    [t('usage.averageRpm'), known(values.averageRpm, (v) => t('unit.rpm', { value: n(v, 0) }))],
    [t('usage.dieselConsumed'), known(values.dieselConsumedL, (v) => <Said figure={units.litres(v)} />)],
    // Null only without a tank sensor: a tractor with one always has a level once it has reported.
    [t('usage.dieselRemaining'), known(values.dieselRemainingL, (v) => <Said figure={units.litres(v)} />)],
  ];
  return (
    <dl className="facts usage-values">
      {rows.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
