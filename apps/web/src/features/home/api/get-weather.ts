import { queryOptions, useQuery } from '@tanstack/react-query';
import { weatherQueryBase, weatherState } from '../../../lib/signed-in/weather';
import type { WeatherData } from '../../../lib/signed-in/weather';

/** While the home tab stays open, the rule is looked at again this often (a request only once an hour has passed). */
const WEATHER_RECHECK_MS = 5 * 60_000;

function weatherQueryOptions(vin: string, language: string) {
  return queryOptions({
    ...weatherQueryBase(vin, language),
    // What the phone keeps shows at once, unless the language or tractor changed (spec §4: a
    // loader until the new forecast is in) or nothing is kept yet.
    initialData: (): WeatherData | undefined => {
      const { plan, ...kept } = weatherState(vin, language);
      return plan.showLoader || (kept.hourly === null && kept.daily === null) ? undefined : kept;
    },
    initialDataUpdatedAt: 0,
    // The rule runs on every mount and focus; the query is dropped once unused, so a return to a
    // language shows the loader again.
    refetchInterval: WEATHER_RECHECK_MS,
    refetchIntervalInBackground: false,
  });
}

/** The weather of one tractor in a language; off while the renewal flag is set (spec §4). */
export function useWeather(vin: string, language: string, enabled = true) {
  return useQuery({ ...weatherQueryOptions(vin, language), enabled });
}
