import type { Clock } from '../../clock';
import { AccuWeatherProvider } from './accuweather-weather';
import { LocalWeather } from './local-weather';
import type { WeatherProvider } from './weather-provider';

/**
 * WEATHER_PROVIDER=local (default: the seasonal model, no key) or accuweather with ACCUWEATHER_KEY
 * and ACCUWEATHER_BASE_URL (default https://dataservice.accuweather.com). A union, so a type alias.
 */
export type WeatherConfig = { provider: 'local' } | { provider: 'accuweather'; key: string; baseUrl: string; timeoutMs?: number };

/** `clock` drives the local model's "now" (tests and the demo's clock); AccuWeather keeps its own time. */
export function createWeatherProvider(config: WeatherConfig, options: { clock?: Clock } = {}): WeatherProvider {
  if (config.provider === 'accuweather')
    return new AccuWeatherProvider({ key: config.key, baseUrl: config.baseUrl.replace(/\/+$/, ''), timeoutMs: config.timeoutMs });
  return new LocalWeather(options.clock);
}
