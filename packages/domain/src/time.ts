/**
 * Time in India. Formatting goes through Intl with 'Asia/Kolkata' (DESIGN §1). Bucket arithmetic
 * (IST hours and days for usage rollups) uses the fixed offset: India has kept +05:30 without
 * daylight saving since 1945, so the arithmetic is exact and far cheaper than Intl per record.
 */
export const IST_OFFSET_MS = 5.5 * 3600_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Start (epoch ms) of the IST hour containing `t`. */
export function istHourStart(t: number): number {
  return Math.floor((t + IST_OFFSET_MS) / HOUR_MS) * HOUR_MS - IST_OFFSET_MS;
}

/** Start (epoch ms) of the IST calendar day containing `t`. */
export function istDayStart(t: number): number {
  return Math.floor((t + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

/** Hour of the day in IST, 0–23. */
export function istHour(t: number): number {
  return Math.floor(((t + IST_OFFSET_MS) % DAY_MS) / HOUR_MS);
}

/** The IST calendar date 'YYYY-MM-DD' of `t`. */
export function istDate(t: number): string {
  return new Date(istDayStart(t) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00 IST on a calendar date 'YYYY-MM-DD'. */
export function istMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS;
}

/** A day's range in epoch seconds, 00:00:00 to 23:59:59 IST (spec §9). */
export function istDayRangeSeconds(date: string): { startDateTime: number; endDateTime: number } {
  const start = istMidnight(date) / 1000;
  return { startDateTime: start, endDateTime: start + 86_399 };
}

/** 'MMM' is three letters: en-IN's own short name for September is 'Sept'. */
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', pa: 'pa-IN', gu: 'gu-IN', ta: 'ta-IN', te: 'te-IN' };

/**
 * The spec's display format 'h:mm:ss a | DD MMM, YYYY' in IST, e.g. '3:04:05 pm | 21 Nov, 2026';
 * month names and the am/pm marker follow the language; digits stay Latin as Indian apps show them.
 */
export function formatIstDateTime(epochSeconds: number, language = 'en'): string {
  const locale = `${LOCALES[language] ?? 'en-IN'}-u-nu-latn`;
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
    day: '2-digit',
    month: language === 'en' ? 'numeric' : 'short',
    year: 'numeric',
  }).formatToParts(new Date(epochSeconds * 1000));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const marker = language === 'en' ? get('dayPeriod').toLowerCase() : get('dayPeriod');
  const month = language === 'en' ? EN_MONTHS[Number(get('month')) - 1] : get('month');
  return `${get('hour')}:${get('minute')}:${get('second')} ${marker} | ${get('day')} ${month}, ${get('year')}`;
}
