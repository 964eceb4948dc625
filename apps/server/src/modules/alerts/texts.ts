import { type AlertTypeId, alertType, type AlertUnit } from '@tractorlink/domain/alerts-catalog';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { serverText } from '../../i18n/server-texts';

/**
 * What the server itself writes about an alert (push title and body, SMS text, the list's
 * alertName / alertDescription) in the seven languages, from the server's catalogue
 * (i18n/server-texts.ts). Its names are the web's (`alert.<id>.name`, checked by a parity test).
 */

/** Unit symbols read the same in every language on Indian phones. */
const UNIT_SYMBOL: Record<AlertUnit, string> = { V: 'V', C: '°C', rpm: 'rpm', percent: '%', L: 'L', m: 'm', min: 'min', h: 'h' };
/** In an SMS: '°' is not in the GSM-7 alphabet, and one would make an English SMS UCS-2 (70 characters a part). */
const SMS_UNIT_SYMBOL: Record<AlertUnit, string> = { ...UNIT_SYMBOL, C: 'C' };

export function alertName(typeId: AlertTypeId, language: string): string {
  return serverText(language, `alert.${typeId}.name`);
}

/** Numbers as plain digits: at most one decimal, no grouping (an SMS and a notification alike). */
export const plain = (v: number) => String(Math.round(v * 10) / 10);

/** "12.1 V (limit 12.8 V)", or just the value, or '' for a plain event. */
export function valueLine(typeId: AlertTypeId, value: number | null, threshold: number | null, language: string, symbols = UNIT_SYMBOL): string {
  if (value === null) return '';
  const { unit } = alertType(typeId);
  const withUnit = (v: number) => (unit ? `${plain(v)} ${symbols[unit]}` : plain(v));
  return threshold === null ? withUnit(value) : serverText(language, 'alert.valueAgainstLimit', { value: withUnit(value), limit: withUnit(threshold) });
}

export interface AlertTextInput {
  typeId: AlertTypeId;
  value: number | null;
  threshold: number | null;
  /** Epoch ms. */
  time: number;
  vehName: string;
  regNo: string;
  /** The geofence of an entry or exit. */
  geofenceName?: string | null;
}

/** The parts of a line: tractor, geofence (entry and exit), value against threshold, time in the spec's format (IST). */
function parts(a: AlertTextInput, language: string, symbols: Record<AlertUnit, string>): string[] {
  const value = valueLine(a.typeId, a.value, a.threshold, language, symbols);
  return [`${a.vehName} (${a.regNo})`, a.geofenceName ?? '', value, formatIstDateTime(Math.floor(a.time / 1000), language)].filter((p) => p !== '');
}

/** One line for the list and the push body. */
export function alertDescription(a: AlertTextInput, language: string): string {
  return parts(a, language, UNIT_SYMBOL).join(' · ');
}

/**
 * The alert SMS: short and plain. In English only GSM-7 characters (commas, not '·'; 'C', not '°C'),
 * so it stays one 160-character part; in an Indian script UCS-2, two or three parts (see the SMS segment test).
 */
export function alertSms(a: AlertTextInput, language: string): string {
  return serverText(language, 'sms.alert', { name: alertName(a.typeId, language), details: parts(a, language, SMS_UNIT_SYMBOL).join(', ') });
}
