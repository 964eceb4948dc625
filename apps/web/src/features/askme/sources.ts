import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AlertsResponse, UnreadCountResponse } from '@tractorlink/domain/alerts-api';
import { istDate, istDayRangeSeconds } from '@tractorlink/domain/time';
import type { AggregationResponse, TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../lib/api-client';
import type { Tagged } from '../../lib/api-client';
import { networkError } from '../../lib/api-error';
import { LOADER_TIMEOUT_MS } from '../../lib/loading';
import { queryKeys } from '../../lib/query-keys';
import { conditionalQuery } from '../../lib/signed-in/conditional-query';
import { forecastDaysAhead, hourlyNotPast, weatherQueryBase } from '../../lib/signed-in/weather';
import type { WeatherData } from '../../lib/signed-in/weather';
import type { AlertsToday, EngineToday, Source, TractorFacts } from './answers';

/**
 * Where Ask me's answers come from: the same API calls as the tractor screens, through the shared
 * react-query cache (the home answer under the home tab's key, so each feeds the other). The
 * screen fetches them all when it opens, so an answer is ready the moment it is asked.
 */

const enc = encodeURIComponent;

/**
 * How long an answer waits for the network (spec §9's loader time-out): on a weak signal a request
 * can hang for minutes, and "Finding the answer…" must not. Then what the phone holds answers (the
 * request goes on and fills the cache for the next question), or the owner is told to ask again.
 */
export const ANSWER_WAIT_MS = LOADER_TIMEOUT_MS;

/** `work`, or a NETWORK error (a slow link is an unreachable one for now) after `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(networkError(new Error('The link is too slow'))), ms);
  });
  // Lost the race: its failure (if any) is nobody's to handle.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** How long an answer fetched before is good enough to answer from without asking again. */
const FRESH_MS: Record<Exclude<Source, 'weather'>, number> = { home: 30_000, today: 60_000, alerts: 60_000 };

function homeQuery(vin: string) {
  return {
    queryKey: queryKeys.tractorHome(vin),
    queryFn: conditionalQuery<TractorHomepageResponse>(`tractorhomepage/${enc(vin)}`),
    meta: { persist: true },
  };
}

function todayQuery(vin: string, today: string) {
  return {
    queryKey: [...queryKeys.tractor(vin), 'askme', 'today', today],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<EngineToday> => {
      const r = await apiJson<AggregationResponse>(`vehicles/aggregations/${enc(vin)}?aggregationOption=day`, { signal });
      return { hasData: r.hasData, engineHours: r.allDay.engineHours, engineMinutes: r.allDay.engineMinutes };
    },
  };
}

function alertsQuery(vin: string, today: string) {
  return {
    // Under ['alerts'], so a push message or marking read refreshes it too.
    queryKey: ['alerts', 'askme', vin, today],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AlertsToday> => {
      const { startDateTime, endDateTime } = istDayRangeSeconds(today);
      const params = new URLSearchParams({ vin, startDateTime: String(startDateTime), endDateTime: String(endDateTime), page: '1', pageSize: '1' });
      const [list, unread] = await Promise.all([
        apiJson<AlertsResponse>(`alerts?${params}`, { signal }),
        apiJson<UnreadCountResponse>(`alerts/unread-count?${new URLSearchParams({ vin })}`, { signal }),
      ]);
      const newest = list.data[0];
      return { total: list.total, latest: newest ? { name: newest.alertName, time: newest.timeStamp } : null, unread: unread.count };
    },
  };
}

/**
 * The weather is the forecast the phone holds, the home widget's (spec §4's rule, its one query):
 * so Ask me and home tell the same, online or not. What the widget shows for today, Ask me says:
 * the first hourly item not of a past day, else today's day of the five-day forecast.
 */
function weatherFacts({ hourly, daily, at }: WeatherData): Pick<TractorFacts, 'weather' | 'forecastToday'> {
  const today = istDate(at);
  const forecastToday = forecastDaysAhead(daily, at).find((f) => istDate(f.EpochDate * 1000) === today);
  return forecastToday ? { weather: hourlyNotPast(hourly, at), forecastToday } : { weather: hourlyNotPast(hourly, at) };
}

/**
 * One source's data: fetched unless what the cache holds is fresh (a fetch under way is joined,
 * not repeated). `fresh` forces a fetch (the screen opening). Offline, refused or too slow
 * (ANSWER_WAIT_MS), what the cache holds is used; with nothing held, the failure is passed on.
 */
async function load(client: QueryClient, source: Source, vin: string, lang: string, fresh: boolean) {
  // The weather rule never fails and never waits past the loader's 6 s (what is held answers then).
  if (source === 'weather') return weatherFacts(await client.fetchQuery(weatherQueryBase(vin, lang)));
  const today = istDate(Date.now());
  const staleTime = fresh ? 0 : FRESH_MS[source];
  const run = async <T>(options: FetchQueryOptions<T, Error, T, QueryKey>): Promise<T> => {
    try {
      return await within(client.fetchQuery({ ...options, staleTime }), ANSWER_WAIT_MS);
    } catch (error) {
      const held = client.getQueryData<T>(options.queryKey as QueryKey);
      if (held !== undefined) return held;
      throw error;
    }
  };
  if (source === 'home') return { home: (await run<Tagged<TractorHomepageResponse>>(homeQuery(vin))).body };
  if (source === 'today') return { today: await run<EngineToday>(todayQuery(vin, today)) };
  return { alerts: await run<AlertsToday>(alertsQuery(vin, today)) };
}

/** The facts some sources give about the tractor `vin` named `name`. */
export async function gatherFacts(client: QueryClient, sources: readonly Source[], vin: string, name: string, lang: string): Promise<TractorFacts> {
  const parts = await Promise.all(sources.map((s) => load(client, s, vin, lang, false)));
  return Object.assign({ name }, ...parts) as TractorFacts;
}

/** Fetches every source as the screen opens (failures are left for the question to meet). */
export function prefetchFacts(client: QueryClient, vin: string, lang: string): void {
  for (const source of ['home', 'today', 'alerts', 'weather'] as const) {
    // The home answer again even if fresh: its address is in the owner's language, which may just have changed.
    load(client, source, vin, lang, source === 'home').catch(() => undefined);
  }
}
