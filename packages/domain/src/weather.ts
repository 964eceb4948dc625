/**
 * The weather widget's rules (spec §2 weather widget, §3 weather data, §4 Weather, §9). Pure: the
 * home screen imports this file, so no zod here (the API schemas are in weather-api.ts).
 *
 * The shapes are AccuWeather's, as spec §3 keeps them: temperatures in Fahrenheit, times in epoch
 * seconds. The widget converts to Celsius and shows three IST calendar days.
 */
import { DAY_MS, HOUR_MS, IST_OFFSET_MS, istDate, istMidnight } from './time';

/** One hour of the hourly forecast; spec §3 uses the first item of the list. */
export interface HourlyItem {
  /** Epoch seconds of the hour the item is for. */
  EpochDateTime: number;
  Temperature: { Value: number; Unit: 'F' };
  IconPhrase: string;
  /** AccuWeather icon number (1–44). */
  WeatherIcon: number;
}

/** One day of the five-day forecast. */
export interface DailyForecast {
  /** Epoch seconds within the day (AccuWeather gives 07:00 local time). */
  EpochDate: number;
  /** Fahrenheit. */
  Temperature: { Minimum: { Value: number }; Maximum: { Value: number } };
  Day: { IconPhrase: string; Icon: number };
}

export interface FiveDayResponse {
  DailyForecasts: DailyForecast[];
}

/** Spec §9: weather covers 3 days (today, tomorrow, day after). */
export const WEATHER_DAYS = 3;
/** Spec §9: hourly weather refresh threshold, one hour. */
export const HOURLY_REFRESH_MS = HOUR_MS;

/** Spec §9: Fahrenheit to Celsius, rounded to a whole number (Math.round; never -0). */
export function fahrenheitToCelsius(f: number): number {
  const c = Math.round(((f - 32) * 5) / 9);
  // Math.round(-0.3) is -0, which would print as "-0" in some places; a temperature of zero is 0.
  return c === 0 ? 0 : c;
}

/** A day of the widget. `temperature: null` is 'Weather Data NA'. */
export type WeatherDay =
  | { date: string; dayOfMonth: number; temperature: { current: number }; phrase: string; icon: number }
  | { date: string; dayOfMonth: number; temperature: { min: number; max: number }; phrase: string; icon: number }
  | { date: string; dayOfMonth: number; temperature: null };

export interface WeatherWidget {
  /** False while the renewal flag is set (spec §4): the widget is hidden and every temperature cleared. */
  visible: boolean;
  /** Today, tomorrow and the day after, by IST calendar date. */
  days: [WeatherDay, WeatherDay, WeatherDay];
  /** IST date 'YYYY-MM-DD' of the highlighted day: the one asked for if it is one of the three, else today. */
  selectedDate: string;
  /** Month (and year) of the selected day in the language, e.g. 'November 2026', shown above the buttons. */
  monthLabel: string;
}

export interface WeatherWidgetOptions {
  /** The day the owner selected (spec §4 'selecting a day sets the selected date'); default today. */
  selectedDate?: string | null;
  /** en, hi, mr, pa, gu, ta, te: the month label's language. */
  language?: string;
  /** The renewal flag (spec §4): weather hidden, temperature cleared. */
  renewal?: boolean;
}

const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', pa: 'pa-IN', gu: 'gu-IN', ta: 'ta-IN', te: 'te-IN' };

/** 'November 2026' in the language, Latin digits, for an IST date 'YYYY-MM-DD'. */
export function monthLabel(date: string, language = 'en'): string {
  const locale = `${LOCALES[language] ?? 'en-IN'}-u-nu-latn`;
  return new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', month: 'long', year: 'numeric' }).format(new Date(istMidnight(date) + 12 * HOUR_MS));
}

const istDateOfSeconds = (epochSeconds: number) => istDate(epochSeconds * 1000);

/**
 * The widget's three days at `now` (epoch ms). Today, with hourly data present, shows the current
 * temperature, phrase and icon of the FIRST hourly item (spec §4); the other days show the minimum
 * and maximum in Celsius with Day.IconPhrase and Day.Icon of the five-day item whose EpochDate falls
 * on that IST date. Today without hourly data falls back to its five-day item (our choice: the
 * forecast for today is better than 'NA'). A day without data has `temperature: null`.
 */
export function weatherDays(
  now: number,
  hourly: readonly HourlyItem[] | null | undefined,
  daily: FiveDayResponse | readonly DailyForecast[] | null | undefined,
  options: WeatherWidgetOptions = {},
): WeatherWidget {
  const today = istDate(now);
  const dates = [0, 1, 2].map((i) => istDate(istMidnight(today) + i * DAY_MS)) as [string, string, string];
  const forecasts = (Array.isArray(daily) ? daily : ((daily as FiveDayResponse | null | undefined)?.DailyForecasts ?? [])) as readonly DailyForecast[];
  const first = hourly?.[0];
  const hidden = options.renewal === true;

  const dayOf = (date: string, index: number): WeatherDay => {
    const dayOfMonth = Number(date.slice(8, 10));
    if (hidden) return { date, dayOfMonth, temperature: null };
    if (index === 0 && first) {
      return { date, dayOfMonth, temperature: { current: fahrenheitToCelsius(first.Temperature.Value) }, phrase: first.IconPhrase, icon: first.WeatherIcon };
    }
    const forecast = forecasts.find((f) => istDateOfSeconds(f.EpochDate) === date);
    if (!forecast) return { date, dayOfMonth, temperature: null };
    return {
      date,
      dayOfMonth,
      temperature: { min: fahrenheitToCelsius(forecast.Temperature.Minimum.Value), max: fahrenheitToCelsius(forecast.Temperature.Maximum.Value) },
      phrase: forecast.Day.IconPhrase,
      icon: forecast.Day.Icon,
    };
  };

  const days = dates.map(dayOf) as [WeatherDay, WeatherDay, WeatherDay];
  const selectedDate = options.selectedDate && dates.includes(options.selectedDate) ? options.selectedDate : today;
  return { visible: !hidden, days, selectedDate, monthLabel: monthLabel(selectedDate, options.language) };
}

/** What the home screen stores after an hourly fetch (storage keys storedHour, storedMinutes, plus the date). */
export interface HourlyStamp {
  /** IST hour 0–23 of the fetch (storage key storedHour). */
  storedHour: number;
  /** IST minutes 0–59 of the fetch (storage key storedMinutes). */
  storedMinutes: number;
  /** IST calendar date 'YYYY-MM-DD' of the fetch: our addition, so a fetch of another day is never taken for today's. */
  storedDate: string;
}

export function hourlyStamp(now: number): HourlyStamp {
  const minuteOfDay = Math.floor(((((now + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return { storedHour: Math.floor(minuteOfDay / 60), storedMinutes: minuteOfDay % 60, storedDate: istDate(now) };
}

export interface HourlyStaleInput {
  /** IST hour of the last hourly fetch; null or undefined: never fetched. */
  storedHour: number | null | undefined;
  storedMinutes: number | null | undefined;
  /**
   * IST date of the last fetch (see HourlyStamp). Given: the elapsed time is exact across midnight
   * and across days. Absent (only the spec's two keys are known): the stored time is taken as the
   * most recent such time at or before now — a stored 23:30 seen at 00:10 is 40 minutes old — so a
   * fetch more than a day old cannot be told from a recent one; store the date to avoid that.
   */
  storedDate?: string | null;
  /** Epoch ms. */
  now: number;
  languageChanged: boolean;
  vehicleChanged: boolean;
}

const validClock = (hour: unknown, minutes: unknown): hour is number =>
  Number.isInteger(hour) && Number.isInteger(minutes) && (hour as number) >= 0 && (hour as number) < 24 && (minutes as number) >= 0 && (minutes as number) < 60;

/**
 * Spec §4: hourly data is refreshed when at least one hour (§9) has passed since the stored time,
 * or when the language or vehicle changed; otherwise the cached data is used. Nothing stored, a
 * malformed value or a stored time after now (the phone's clock went back) also refresh.
 */
export function hourlyIsStale(input: HourlyStaleInput): boolean {
  const { storedHour, storedMinutes, storedDate, now, languageChanged, vehicleChanged } = input;
  if (languageChanged || vehicleChanged) return true;
  if (!validClock(storedHour, storedMinutes)) return true;
  const storedMs = (storedHour * 60 + (storedMinutes as number)) * 60_000;
  let elapsed: number;
  if (storedDate) {
    const start = istMidnight(storedDate);
    if (!Number.isFinite(start)) return true;
    elapsed = now - (start + storedMs);
  } else {
    const nowOfDay = (((now + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
    elapsed = (nowOfDay - storedMs + DAY_MS) % DAY_MS;
  }
  return elapsed < 0 || elapsed >= HOURLY_REFRESH_MS;
}

export interface WeatherRefreshInput extends HourlyStaleInput {
  hourlyCached: boolean;
  fiveDayCached: boolean;
}

export interface WeatherRefreshPlan {
  fetchHourly: boolean;
  fetchFiveDay: boolean;
  /** Spec §4: a language or vehicle change shows a loader while the five-day forecast is refetched. */
  showLoader: boolean;
  /** Clear the language-changed and vehicle-changed flags once the five-day forecast has come. */
  resetFlags: boolean;
}

/**
 * What the home screen fetches (spec §4): hourly when stale or missing; the five-day forecast when
 * none is cached, or with a loader on a language or vehicle change, after which the flags reset.
 */
export function weatherRefreshPlan(input: WeatherRefreshInput): WeatherRefreshPlan {
  const changed = input.languageChanged || input.vehicleChanged;
  return {
    fetchHourly: !input.hourlyCached || hourlyIsStale(input),
    fetchFiveDay: changed || !input.fiveDayCached,
    showLoader: changed,
    resetFlags: changed,
  };
}

/**
 * Where the home screen keeps the two answers (spec §3): hourly per VIN, the five-day forecast
 * under the tractor key plus '5days'. The spec notes the source looks the forecast up by the
 * stored selected-tractor key in one place and by VIN in another; we use the VIN for both.
 */
export function weatherCacheKeys(vin: string): { hourly: string; fiveDay: string } {
  return { hourly: vin, fiveDay: `${vin}5days` };
}
