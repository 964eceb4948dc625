import { DAY_MS, istDate, istMidnight } from '@tractorlink/domain/time';
import { hourlyStamp, weatherCacheKeys, weatherRefreshPlan } from '@tractorlink/domain/weather';
import type { DailyForecast, FiveDayResponse, HourlyItem, WeatherRefreshPlan } from '@tractorlink/domain/weather';
import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client';
import { LOADER_TIMEOUT_MS } from '../loading';
import { queryKeys } from '../query-keys';
import { storage } from '../secure-storage';

/**
 * The forecast the phone holds, one source for the home weather widget and Ask me (so both tell the
 * same forecast, online or not): spec §3 weather data, §4 Weather, §9, cached in the secure storage
 * exactly as the spec keeps it: the hourly list per VIN (key: the VIN), the five-day forecast under
 * the tractor key plus '5days', and the time of the last hourly fetch under storedHour and
 * storedMinutes (plus storedDate, so a fetch of another day is never taken for a recent one).
 *
 * The spec's flags lanchange and vehicleChanged are set elsewhere in its source (the language screen,
 * the tractor picker). Here they hold the language and the VIN the weather was last fetched for, so
 * "the flag is set" is "the value differs from now", and "resetting the flags" is writing the current
 * ones; no other screen needs to know about the weather.
 */
export const WEATHER_STORAGE = {
  storedHour: 'storedHour',
  storedMinutes: 'storedMinutes',
  storedDate: 'storedDate',
  language: 'lanchange',
  vehicle: 'vehicleChanged',
} as const;

/**
 * Our addition: when this tractor's hourly list was fetched (epoch ms). storedHour and storedMinutes
 * are one pair for the phone, so after a switch of tractor they tell the other one's age.
 */
const fetchedAtKey = (vin: string) => `${vin}storedAt`;

export interface WeatherData {
  /** The 1-hour forecast; its first item is today's current weather. Null: none kept. */
  hourly: HourlyItem[] | null;
  daily: FiveDayResponse | null;
  /** When the rule last ran (epoch ms): the widget's "today" (it runs at least every few minutes). */
  at: number;
  /** When the kept hourly list was fetched (epoch ms); null: not known (nothing kept). */
  fetchedAt: number | null;
  /** The run asked for something and did not get it all (offline, 503): what shows is what was kept. */
  failed: boolean;
}

/** What the owner's phone keeps now, and what the spec's rule says to fetch. */
interface WeatherState extends WeatherData {
  plan: WeatherRefreshPlan;
}

const num = (value: string | undefined): number | null => (value === undefined || value === '' ? null : Number(value));

function keptHourly(vin: string): HourlyItem[] | null {
  const list = storage.getJson<unknown>(weatherCacheKeys(vin).hourly);
  return Array.isArray(list) ? (list as HourlyItem[]) : null;
}

function keptDaily(vin: string): FiveDayResponse | null {
  const body = storage.getJson<FiveDayResponse>(weatherCacheKeys(vin).fiveDay);
  return body && Array.isArray(body.DailyForecasts) ? body : null;
}

const dateOf = (epochSeconds: number) => istDate(epochSeconds * 1000);

/**
 * The kept forecast's days that may show at `now`, matched by IST date: the days already past are
 * dropped, so a forecast kept from yesterday shows its tomorrow as today's. The provider's five days
 * reach further than the widget's three, so a forecast kept a few days ago still has a day or two to
 * show offline (the card says how old it is); past its last day, 'Weather Data NA'.
 */
export function forecastDaysAhead(daily: FiveDayResponse | null, now: number): DailyForecast[] {
  const today = istDate(now);
  return (daily?.DailyForecasts ?? []).filter((f) => dateOf(f.EpochDate) >= today);
}

/** The hourly items not of a past day: yesterday's "now" is not today's (dates compare as text). */
export function hourlyNotPast(hourly: HourlyItem[] | null, now: number): HourlyItem[] {
  const today = istDate(now);
  return (hourly ?? []).filter((h) => dateOf(h.EpochDateTime) >= today);
}

/**
 * Spec §4 "the five-day forecast is fetched if none is cached": a forecast kept from days ago that no
 * longer reaches the day after tomorrow (the last of the widget's three days) counts as none, or the
 * widget would show 'Weather Data NA' for days the provider knows. An empty list (the tractor had no
 * position yet) counts as none too, so it is asked again once the tractor has reported.
 */
function coversThreeDays(daily: FiveDayResponse | null, now: number): boolean {
  const last = istDate(istMidnight(istDate(now)) + 2 * DAY_MS);
  return forecastDaysAhead(daily, now).some((f) => dateOf(f.EpochDate) === last);
}

function keptFetchedAt(vin: string): number | null {
  const at = num(storage.get(fetchedAtKey(vin)));
  return at !== null && Number.isFinite(at) ? at : null;
}

export function weatherState(vin: string, language: string, now = Date.now()): WeatherState {
  const hourly = keptHourly(vin);
  const daily = keptDaily(vin);
  const lastLanguage = storage.get(WEATHER_STORAGE.language);
  const lastVin = storage.get(WEATHER_STORAGE.vehicle);
  const plan = weatherRefreshPlan({
    storedHour: num(storage.get(WEATHER_STORAGE.storedHour)),
    storedMinutes: num(storage.get(WEATHER_STORAGE.storedMinutes)),
    storedDate: storage.get(WEATHER_STORAGE.storedDate) ?? null,
    now,
    // Nothing kept yet is no change: there is nothing in another language or of another tractor to hide.
    languageChanged: lastLanguage !== undefined && lastLanguage !== language,
    vehicleChanged: lastVin !== undefined && lastVin !== vin,
    // An empty list (no position yet) has no first item to show: asked again, like an empty forecast.
    hourlyCached: hourly !== null && hourly.length > 0,
    fiveDayCached: coversThreeDays(daily, now),
  });
  return { hourly, daily, at: now, fetchedAt: keptFetchedAt(vin), failed: false, plan };
}

const setIfChanged = (name: string, value: string) => {
  if (storage.get(name) !== value) storage.set(name, value);
};

const path = (kind: 'hourly' | 'daily', vin: string, language: string) => `weather/${kind}/${encodeURIComponent(vin)}?language=${encodeURIComponent(language)}`;

/**
 * How long the widget waits for its forecasts (spec §9's loader time-out). On a weak signal a
 * request can hang for minutes: the loader then goes silently (spec §8), showing what the phone keeps
 * or 'Weather Data NA', and the answers, when they come, are kept and shown (`onLate`).
 */
export const WEATHER_WAIT_MS = LOADER_TIMEOUT_MS;

type Answers = [PromiseSettledResult<HourlyItem[] | null>, PromiseSettledResult<FiveDayResponse | null>];

/** Keeps what the answers brought (the spec's storage keys) and returns what the widget shows. */
function keepAnswers(vin: string, language: string, now: number, state: WeatherState, [hourlyAnswer, dailyAnswer]: Answers): WeatherData {
  const { hourly, daily, fetchedAt, plan } = state;
  const keys = weatherCacheKeys(vin);
  let failed = false;
  let nextHourly = hourly;
  let nextDaily = daily;
  let nextFetchedAt = fetchedAt;

  if (plan.fetchHourly) {
    if (hourlyAnswer.status === 'fulfilled' && Array.isArray(hourlyAnswer.value)) {
      nextHourly = hourlyAnswer.value;
      storage.setJson(keys.hourly, nextHourly);
      nextFetchedAt = now;
      storage.set(fetchedAtKey(vin), String(now));
      const stamp = hourlyStamp(now);
      storage.set(WEATHER_STORAGE.storedHour, String(stamp.storedHour));
      storage.set(WEATHER_STORAGE.storedMinutes, String(stamp.storedMinutes));
      storage.set(WEATHER_STORAGE.storedDate, stamp.storedDate);
    } else failed = true;
  }
  if (plan.fetchFiveDay) {
    const body = dailyAnswer.status === 'fulfilled' ? dailyAnswer.value : null;
    if (body && Array.isArray(body.DailyForecasts)) {
      nextDaily = body;
      storage.setJson(keys.fiveDay, body);
    } else failed = true;
  }
  if (!failed) {
    setIfChanged(WEATHER_STORAGE.language, language);
    setIfChanged(WEATHER_STORAGE.vehicle, vin);
  }
  return { hourly: nextHourly, daily: nextDaily, at: now, fetchedAt: nextFetchedAt, failed };
}

/**
 * Runs spec §4's rule once: fetches what is stale or missing (nothing at all when the kept data is
 * fresh), keeps the answers, and returns what the widget shows. Never throws: a failed fetch (503
 * WEATHER_UNAVAILABLE, offline) keeps what the phone has, and what it does not have shows as
 * 'Weather Data NA' (spec §8 "weather failures dismiss the loader silently"); so does one that takes
 * longer than WEATHER_WAIT_MS, whose answers are kept when they come, then `onLate` is called. The
 * flags reset only when every fetch they asked for came, so a failed switch is retried (with the
 * loader) next time.
 *
 * Spec §9's "re-render delay 100 ms after a weather fetch" is not copied: it let the source's view
 * notice values written behind its back; here the answer is this function's result, and React shows
 * it as soon as it resolves.
 */
export async function refreshWeather(vin: string, language: string, now = Date.now(), onLate?: () => void): Promise<WeatherData> {
  const state = weatherState(vin, language, now);
  const { plan } = state;
  const answers: Promise<Answers> = Promise.allSettled([
    plan.fetchHourly ? apiJson<HourlyItem[]>(path('hourly', vin, language)) : Promise.resolve(null),
    plan.fetchFiveDay ? apiJson<FiveDayResponse>(path('daily', vin, language)) : Promise.resolve(null),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WEATHER_WAIT_MS);
  });
  const inTime = await Promise.race([answers, late]);
  clearTimeout(timer);
  if (inTime) return keepAnswers(vin, language, now, state, inTime);
  void answers.then((came) => {
    // Kept only if nothing newer was kept meanwhile (a later run of the rule).
    if (keptFetchedAt(vin) !== state.fetchedAt) return;
    const result = keepAnswers(vin, language, now, state, came);
    // Shown if something came (a failure, late, is not asked again at once: no loop on a bad link).
    if (result.hourly !== state.hourly || result.daily !== state.daily) onLate?.();
  });
  const { plan: _asked, ...kept } = state;
  return { ...kept, failed: true };
}

/**
 * The one query that runs the rule, home's and Ask me's alike (a run under way is joined, not
 * repeated). The secure storage is the cache (spec §4): the query keeps nothing once unused
 * (gcTime 0), and is never fresh (staleTime 0), since running the rule asks nothing while the
 * kept forecast is. An answer that came after the loader had gone is shown when it comes.
 */
export function weatherQueryBase(vin: string, language: string) {
  const queryKey = queryKeys.weather(vin, language);
  return {
    queryKey,
    queryFn: ({ client }: { client: QueryClient }) => refreshWeather(vin, language, Date.now(), () => void client.invalidateQueries({ queryKey })),
    staleTime: 0,
    gcTime: 0,
  };
}
