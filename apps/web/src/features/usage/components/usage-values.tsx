import { useTranslation } from 'react-i18next';
import type { UsageReportValues } from '@tractorlink/domain/vehicles-api';
import { formatDecimal } from '../../../lib/signed-in/tractor-format';

/** Spec §3 usage report values as a list of labelled figures; one the tractor cannot measure says so, never 0. */
export function UsageValues({ values }: { values: UsageReportValues }) {
  const { t, i18n } = useTranslation();
  const n = (v: number, digits = 1) => formatDecimal(v, i18n.language, digits);
  const known = (v: number | null, show: (v: number) => string) => (v === null ? t('usage.notMeasured') : show(v));
  const rows: [string, string][] = [
    [t('usage.fieldWork'), known(values.fieldWorkAcres, (v) => t('unit.acres', { value: n(v, 2) }))],
    [t('usage.onRoad'), known(values.onRoadKm, (v) => t('unit.km', { value: n(v) }))],
    [t('usage.engineTime'), t('unit.hoursMinutes', { hours: n(values.engineHours, 0), minutes: n(values.engineMinutes, 0) })],
    [t('usage.pto'), known(values.ptoHours, (v) => t('unit.hours', { value: n(v) }))],
    [t('usage.averageRpm'), known(values.averageRpm, (v) => t('unit.rpm', { value: n(v, 0) }))],
    [t('usage.dieselConsumed'), known(values.dieselConsumedL, (v) => t('unit.litres', { value: n(v) }))],
    // Null only without a tank sensor: a tractor with one always has a level once it has reported.
    [t('usage.dieselRemaining'), known(values.dieselRemainingL, (v) => t('unit.litres', { value: n(v) }))],
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
