import { type AlertTypeId, alertType, type AlertUnit } from '@tractorlink/domain/alerts-catalog';
import { isLanguageCode } from '@tractorlink/domain/languages';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { serverText } from '../../i18n/server-texts';

/**
 * What the server itself writes about an alert (push title and body, SMS text, the list's
 * alertName / alertDescription) in the seven languages, from the server's catalogue
 * (i18n/server-texts.ts). Its names and unit words are the web's (`alert.<id>.name`, `alert.unit.*`,
 * `alert.duration.*`, checked by parity tests), so a push, an SMS and the alert screens say the same.
 */

/** Where a text goes: an SMS in English must stay in the GSM-7 alphabet (one 160-character part). */
type Channel = 'screen' | 'sms';

export function alertName(typeId: AlertTypeId, language: string): string {
  return serverText(language, `alert.${typeId}.name`);
}

/** Numbers as plain digits: at most one decimal, no grouping (an SMS and a notification alike). */
export const plain = (v: number) => String(Math.round(v * 10) / 10);

/**
 * The unit in the language's own word ('लीटर', 'மணிநேரம்'), never an English symbol a voice would spell
 * out. '°' is not in GSM-7: one would make an English SMS UCS-2 (70 characters a part), so it is left
 * out there; an Indian-script SMS is UCS-2 already.
 */
function unitWord(unit: AlertUnit, language: string, channel: Channel): string {
  const word = serverText(language, `alert.unit.${unit}`);
  const english = !isLanguageCode(language) || language === 'en';
  return channel === 'sms' && english ? word.replace('°', '') : word;
}

/** Minutes as a person says them, as the alert screens do: '45 min', '3 h 43 min', '2 h'. */
function spokenMinutes(minutes: number, language: string): string {
  const total = Math.round(minutes);
  if (total < 60) return serverText(language, 'alert.valueUnit', { value: String(total), unit: serverText(language, 'alert.unit.min') });
  const h = String(Math.floor(total / 60));
  const m = total % 60;
  return m === 0 ? serverText(language, 'alert.duration.h', { h }) : serverText(language, 'alert.duration.hm', { h, m: String(m) });
}

/** One reading with its unit in the language: '48.2 लीटर', '3 घंटे 43 मिनट', or the bare number. */
function reading(unit: AlertUnit | null, v: number, language: string, channel: Channel): string {
  if (unit === 'min') return spokenMinutes(v, language);
  return unit ? serverText(language, 'alert.valueUnit', { value: plain(v), unit: unitWord(unit, language, channel) }) : plain(v);
}

/** "12.1 V (limit 12.8 V)", or just the value, or '' for a plain event. */
export function valueLine(typeId: AlertTypeId, value: number | null, threshold: number | null, language: string, channel: Channel = 'screen'): string {
  if (value === null) return '';
  const { unit } = alertType(typeId);
  const measured = reading(unit, value, language, channel);
  return threshold === null
    ? measured
    : serverText(language, 'alert.valueAgainstLimit', { value: measured, limit: reading(unit, threshold, language, channel) });
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
function parts(a: AlertTextInput, language: string, channel: Channel): string[] {
  const value = valueLine(a.typeId, a.value, a.threshold, language, channel);
  return [`${a.vehName} (${a.regNo})`, a.geofenceName ?? '', value, formatIstDateTime(Math.floor(a.time / 1000), language)].filter((p) => p !== '');
}

/** One line for the list and the push body. */
export function alertDescription(a: AlertTextInput, language: string): string {
  return parts(a, language, 'screen').join(' · ');
}

/**
 * The alert SMS: short and plain. In English only GSM-7 characters (commas, not '·'; 'C', not '°C'),
 * so it stays one 160-character part; in an Indian script UCS-2, two or three parts (see the SMS segment test).
 */
export function alertSms(a: AlertTextInput, language: string): string {
  return serverText(language, 'sms.alert', { name: alertName(a.typeId, language), details: parts(a, language, 'sms').join(', ') });
}
