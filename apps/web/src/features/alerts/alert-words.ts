import type { TFunction } from 'i18next';
import type { AlertItem } from '@tractorlink/domain/alerts';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { formatDecimal } from '../../lib/signed-in/tractor-format';

export interface AlertWords {
  name: string;
  description: string;
  /** '110 °C (limit 105 °C)', '12 V', or null for a plain event. */
  reading: string | null;
  severity: string;
  tractor: string;
  time: string;
}

/**
 * An alert in the reader's language from the web catalogue (`alert.<id>.name`, `.description`,
 * `alert.unit.*`, `alert.severity.*`); a type this app version does not know keeps the server's words.
 * (Known types are told by the catalogue itself: the domain's list would bring zod to the alerts tab.)
 */
export function alertWords(t: TFunction, lang: string, a: AlertItem): AlertWords {
  const unit = a.unit ? t(`alert.unit.${a.unit}`) : '';
  const num = (v: number | null) => (v === null ? null : formatDecimal(v, lang, 1));
  const withUnit = (v: string) => (unit ? t('alert.valueUnit', { value: v, unit }) : v);
  const value = num(a.alertValue);
  const threshold = num(a.alertthresholdvalue);
  return {
    name: t(`alert.${a.alertTypeId}.name`, { defaultValue: '' }) || a.alertName,
    description: t(`alert.${a.alertTypeId}.description`, { value: value ?? '–', threshold: threshold ?? '–', unit, defaultValue: '' }) || a.alertDescription,
    reading: value === null ? null : threshold === null ? withUnit(value) : t('alerts.valueAgainstLimit', { value: withUnit(value), limit: withUnit(threshold) }),
    severity: t(`alert.severity.${a.alertSeverity}`),
    tractor: `${a.Veh_Name} · ${a.regNo}`,
    time: formatIstDateTime(a.timeStamp, lang),
  };
}
