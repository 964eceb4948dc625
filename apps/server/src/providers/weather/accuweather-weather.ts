import type { DailyForecast, FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { WeatherError } from './weather-provider';
import type { WeatherProvider } from './weather-provider';

export interface AccuWeatherOptions {
  key: string;
  /** e.g. https://dataservice.accuweather.com (no trailing slash); tests point it at a local fake. */
  baseUrl: string;
  /** Per request; default 8 s. */
  timeoutMs?: number;
}

/**
 * The product's languages as AccuWeather codes. AccuWeather takes ISO 639-1 codes with optional
 * localisations ("Languages and localizations" in its API documentation): we ask for the Indian
 * localisation of each Indian language (hi-in, mr-in, pa-in, gu-in, ta-in, te-in). English stays
 * en-us, AccuWeather's default, whose phrases are the same as any English localisation's. Not yet
 * checked against a live key: if AccuWeather does not know one of these, try the bare code (hi, mr …).
 */
export const ACCUWEATHER_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'en-us',
  hi: 'hi-in',
  mr: 'mr-in',
  pa: 'pa-in',
  gu: 'gu-in',
  ta: 'ta-in',
  te: 'te-in',
};

const accuLanguage = (language: string) => ACCUWEATHER_LANGUAGES[language] ?? 'en-us';

/** Location keys go into a URL path: only what AccuWeather's keys are made of. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fahrenheit as asked (metric=false); a Celsius value is converted rather than shown as Fahrenheit. */
function fahrenheit(temperature: unknown): number | undefined {
  if (!isRecord(temperature) || !isNumber(temperature.Value)) return undefined;
  return temperature.Unit === 'C' ? (temperature.Value * 9) / 5 + 32 : temperature.Value;
}

function hourlyItem(raw: unknown): HourlyItem | undefined {
  if (!isRecord(raw) || !isNumber(raw.EpochDateTime) || typeof raw.IconPhrase !== 'string' || !isNumber(raw.WeatherIcon)) return undefined;
  const value = fahrenheit(raw.Temperature);
  if (value === undefined) return undefined;
  return {
    EpochDateTime: Math.trunc(raw.EpochDateTime),
    Temperature: { Value: value, Unit: 'F' },
    IconPhrase: raw.IconPhrase,
    WeatherIcon: Math.trunc(raw.WeatherIcon),
  };
}

function dailyForecast(raw: unknown): DailyForecast | undefined {
  if (!isRecord(raw) || !isNumber(raw.EpochDate) || !isRecord(raw.Temperature) || !isRecord(raw.Day)) return undefined;
  const min = fahrenheit(raw.Temperature.Minimum);
  const max = fahrenheit(raw.Temperature.Maximum);
  const { IconPhrase, Icon } = raw.Day;
  if (min === undefined || max === undefined || typeof IconPhrase !== 'string' || !isNumber(Icon)) return undefined;
  return {
    EpochDate: Math.trunc(raw.EpochDate),
    Temperature: { Minimum: { Value: min }, Maximum: { Value: max } },
    Day: { IconPhrase, Icon: Math.trunc(Icon) },
  };
}

/**
 * AccuWeather's Core Weather API (spec §7 Weather): geoposition search for the location key, then
 * the 1-hour and 5-day forecasts by key, in Fahrenheit (metric=false) without details. Answers are
 * reduced to the fields of spec §3. The API key travels in the query string, so no error message
 * here quotes the URL, the answer's body (AccuWeather's error bodies echo the request, key and all)
 * or the underlying fetch error (which may quote the URL).
 */
export class AccuWeatherProvider implements WeatherProvider {
  readonly name = 'accuweather';

  constructor(private readonly options: AccuWeatherOptions) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const { key, baseUrl, timeoutMs = 8000 } = this.options;
    const query = new URLSearchParams({ apikey: key, ...params });
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}?${query.toString()}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (err) {
      // TimeoutError, TypeError ('fetch failed') …, and a system code such as ECONNREFUSED when there is one.
      const name = err instanceof Error ? err.name : 'unknown';
      const cause =
        err instanceof Error && isRecord(err.cause) && typeof err.cause.code === 'string' && /^[A-Z_]+$/.test(err.cause.code) ? ` ${err.cause.code}` : '';
      throw new WeatherError(`AccuWeather request failed: ${name}${cause}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const refused = response.status === 401 || response.status === 403 ? ' (key refused)' : '';
      throw new WeatherError(`AccuWeather answered ${response.status}${refused}`);
    }
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new WeatherError('AccuWeather answer is not JSON');
    }
  }

  async locationKey(lat: number, lon: number, language: string): Promise<string | null> {
    const body = await this.get('/locations/v1/cities/geoposition/search', {
      q: `${lat},${lon}`,
      language: accuLanguage(language),
      details: 'false',
      toplevel: 'false',
    });
    // No location there (the sea): AccuWeather answers null or an empty body.
    if (!isRecord(body) || body.Key === undefined || body.Key === null) return null;
    if (typeof body.Key !== 'string' || !KEY_PATTERN.test(body.Key)) throw new WeatherError('AccuWeather location key is not readable');
    return body.Key;
  }

  async hourly(key: string, language: string): Promise<HourlyItem[]> {
    const body = await this.get(`/forecasts/v1/hourly/1hour/${encodeURIComponent(key)}`, {
      language: accuLanguage(language),
      details: 'false',
      metric: 'false',
    });
    if (!Array.isArray(body)) throw new WeatherError('AccuWeather hourly forecast is not a list');
    const items = body.map(hourlyItem);
    if (items.some((i) => i === undefined)) throw new WeatherError('AccuWeather hourly forecast is not readable');
    return items as HourlyItem[];
  }

  async fiveDay(key: string, language: string): Promise<FiveDayResponse> {
    const body = await this.get(`/forecasts/v1/daily/5day/${encodeURIComponent(key)}`, { language: accuLanguage(language), details: 'false', metric: 'false' });
    if (!isRecord(body) || !Array.isArray(body.DailyForecasts)) throw new WeatherError('AccuWeather five-day forecast is not readable');
    const days = body.DailyForecasts.map(dailyForecast);
    if (days.some((d) => d === undefined)) throw new WeatherError('AccuWeather five-day forecast is not readable');
    return { DailyForecasts: days as DailyForecast[] };
  }
}
