import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fiveDayResponse, hourlyResponse } from '@tractorlink/domain/weather-api';
import { fahrenheitToCelsius } from '@tractorlink/domain/weather';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { AppError } from '../src/errors/app-error';
import { installErrorHandler } from '../src/http/error-handler';
import { validatorCompiler } from '../src/http/validation';
import type { SessionService } from '../src/modules/sessions/service';
import { weatherRoutes } from '../src/modules/weather/routes';
import { FIVE_DAY_TTL_MS, HOURLY_TTL_MS, WeatherService } from '../src/modules/weather/service';
import { ACCUWEATHER_LANGUAGES, AccuWeatherProvider } from '../src/providers/weather/accuweather-weather';
import { createWeatherProvider } from '../src/providers/weather/create-weather';
import { ICON_PHRASES, LocalWeather, iconPhrase } from '../src/providers/weather/local-weather';
import { WeatherError } from '../src/providers/weather/weather-provider';
import type { WeatherProvider } from '../src/providers/weather/weather-provider';
import { HOUR, MINUTE, TestClock } from './support/test-clock';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const API_KEY = 'accu-SECRET-key-123';
const PIMPALGAON = { lat: 20.16712, lon: 73.98288 };

/** A stand-in for AccuWeather: records each request and answers what the test sets per path prefix. */
function fakeAccuWeather() {
  const requests: URL[] = [];
  const answers = new Map<string, { status: number; body: unknown; delayMs?: number }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const answer = [...answers.entries()].find(([prefix]) => url.pathname.startsWith(prefix))?.[1] ?? { status: 404, body: { Code: 'ResourceNotFound' } };
    const send = () => {
      if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  return {
    requests,
    server,
    answer: (prefix: string, status: number, body: unknown, delayMs?: number) => answers.set(prefix, { status, body, delayMs }),
    reset: () => {
      requests.length = 0;
      answers.clear();
    },
    get baseUrl() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

// Trimmed from AccuWeather's documented answers (more fields than spec §3 reads).
const GEOPOSITION = {
  Version: 1,
  Key: '204108',
  Type: 'City',
  Rank: 75,
  LocalizedName: 'पिंपळगाव बसवंत',
  EnglishName: 'Pimpalgaon Baswant',
  GeoPosition: { Latitude: 20.167, Longitude: 73.983 },
};
const ONE_HOUR = [
  {
    DateTime: '2026-11-21T13:00:00+05:30',
    EpochDateTime: 1795253400,
    WeatherIcon: 2,
    IconPhrase: 'बहुतांशी ऊन',
    HasPrecipitation: false,
    IsDaylight: true,
    Temperature: { Value: 86, Unit: 'F', UnitType: 18 },
    PrecipitationProbability: 0,
    MobileLink: 'http://www.accuweather.com/mr/in/pimpalgaon-baswant/204108/hourly-weather-forecast/204108',
    Link: 'http://www.accuweather.com/mr/in/pimpalgaon-baswant/204108/hourly-weather-forecast/204108',
  },
];
const FIVE_DAYS = {
  Headline: { Text: 'Pleasant this weekend', Category: '' },
  DailyForecasts: [0, 1, 2, 3, 4].map((i) => ({
    Date: `2026-11-${21 + i}T07:00:00+05:30`,
    EpochDate: ist(`2026-11-${21 + i}T07:00:00`) / 1000,
    Temperature: { Minimum: { Value: 57 + i, Unit: 'F', UnitType: 18 }, Maximum: { Value: 86 - i, Unit: 'F', UnitType: 18 } },
    Day: { Icon: 1 + i, IconPhrase: `day ${i}`, HasPrecipitation: false },
    Night: { Icon: 33, IconPhrase: 'निरभ्र', HasPrecipitation: false },
    Sources: ['AccuWeather'],
  })),
};

describe('AccuWeather provider', () => {
  const accu = fakeAccuWeather();
  beforeAll(() => new Promise<void>((resolve) => accu.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => accu.server.close(resolve)));
  beforeEach(() => accu.reset());

  const provider = (timeoutMs?: number) => new AccuWeatherProvider({ key: API_KEY, baseUrl: accu.baseUrl, timeoutMs });

  it('looks the location key up by geoposition, with the key, position, language and no details', async () => {
    accu.answer('/locations/', 200, GEOPOSITION);
    expect(await provider().locationKey(20.17, 73.98, 'mr')).toBe('204108');
    expect(accu.requests).toHaveLength(1);
    const url = accu.requests[0] as URL;
    expect(url.pathname).toBe('/locations/v1/cities/geoposition/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ apikey: API_KEY, q: '20.17,73.98', language: 'mr-in', details: 'false', toplevel: 'false' });
  });

  it('asks the 1-hour forecast by key in Fahrenheit and keeps the fields of spec §3', async () => {
    accu.answer('/forecasts/v1/hourly/', 200, ONE_HOUR);
    expect(await provider().hourly('204108', 'mr')).toEqual([
      { EpochDateTime: 1795253400, Temperature: { Value: 86, Unit: 'F' }, IconPhrase: 'बहुतांशी ऊन', WeatherIcon: 2 },
    ]);
    const url = accu.requests[0] as URL;
    expect(url.pathname).toBe('/forecasts/v1/hourly/1hour/204108');
    expect(Object.fromEntries(url.searchParams)).toEqual({ apikey: API_KEY, language: 'mr-in', details: 'false', metric: 'false' });
  });

  it('asks the five-day forecast by key in Fahrenheit and keeps the fields of spec §3', async () => {
    accu.answer('/forecasts/v1/daily/', 200, FIVE_DAYS);
    const answer = await provider().fiveDay('204108', 'ta');
    expect(fiveDayResponse.parse(answer)).toEqual(answer);
    expect(answer.DailyForecasts).toHaveLength(5);
    expect(answer.DailyForecasts[0]).toEqual({
      EpochDate: ist('2026-11-21T07:00:00') / 1000,
      Temperature: { Minimum: { Value: 57 }, Maximum: { Value: 86 } },
      Day: { IconPhrase: 'day 0', Icon: 1 },
    });
    const url = accu.requests[0] as URL;
    expect(url.pathname).toBe('/forecasts/v1/daily/5day/204108');
    expect(Object.fromEntries(url.searchParams)).toEqual({ apikey: API_KEY, language: 'ta-in', details: 'false', metric: 'false' });
  });

  it('passes each of the seven languages as its AccuWeather code', async () => {
    accu.answer('/forecasts/v1/hourly/', 200, ONE_HOUR);
    for (const language of ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te']) await provider().hourly('204108', language);
    expect(accu.requests.map((u) => u.searchParams.get('language'))).toEqual(['en-us', 'hi-in', 'mr-in', 'pa-in', 'gu-in', 'ta-in', 'te-in']);
    expect(Object.keys(ACCUWEATHER_LANGUAGES)).toHaveLength(7);
  });

  it('answers null where AccuWeather has no location', async () => {
    accu.answer('/locations/', 200, null);
    expect(await provider().locationKey(18.5, 70.5, 'en')).toBeNull();
  });

  /** The error, and everything that could be logged of it, without the API key. */
  async function failure(work: Promise<unknown>): Promise<WeatherError> {
    const err = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WeatherError);
    const e = err as WeatherError;
    for (const text of [e.message, String(e.stack), JSON.stringify(e), String(e.cause ?? '')]) expect(text).not.toContain(API_KEY);
    return e;
  }

  it('fails with a WeatherError on a 503, a refused key, a time-out, a refused connection or a bad URL, never quoting the key', async () => {
    accu.answer('/forecasts/v1/hourly/', 503, {
      Code: 'ServiceUnavailable',
      Message: 'try later',
      Reference: `/forecasts/v1/hourly/1hour/204108?apikey=${API_KEY}`,
    });
    expect((await failure(provider().hourly('204108', 'en'))).message).toMatch(/503/);

    // AccuWeather's error body echoes the request, key and all.
    accu.answer('/locations/', 401, {
      Code: 'Unauthorized',
      Message: 'Api Authorization failed',
      Reference: `/locations/v1/cities/geoposition/search?apikey=${API_KEY}&q=20.17,73.98`,
    });
    expect((await failure(provider().locationKey(20.17, 73.98, 'en'))).message).toMatch(/401/);

    accu.answer('/forecasts/v1/daily/', 200, FIVE_DAYS, 500);
    expect((await failure(provider(100).fiveDay('204108', 'en'))).message).toMatch(/TimeoutError/);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await failure(new AccuWeatherProvider({ key: API_KEY, baseUrl: `http://127.0.0.1:${port}` }).hourly('204108', 'en'));

    // fetch's own message for an unparsable URL quotes the URL, with the key in its query.
    await failure(new AccuWeatherProvider({ key: API_KEY, baseUrl: 'http://bad host' }).hourly('204108', 'en'));
  });

  it('fails on answers it cannot read', async () => {
    accu.answer('/forecasts/v1/hourly/', 200, { not: 'a list' });
    await failure(provider().hourly('204108', 'en'));
    accu.answer('/forecasts/v1/daily/', 200, { DailyForecasts: [{ EpochDate: 1 }] });
    await failure(provider().fiveDay('204108', 'en'));
    accu.answer('/locations/', 200, { Key: '../../etc' });
    await failure(provider().locationKey(20.17, 73.98, 'en'));
  });

  it('is what WEATHER_PROVIDER=accuweather creates', async () => {
    accu.answer('/locations/', 200, GEOPOSITION);
    const created = createWeatherProvider({ provider: 'accuweather', key: API_KEY, baseUrl: `${accu.baseUrl}/` });
    expect(created.name).toBe('accuweather');
    expect(await created.locationKey(20.17, 73.98, 'en')).toBe('204108');
    expect(accu.requests[0]?.pathname).toBe('/locations/v1/cities/geoposition/search');
    expect(createWeatherProvider({ provider: 'local' }).name).toBe('local');
  });
});

describe('local weather', () => {
  const LUDHIANA = { lat: 30.9, lon: 75.85 };
  const PUNE = { lat: 18.52, lon: 73.86 };
  const CHENNAI = { lat: 13.08, lon: 80.27 };
  const RAIN = [12, 14, 15, 18];

  /** The five-day forecasts of every day of a month at a place, in °C. */
  async function month(place: { lat: number; lon: number }, yearMonth: string, language = 'en') {
    const clock = new TestClock(ist(`${yearMonth}-01T09:00:00`));
    const local = new LocalWeather(clock);
    const key = (await local.locationKey(place.lat, place.lon)) as string;
    const days: { min: number; max: number; icon: number; phrase: string }[] = [];
    const days_in = new Date(Date.UTC(Number(yearMonth.slice(0, 4)), Number(yearMonth.slice(5, 7)), 0)).getUTCDate();
    for (let d = 0; d < days_in; d++) {
      const today = (await local.fiveDay(key, language)).DailyForecasts[0];
      if (!today) throw new Error('no day');
      days.push({
        min: fahrenheitToCelsius(today.Temperature.Minimum.Value),
        max: fahrenheitToCelsius(today.Temperature.Maximum.Value),
        icon: today.Day.Icon,
        phrase: today.Day.IconPhrase,
      });
      clock.advance(24 * HOUR);
    }
    return days;
  }

  it('keys a position by its rounding to 0.1°, and has nothing outside India', async () => {
    const local = new LocalWeather(new TestClock());
    expect(await local.locationKey(PIMPALGAON.lat, PIMPALGAON.lon)).toBe('local:20.2,74.0');
    expect(await local.locationKey(19.07, 73.91)).toBe('local:19.1,73.9');
    expect(await local.locationKey(51.5, -0.12)).toBeNull(); // London
    expect(await local.locationKey(40.7, -74)).toBeNull();
    expect(await local.locationKey(5.9, 80)).toBeNull(); // south of Sri Lanka
    expect(await local.locationKey(25, 99)).toBeNull(); // Myanmar
    await expect(local.hourly('204108', 'en')).rejects.toBeInstanceOf(WeatherError);
  });

  it('is deterministic: the same IST date, hour and position give the same forecast', async () => {
    const at = ist('2026-07-14T10:20:00');
    const a = new LocalWeather(new TestClock(at));
    const b = new LocalWeather(new TestClock(at + 30 * MINUTE)); // the same IST hour
    const key = 'local:20.2,74.0';
    expect(await b.hourly(key, 'hi')).toEqual(await a.hourly(key, 'hi'));
    expect(await b.fiveDay(key, 'hi')).toEqual(await a.fiveDay(key, 'hi'));
    // Another place or another day is another forecast.
    expect(await a.fiveDay('local:30.9,75.9', 'hi')).not.toEqual(await a.fiveDay(key, 'hi'));
  });

  it('answers like AccuWeather: one item for the next IST hour, five days from today dated 07:00 IST, in Fahrenheit', async () => {
    const local = new LocalWeather(new TestClock(ist('2026-11-21T10:20:00')));
    const hourly = await local.hourly('local:20.2,74.0', 'en');
    expect(hourlyResponse.parse(hourly)).toEqual(hourly);
    expect(hourly).toHaveLength(1);
    expect(hourly[0]?.EpochDateTime).toBe(ist('2026-11-21T11:00:00') / 1000);
    expect(hourly[0]?.Temperature.Unit).toBe('F');
    expect(hourly[0]?.IconPhrase).toBe(iconPhrase(hourly[0]?.WeatherIcon ?? 0, 'en'));
    const fiveDay = await local.fiveDay('local:20.2,74.0', 'en');
    expect(fiveDayResponse.parse(fiveDay)).toEqual(fiveDay);
    expect(fiveDay.DailyForecasts.map((d) => d.EpochDate)).toEqual([21, 22, 23, 24, 25].map((d) => ist(`2026-11-${d}T07:00:00`) / 1000));
    // Fahrenheit: a Deccan November day is 13–33 °C, i.e. about 55–91 °F.
    for (const d of fiveDay.DailyForecasts) {
      expect(d.Temperature.Minimum.Value).toBeGreaterThan(50);
      expect(d.Temperature.Maximum.Value).toBeLessThan(95);
      expect(d.Temperature.Maximum.Value).toBeGreaterThan(d.Temperature.Minimum.Value);
    }
  });

  it('north plains: cold, foggy winters and very hot Mays', async () => {
    const january = await month(LUDHIANA, '2027-01');
    for (const d of january) {
      expect(d.min).toBeGreaterThanOrEqual(3);
      expect(d.min).toBeLessThanOrEqual(12);
      expect(d.max).toBeLessThanOrEqual(24);
    }
    expect(january.filter((d) => d.icon === 11).length).toBeGreaterThanOrEqual(5);
    expect(january.some((d) => RAIN.includes(d.icon))).toBe(false);
    const may = await month(LUDHIANA, '2027-05');
    expect(may.every((d) => d.max >= 35 && d.max <= 44)).toBe(true);
  });

  it('the Deccan: monsoon showers June to September, clear after the monsoon', async () => {
    const july = await month(PUNE, '2027-07');
    expect(july.filter((d) => RAIN.includes(d.icon)).length).toBeGreaterThanOrEqual(12);
    expect(july.every((d) => [3, 4, 6, 7, ...RAIN].includes(d.icon))).toBe(true);
    expect(july.every((d) => d.max <= 31 && d.min >= 19)).toBe(true);
    const october = await month(PUNE, '2026-10');
    expect(october.some((d) => RAIN.includes(d.icon) || d.icon === 11)).toBe(false);
    expect(october.filter((d) => d.icon === 1 || d.icon === 2).length).toBeGreaterThanOrEqual(20);
  });

  it('the south: warm all year', async () => {
    const january = await month(CHENNAI, '2027-01');
    expect(january.every((d) => d.min >= 17 && d.min <= 23 && d.max >= 27 && d.max <= 33)).toBe(true);
    const may = await month(CHENNAI, '2027-05');
    expect(may.every((d) => d.min >= 23 && d.max >= 33 && d.max <= 40)).toBe(true);
  });

  it('the hour follows the day: cooler before dawn than in the afternoon, night icons at night', async () => {
    const key = 'local:18.5,73.9';
    const at = async (local: string) => (await new LocalWeather(new TestClock(ist(local))).hourly(key, 'en'))[0] as HourlyItem;
    const dawn = await at('2027-01-15T04:30:00'); // the 05:00 hour
    const afternoon = await at('2027-01-15T14:30:00'); // the 15:00 hour
    expect(afternoon.Temperature.Value - dawn.Temperature.Value).toBeGreaterThanOrEqual(15);
    expect([33, 34, 35, 38, 11, 12, 15, 18]).toContain(dawn.WeatherIcon);
    expect([1, 2, 3, 4, 6, 7, 11, 12, 14, 15, 18]).toContain(afternoon.WeatherIcon);
  });

  it('words every icon in all seven languages, each in its own script', async () => {
    const SCRIPTS = [
      /^[A-Za-z\s/]+$/,
      /^[\p{Script=Devanagari}\s,-]+$/u,
      /^[\p{Script=Devanagari}\s,-]+$/u,
      /^[\p{Script=Gurmukhi}\s,-]+$/u,
      /^[\p{Script=Gujarati}\s,-]+$/u,
      /^[\p{Script=Tamil}\s,-]+$/u,
      /^[\p{Script=Telugu}\s,-]+$/u,
    ];
    expect(Object.keys(ICON_PHRASES).map(Number)).toEqual([1, 2, 3, 4, 6, 7, 11, 12, 14, 15, 18, 33, 34, 35, 38]);
    for (const [icon, phrases] of Object.entries(ICON_PHRASES)) {
      expect(phrases).toHaveLength(7);
      phrases.forEach((phrase, i) => expect(phrase, `icon ${icon}, language ${i}`).toMatch(SCRIPTS[i] as RegExp));
    }
    expect(iconPhrase(12, 'mr')).toBe('पावसाच्या सरी');
    expect(iconPhrase(12, 'xx')).toBe('Showers');
    // The forecast comes in the language asked for.
    const july = await month(PUNE, '2027-07', 'ta');
    expect(july.every((d) => d.phrase === iconPhrase(d.icon, 'ta'))).toBe(true);
  });
});

/** A provider that counts its calls and fails when told to. */
function countingProvider() {
  const calls: string[] = [];
  let failNext = 0;
  const fail = () => {
    if (failNext > 0) {
      failNext--;
      throw new WeatherError('AccuWeather answered 503');
    }
  };
  const provider: WeatherProvider = {
    name: 'accuweather',
    locationKey: async (lat, lon, language) => {
      calls.push(`key ${lat},${lon} ${language}`);
      fail();
      return lat > 40 ? null : `k${lat}`;
    },
    hourly: async (key, language) => {
      calls.push(`hourly ${key} ${language}`);
      fail();
      return [{ EpochDateTime: 1, Temperature: { Value: 80, Unit: 'F' }, IconPhrase: `p-${language}`, WeatherIcon: 1 }];
    },
    fiveDay: async (key, language) => {
      calls.push(`fiveDay ${key} ${language}`);
      fail();
      return {
        DailyForecasts: [{ EpochDate: 1, Temperature: { Minimum: { Value: 60 }, Maximum: { Value: 80 } }, Day: { IconPhrase: `d-${language}`, Icon: 1 } }],
      };
    },
  };
  return { provider, calls, failNext: (n: number) => (failNext = n) };
}

const OWNER_A = 'user-a';
const OWNER_B = 'user-b';
const VIN_A = 'MBNAB12ACDE345678';
const VIN_A2 = 'MBNAB12ACDE345679';
const VIN_NO_FIX = 'MBNAB12ACDE000000';
const VIN_B = 'MBNAB12ACDE999999';

/** Owner A has two tractors in the same field (~100 m apart) and one with no position yet; B has one. */
const positions: Record<string, { owner: string; at: { lat: number; lon: number } | null }> = {
  [VIN_A]: { owner: OWNER_A, at: PIMPALGAON },
  [VIN_A2]: { owner: OWNER_A, at: { lat: 20.1661, lon: 73.9822 } },
  [VIN_NO_FIX]: { owner: OWNER_A, at: null },
  [VIN_B]: { owner: OWNER_B, at: { lat: 51.5, lon: -0.12 } },
};
const positionOf = async (userId: string, vin: string) => {
  const found = positions[vin];
  if (!found || found.owner !== userId) throw new AppError('NOT_FOUND');
  return found.at;
};

describe('weather service', () => {
  const setup = (maxEntries?: number) => {
    const clock = new TestClock();
    const fake = countingProvider();
    const warnings: unknown[] = [];
    const service = new WeatherService({
      provider: fake.provider,
      positionOf,
      clock,
      maxEntries,
      log: { warn: (obj: unknown) => warnings.push(obj) } as never,
    });
    return { clock, fake, service, warnings };
  };

  it('asks the provider once per 30 minutes for the hourly forecast, and again for another language', async () => {
    const { clock, fake, service } = setup();
    expect(await service.hourly(OWNER_A, VIN_A, 'mr')).toEqual([expect.objectContaining({ IconPhrase: 'p-mr' })]);
    // The position is rounded to 0.01° (~1 km) before anyone is asked.
    expect(fake.calls).toEqual(['key 20.17,73.98 mr', 'hourly k20.17 mr']);
    clock.advance(HOURLY_TTL_MS - 1);
    await service.hourly(OWNER_A, VIN_A, 'mr');
    // The other tractor in the same field shares the location and its forecast.
    await service.hourly(OWNER_A, VIN_A2, 'mr');
    expect(fake.calls).toHaveLength(2);
    await service.hourly(OWNER_A, VIN_A, 'hi');
    expect(fake.calls.slice(2)).toEqual(['hourly k20.17 hi']);
    clock.advance(1);
    await service.hourly(OWNER_A, VIN_A, 'mr');
    expect(fake.calls.slice(3)).toEqual(['hourly k20.17 mr']);
  });

  it('keeps the five-day forecast 3 hours and the location key a day', async () => {
    const { clock, fake, service } = setup();
    await service.fiveDay(OWNER_A, VIN_A, 'en');
    clock.advance(FIVE_DAY_TTL_MS - 1);
    await service.fiveDay(OWNER_A, VIN_A, 'en');
    expect(fake.calls).toEqual(['key 20.17,73.98 en', 'fiveDay k20.17 en']);
    clock.advance(1);
    await service.fiveDay(OWNER_A, VIN_A, 'en');
    expect(fake.calls.slice(2)).toEqual(['fiveDay k20.17 en']);
    clock.advance(21 * HOUR);
    await service.fiveDay(OWNER_A, VIN_A, 'en');
    expect(fake.calls.slice(3)).toEqual(['key 20.17,73.98 en', 'fiveDay k20.17 en']);
  });

  it('does not cache a failure: WEATHER_UNAVAILABLE now, the provider asked again next time', async () => {
    const { fake, service, warnings } = setup();
    fake.failNext(1);
    await expect(service.hourly(OWNER_A, VIN_A, 'en')).rejects.toMatchObject({ code: 'WEATHER_UNAVAILABLE', statusCode: 503 });
    expect(await service.hourly(OWNER_A, VIN_A, 'en')).toHaveLength(1);
    expect(fake.calls).toEqual(['key 20.17,73.98 en', 'key 20.17,73.98 en', 'hourly k20.17 en']);
    // The location key is cached; the forecast fails once, and is asked again.
    fake.failNext(1);
    await expect(service.fiveDay(OWNER_A, VIN_A, 'en')).rejects.toBeInstanceOf(AppError);
    await service.fiveDay(OWNER_A, VIN_A, 'en');
    expect(fake.calls.slice(3)).toEqual(['fiveDay k20.17 en', 'fiveDay k20.17 en']);
    expect(warnings).toEqual([
      { weather: { provider: 'accuweather', reason: 'AccuWeather answered 503' } },
      { weather: { provider: 'accuweather', reason: 'AccuWeather answered 503' } },
    ]);
  });

  it('answers empty without a position or where the provider has no location, and NOT_FOUND for a VIN of another owner', async () => {
    const { fake, service } = setup();
    expect(await service.hourly(OWNER_A, VIN_NO_FIX, 'en')).toEqual([]);
    expect(await service.fiveDay(OWNER_A, VIN_NO_FIX, 'en')).toEqual({ DailyForecasts: [] });
    expect(fake.calls).toEqual([]);
    expect(await service.hourly(OWNER_B, VIN_B, 'en')).toEqual([]);
    expect(await service.fiveDay(OWNER_B, VIN_B, 'en')).toEqual({ DailyForecasts: [] });
    // "No location there" is an answer, kept like one.
    expect(fake.calls).toEqual(['key 51.5,-0.12 en']);
    await expect(service.hourly(OWNER_B, VIN_A, 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shares one provider call between simultaneous asks, and keeps at most maxEntries per cache', async () => {
    const { fake, service } = setup(2);
    await Promise.all([1, 2, 3].map(() => service.hourly(OWNER_A, VIN_A, 'en')));
    expect(fake.calls).toEqual(['key 20.17,73.98 en', 'hourly k20.17 en']);
    for (const language of ['hi', 'mr', 'pa', 'gu']) await service.hourly(OWNER_A, VIN_A, language);
    expect(service.cacheSizes).toEqual({ keys: 1, hourly: 2, fiveDay: 0 });
    // The least recently used went first: English is asked again, Gujarati is not.
    await service.hourly(OWNER_A, VIN_A, 'gu');
    await service.hourly(OWNER_A, VIN_A, 'en');
    expect(fake.calls.slice(-2)).toEqual(['hourly k20.17 gu', 'hourly k20.17 en']);
  });
});

describe('weather routes', () => {
  let app: FastifyInstance;
  const fake = countingProvider();
  const tokens: Record<string, string> = { 'token-a': OWNER_A, 'token-b': OWNER_B };
  const sessions = {
    authenticate: async (token: string | undefined) => {
      const userId = token ? tokens[token] : undefined;
      if (!userId) throw new AppError('UNAUTHENTICATED');
      return { userId, sessionId: `s-${userId}` };
    },
  } as unknown as SessionService;

  async function build(provider: WeatherProvider): Promise<FastifyInstance> {
    const instance = Fastify();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    installErrorHandler(instance);
    instance.decorateRequest('principal', null);
    await instance.register(weatherRoutes, {
      prefix: '/api/v1',
      weather: new WeatherService({ provider, positionOf, clock: new TestClock(ist('2026-11-21T12:00:00')) }),
      sessions,
    });
    await instance.ready();
    return instance;
  }
  const get = (url: string, token = 'token-a') => app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    app = await build(fake.provider);
  });
  afterAll(() => app.close());

  it('answer the forecasts at the tractor in the language asked (default en)', async () => {
    const hourly = await get(`weather/hourly/${VIN_A}?language=ta`);
    expect(hourly.statusCode, hourly.body).toBe(200);
    expect(hourly.json()).toEqual([{ EpochDateTime: 1, Temperature: { Value: 80, Unit: 'F' }, IconPhrase: 'p-ta', WeatherIcon: 1 }]);
    const daily = await get(`weather/daily/${VIN_A}`);
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json<FiveDayResponse>().DailyForecasts[0]?.Day.IconPhrase).toBe('d-en');
  });

  it('answer empty without a position', async () => {
    expect((await get(`weather/hourly/${VIN_NO_FIX}`)).json()).toEqual([]);
    expect((await get(`weather/daily/${VIN_NO_FIX}`)).json()).toEqual({ DailyForecasts: [] });
  });

  it("answer 404 for another owner's VIN and 401 without a session", async () => {
    for (const path of ['hourly', 'daily']) {
      const res = await get(`weather/${path}/${VIN_B}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      const anonymous = await app.inject({ method: 'GET', url: `/api/v1/weather/${path}/${VIN_A}` });
      expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('answer 503 WEATHER_UNAVAILABLE when the provider fails', async () => {
    fake.failNext(1);
    const res = await get(`weather/daily/${VIN_A}?language=hi`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'WEATHER_UNAVAILABLE', message: 'Weather is not available just now. Try again later.' } });
    expect((await get(`weather/daily/${VIN_A}?language=hi`)).statusCode).toBe(200);
  });

  it('refuse a language outside the seven and unknown query fields', async () => {
    const fr = await get(`weather/hourly/${VIN_A}?language=fr`);
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: 'language', code: 'INVALID' }] } });
    const extra = await get(`weather/hourly/${VIN_A}?lang=hi`);
    expect(extra.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: 'lang', code: 'UNKNOWN_FIELD' }] } });
    expect((await get(`weather/hourly/${VIN_A}?language=hi&isSec=true`)).statusCode).toBe(200);
  });

  it('serve the local model end to end', async () => {
    const local = await build(createWeatherProvider({ provider: 'local' }, { clock: new TestClock(ist('2026-11-21T12:00:00')) }));
    try {
      const res = await local.inject({ method: 'GET', url: `/api/v1/weather/daily/${VIN_A}?language=gu`, headers: { authorization: 'Bearer token-a' } });
      expect(res.statusCode, res.body).toBe(200);
      const { DailyForecasts } = res.json<FiveDayResponse>();
      expect(DailyForecasts).toHaveLength(5);
      expect(DailyForecasts[0]?.Day.IconPhrase).toBe(iconPhrase(DailyForecasts[0]?.Day.Icon ?? 0, 'gu'));
      const hourly = await local.inject({ method: 'GET', url: `/api/v1/weather/hourly/${VIN_A}`, headers: { authorization: 'Bearer token-a' } });
      expect(hourly.json<HourlyItem[]>()[0]?.EpochDateTime).toBe(ist('2026-11-21T13:00:00') / 1000);
    } finally {
      await local.close();
    }
  });
});
