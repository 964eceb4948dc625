import { useTranslation } from 'react-i18next';
import type { UsageReportValues } from '@tractorlink/domain/vehicles-api';
import { formatDecimal } from '../../../lib/signed-in/tractor-format';

/** Spec §3 usage report values as a list of labelled figures. */
export function UsageValues({ values }: { values: UsageReportValues }) {
  const { t, i18n } = useTranslation();
  const n = (v: number, digits = 1) => formatDecimal(v, i18n.language, digits);
  const rows: [string, string][] = [
    [t('usage.fieldWork'), t('unit.acres', { value: n(values.fieldWorkAcres, 2) })],
    [t('usage.onRoad'), t('unit.km', { value: n(values.onRoadKm) })],
    [t('usage.engineTime'), t('unit.hoursMinutes', { hours: n(values.engineHours, 0), minutes: n(values.engineMinutes, 0) })],
    [t('usage.pto'), t('unit.hours', { value: n(values.ptoHours) })],
    [t('usage.averageRpm'), t('unit.rpm', { value: n(values.averageRpm, 0) })],
    [t('usage.dieselConsumed'), t('unit.litres', { value: n(values.dieselConsumedL) })],
    [t('usage.dieselRemaining'), values.dieselRemainingL === null ? t('diesel.noReading') : t('unit.litres', { value: n(values.dieselRemainingL) })],
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
