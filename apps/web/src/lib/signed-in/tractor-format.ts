import { TIME_ZONE } from '../format';

/** Figures and times of the tractor screens (signed-in only, so kept off the login bundle). */

/**
 * A measured value for the tractor screens: Indian grouping (1,23,456.7), Latin digits as on the
 * tractor's own dials and in the spec's time format, at most `fraction` decimals.
 */
export function formatDecimal(value: number, lang: string, fraction = 1): string {
  return new Intl.NumberFormat(`${lang}-IN-u-nu-latn`, { maximumFractionDigits: fraction }).format(value);
}

/**
 * A reading of the hour meter (engine hours since new, the next service's reading): to a tenth, as the
 * tractor's own dashboard meter reads it ('3,458.9'), so the owner can compare the two; the same on
 * every screen. A whole number shows no decimal ('3,403').
 */
export function formatHourMeter(hours: number, lang: string): string {
  return formatDecimal(hours, lang, 1);
}

/**
 * A length of time (a day's engine or PTO hours, a route, a job) in whole hours and minutes, for
 * '5 h 50 min' rather than '5.83 h': `totalMinutes` rounded to the minute, negative taken as 0.
 */
export function durationParts(totalMinutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/** The count of a figure as shown ('1,234.5' → 1234.5): the number a plural form is chosen by. */
export const shownCount = (shown: string): number => Number(shown.replace(/,/g, ''));

/** Metres below 1 km, kilometres (one decimal) above: the unit key and the number to show. */
export function distanceParts(meters: number, lang: string): { unit: 'unit.m' | 'unit.km'; value: string } {
  if (meters < 1000) return { unit: 'unit.m', value: formatDecimal(Math.round(meters / 10) * 10, lang, 0) };
  return { unit: 'unit.km', value: formatDecimal(meters / 1000, lang, meters < 10_000 ? 1 : 0) };
}

/** A calendar date 'YYYY-MM-DD' shortly: '21 Nov 2026' in the reader's language. */
export function formatShortIsoDate(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(Date.UTC(y, m - 1, d));
}

/** 'YYYY-MM' as 'November 2026'. */
export function formatIsoMonth(month: string, lang: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(Date.UTC(y, m - 1, 1));
}

/** Epoch seconds as a time of day in India, e.g. '10:32 am'. */
export function formatIstTime(epochSeconds: number, lang: string, seconds = false): string {
  return new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, {
    timeZone: TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    hour12: true,
  }).format(epochSeconds * 1000);
}

/** Epoch seconds as a short date and time in India, e.g. '21 Nov, 3:04 pm' (chart tables). */
export function formatIstShort(epochSeconds: number, lang: string, withTime = true): string {
  return new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    ...(withTime ? { hour: 'numeric' as const, minute: '2-digit' as const, hour12: true } : {}),
  }).format(epochSeconds * 1000);
}
