import type { TFunction } from 'i18next';
import type { AlertItem } from '@tractorlink/domain/alerts-api';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { formatDecimal, formatHourMeter } from '../../lib/signed-in/tractor-format';

export interface AlertWords {
  name: string;
  description: string;
  /** '110 °C, above 105 °C', 'Idle for 1 h 5 min', or null for a plain event. */
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
/** Readings that are a level against the owner's limit, and which side of it trips the alert. */
const ABOVE_LIMIT = new Set(['A0003', 'A0007']);
const BELOW_LIMIT = new Set(['A0005']);

/** Minutes as a person says them: '45 min', '3 h 43 min', '2 h'. */
function spokenMinutes(t: TFunction, lang: string, minutes: number): string {
  const total = Math.round(minutes);
  if (total < 60) return t('alert.valueUnit', { value: formatDecimal(total, lang, 0), unit: t('alert.unit.min') });
  const h = formatDecimal(Math.floor(total / 60), lang, 0);
  const m = total % 60;
  return m === 0 ? t('alert.duration.h', { h }) : t('alert.duration.hm', { h, m: formatDecimal(m, lang, 0) });
}

export function alertWords(t: TFunction, lang: string, a: AlertItem): AlertWords {
  const minutes = a.unit === 'min';
  // Durations carry their own units ('3 h 43 min'); other values get the type's unit.
  const unit = a.unit && !minutes ? t(`alert.unit.${a.unit}`) : '';
  // Engine hours (service due) are hour-meter readings: whole hours, as every tractor screen writes them.
  const num = (v: number | null) =>
    v === null ? null : minutes ? spokenMinutes(t, lang, v) : a.unit === 'h' ? formatHourMeter(v, lang) : formatDecimal(v, lang, 1);
  const withUnit = (v: string) => (unit ? t('alert.valueUnit', { value: v, unit }) : v);
  const value = num(a.alertValue);
  const threshold = num(a.alertthresholdvalue);
  return {
    name: t(`alert.${a.alertTypeId}.name`, { defaultValue: '' }) || a.alertName,
    description: t(`alert.${a.alertTypeId}.description`, { value: value ?? '–', threshold: threshold ?? '–', unit, defaultValue: '' }) || a.alertDescription,
    reading: readingOf(t, a.alertTypeId, value === null ? null : withUnit(value), threshold === null ? null : withUnit(threshold)),
    severity: t(`alert.severity.${a.alertSeverity}`),
    tractor: `${a.Veh_Name} · ${a.regNo}`,
    time: formatIstDateTime(a.timeStamp, lang),
  };
}

/** The card's one line, as a person would say it: '110 °C, above 105 °C', 'Diesel below 15 %', 'Idle for 1 h 5 min'. */
function readingOf(t: TFunction, typeId: string, value: string | null, limit: string | null): string | null {
  if (value === null) return null;
  if (limit !== null && ABOVE_LIMIT.has(typeId)) return t('alert.reading.above', { value, limit });
  if (limit !== null && BELOW_LIMIT.has(typeId)) return t('alert.reading.below', { value, limit });
  const own = t(`alert.${typeId}.reading`, { value, limit: limit ?? '–', defaultValue: '' });
  if (own) return own;
  return limit === null ? value : t('alerts.valueAgainstLimit', { value, limit });
}
