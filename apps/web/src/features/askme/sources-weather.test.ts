import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { DAY_MS, HOUR_MS, istDate, istMidnight } from '@tractorlink/domain/time';
import { weatherDays } from '@tractorlink/domain/weather';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { storage } from '../../lib/secure-storage';
import { forecastDaysAhead, hourlyNotPast, refreshWeather } from '../../lib/signed-in/weather';
import { catalogueT } from '../../test/catalogue-t';
import { answerFor } from './answers';
import { gatherFacts } from './sources';

/** Ask me's weather and the home widget's are one: the forecast the phone holds (spec §3, §4). */

const VIN = 'MBNTL45SLN0000123';
const f = (c: number) => (c * 9) / 5 + 32;

/** Noon IST of the day `days` from today. */
const noonIst = (days: number) => istMidnight(istDate(Date.now())) + days * DAY_MS + 12 * HOUR_MS;

const hourlyAt = (at: number, celsius: number): HourlyItem[] => [
  { EpochDateTime: (at + HOUR_MS) / 1000, Temperature: { Value: f(celsius), Unit: 'F' }, IconPhrase: 'Sunny', WeatherIcon: 1 },
];

/** Five days from the IST day of `at`: day i is min 20+i, max 35+i °C. */
const fiveDayAt = (at: number): FiveDayResponse => ({
  DailyForecasts: [0, 1, 2, 3, 4].map((i) => ({
    EpochDate: (istMidnight(istDate(at)) + i * DAY_MS + 7 * HOUR_MS) / 1000,
    Temperature: { Minimum: { Value: f(20 + i) }, Maximum: { Value: f(35 + i) } },
    Day: { IconPhrase: `Partly sunny w/ showers ${i}`, Icon: 3 },
  })),
});

let sent: string[];
/** The server's weather routes as they answer at `at`; `null`: no network. */
function network(at: number | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      sent.push(url);
      if (at === null) throw new TypeError('Failed to fetch');
      const body = url.includes('/weather/hourly/') ? hourlyAt(at, 30) : fiveDayAt(at);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });

beforeAll(async () => {
  await storage.load();
});

beforeEach(() => {
  storage.clearExceptKept();
  sent = [];
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Ask me tells the forecast the home widget keeps', () => {
  it('what home fetched, Ask me says without asking the server again', async () => {
    vi.setSystemTime(noonIst(0));
    network(noonIst(0));
    await refreshWeather(VIN, 'en');
    const fetched = sent.length;
    const t = await catalogueT('en', 'askme', 'tractor');
    const facts = await gatherFacts(client(), ['weather'], VIN, 'Sheru', 'en');
    expect(answerFor('weather', facts, t, 'en')).toBe('Weather near Sheru now: 30 degrees Celsius, Sunny.');
    expect(sent).toHaveLength(fetched);
  });

  it("offline the day after, both show today's day of the kept five-day forecast (Ask me said 'not available')", async () => {
    // Yesterday, home fetched the forecast; today the phone has no network.
    vi.setSystemTime(noonIst(-1));
    network(noonIst(-1));
    await refreshWeather(VIN, 'en');
    vi.setSystemTime(noonIst(0) - 3 * HOUR_MS);
    network(null);

    const home = await refreshWeather(VIN, 'en');
    const today = weatherDays(home.at, hourlyNotPast(home.hourly, home.at), forecastDaysAhead(home.daily, home.at)).days[0];
    // Yesterday's day 1 is today: min 21, max 36.
    expect(today.temperature).toEqual({ min: 21, max: 36 });

    const t = await catalogueT('en', 'askme', 'tractor');
    const facts = await gatherFacts(client(), ['weather'], VIN, 'Sheru', 'en');
    expect(answerFor('weather', facts, t, 'en')).toBe('Weather near Sheru today: 21 to 36 degrees Celsius, Partly sunny with showers 1.');
  });

  it('with nothing kept and no network, both have nothing: home shows Weather Data NA, Ask me says it is not available', async () => {
    vi.setSystemTime(noonIst(0));
    network(null);
    const home = await refreshWeather(VIN, 'en');
    expect(weatherDays(home.at, hourlyNotPast(home.hourly, home.at), forecastDaysAhead(home.daily, home.at)).days[0].temperature).toBeNull();
    const t = await catalogueT('en', 'askme', 'tractor');
    const facts = await gatherFacts(client(), ['weather'], VIN, 'Sheru', 'en');
    expect(answerFor('weather', facts, t, 'en')).toBe('The weather at the place of Sheru is not available now.');
  });
});
