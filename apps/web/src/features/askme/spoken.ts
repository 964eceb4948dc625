/**
 * Times and dates as Ask me says them (its answers are read aloud): the month in full ('18 नवंबर',
 * never 'नव॰' or 'Nov'), and the hour with the language's own word for am/pm. Intl writes 'PM' in
 * Latin letters for most Indian languages, which a Tamil or Telugu voice spells out letter by letter.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

const TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 19_800_000;

/** '4:36 பிற்பகல்': 12-hour IST time, Latin digits, the am/pm word of the catalogue. */
export function spokenTime(epochSeconds: number, t: Translate): string {
  const d = new Date(epochSeconds * 1000 + IST_OFFSET_MS);
  const hour = d.getUTCHours();
  const minute = String(d.getUTCMinutes()).padStart(2, '0');
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${t(hour < 12 ? 'askme.t.am' : 'askme.t.pm')}`;
}

/**
 * '18 November' (with `year`, '18 November 2026'): the day and the month's full name in the language,
 * the day first as all seven say it. (ICU writes Punjabi's day and month month first, 'ਨਵੰਬਰ 18',
 * but '18 ਨਵੰਬਰ 2026' with the year: one answer would say the two orders.)
 */
export function spokenDate(epochSeconds: number, lang: string, year = false): string {
  const format = new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    ...(year ? { year: 'numeric' as const } : {}),
  });
  if (year) return format.format(epochSeconds * 1000);
  const parts = format.formatToParts(epochSeconds * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}`;
}

/** '18 November, 4:36 pm'. */
export function spokenDateTime(epochSeconds: number, lang: string, t: Translate): string {
  return `${spokenDate(epochSeconds, lang)}, ${spokenTime(epochSeconds, t)}`;
}
