import type { TFunction } from 'i18next';
import { DAY_MS, istDate, istMidnight } from '@tractorlink/domain/time';
import { HOURLY_REFRESH_MS } from '@tractorlink/domain/weather';
import { formatIstShort, formatIstTime } from '../../../../lib/signed-in/tractor-format';
import type { WeatherData } from '../../../../lib/signed-in/weather';

/**
 * When the card's forecast was fetched, if the owner should be told: it is fresh (nothing said) only
 * when it is less than an hour old (spec §9's refresh threshold), the last refresh got all it asked
 * for, and the phone is online. Otherwise (offline, a failed refresh, an hour or more old) the card
 * says how old it is. Null: fresh, or the time is not known.
 */
export function keptSince(data: Pick<WeatherData, 'at' | 'fetchedAt' | 'failed'>, online: boolean): number | null {
  if (data.fetchedAt === null) return null;
  const fresh = online && !data.failed && data.at - data.fetchedAt < HOURLY_REFRESH_MS;
  return fresh ? null : data.fetchedAt;
}

/** 'Forecast from 6:40 am', '… from yesterday 6:40 pm', or with the date when older, as the phone shows IST times. */
export function keptLabel(t: TFunction, fetchedAt: number, now: number, lang: string): string {
  const today = istDate(now);
  const day = istDate(fetchedAt);
  const seconds = fetchedAt / 1000;
  if (day === today) return t('weather.keptToday', { time: formatIstTime(seconds, lang) });
  if (day === istDate(istMidnight(today) - DAY_MS)) return t('weather.keptYesterday', { time: formatIstTime(seconds, lang) });
  return t('weather.keptEarlier', { dateTime: formatIstShort(seconds, lang) });
}
