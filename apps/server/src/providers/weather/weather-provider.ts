import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';

export type { FiveDayResponse, HourlyItem };

/**
 * Weather behind one interface (spec §7 Weather): a location lookup gives a key, the forecasts are
 * asked by key. AccuWeather for real, a local seasonal model for the demo and tests. Temperatures
 * are Fahrenheit, times epoch seconds, as AccuWeather answers and spec §3 keeps them.
 */
export interface WeatherProvider {
  readonly name: 'local' | 'accuweather';
  /** The location key of a position; null when the provider has no location there. */
  locationKey(lat: number, lon: number, language: string): Promise<string | null>;
  /** The 1-hour forecast: a list of one item, for the next hour. */
  hourly(key: string, language: string): Promise<HourlyItem[]>;
  /** The five-day forecast, today first. */
  fiveDay(key: string, language: string): Promise<FiveDayResponse>;
}

/**
 * The provider failed (time-out, 5xx, refused key, unreadable answer): nothing is cached and the
 * caller answers WEATHER_UNAVAILABLE. The message never holds the API key (nor the URL, which does).
 */
export class WeatherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WeatherError';
  }
}
