import { vi } from 'vitest';
import { DAY_MS, HOUR_MS, istDate, istHourStart, istMidnight } from '@tractorlink/domain/time';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';

/** Test data in AccuWeather's shapes (Fahrenheit), dated from `now`: for the weather unit tests only. */

const fahrenheit = (c: number) => (c * 9) / 5 + 32;

export function hourlyAt(now: number, celsius = 30, phrase = 'Sunny', icon = 1): HourlyItem[] {
  return [
    { EpochDateTime: (istHourStart(now) + HOUR_MS) / 1000, Temperature: { Value: fahrenheit(celsius), Unit: 'F' }, IconPhrase: phrase, WeatherIcon: icon },
  ];
}

/** Five days from the IST day of `now`, each at 07:00 IST; day i is min 20+i, max 35+i °C. */
export function fiveDayAt(now: number, phrase = 'Partly sunny', icon = 3): FiveDayResponse {
  const today = istMidnight(istDate(now));
  return {
    DailyForecasts: [0, 1, 2, 3, 4].map((i) => ({
      EpochDate: (today + i * DAY_MS + 7 * HOUR_MS) / 1000,
      Temperature: { Minimum: { Value: fahrenheit(20 + i) }, Maximum: { Value: fahrenheit(35 + i) } },
      Day: { IconPhrase: `${phrase} ${i}`, Icon: icon },
    })),
  };
}

interface WeatherCall {
  kind: 'hourly' | 'daily';
  vin: string;
  language: string;
}

type Answer = (call: WeatherCall) => { status: number; body?: unknown };

/** A stand-in for the server's two weather routes that records every request. */
export function mockWeatherServer(answer: Answer = (c) => ({ status: 200, body: c.kind === 'hourly' ? hourlyAt(Date.now()) : fiveDayAt(Date.now()) })) {
  const calls: WeatherCall[] = [];
  let respond = answer;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const m = /\/api\/v1\/weather\/(hourly|daily)\/([^/?]+)$/.exec(url.pathname);
      if (!m) return new Response('{}', { status: 404 });
      const call: WeatherCall = {
        kind: m[1] as WeatherCall['kind'],
        vin: decodeURIComponent(m[2] as string),
        language: url.searchParams.get('language') ?? '',
      };
      calls.push(call);
      const { status, body } = respond(call);
      return new Response(
        body === undefined ? JSON.stringify({ error: { code: 'WEATHER_UNAVAILABLE', message: 'Weather unavailable' } }) : JSON.stringify(body),
        {
          status,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }),
  );
  return {
    calls,
    answer(next: Answer) {
      respond = next;
    },
  };
}
