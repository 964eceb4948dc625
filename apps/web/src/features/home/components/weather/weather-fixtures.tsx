import { afterEach, beforeEach, vi } from 'vitest';
import { DAY_MS, HOUR_MS, istDate, istHourStart, istMidnight } from '@tractorlink/domain/time';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { storage } from '../../../../lib/secure-storage';
import { loadTractorTexts } from '../../../../lib/signed-in/tractor-texts';
import { renderWithProviders } from '../../../../test/render';
import { englishBeforeAll } from '../../../../test/words';
import { WeatherWidget } from './weather-widget';

/** Test data in AccuWeather's shapes (Fahrenheit), dated from `now`, and the widget's set-up: for the weather unit tests only. */

export const VIN = 'MBNTL45DEM0000001';

/** A weather test file's phone: the words in English, nothing kept before each test, the real clock and network after. */
export function weatherPhoneEachTest(): void {
  englishBeforeAll(loadTractorTexts);
  beforeEach(() => storage.clearExceptKept());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/**
 * The widget with a fresh query client, as after a reload (only the secure storage is kept between
 * mounts); `show` switches it to another tractor in the same client, as the tractor picker does.
 */
export function renderWeather({ vin = VIN, renewal }: { vin?: string; renewal?: boolean } = {}) {
  // The app's query defaults: one try, offline too (lib/query-client.ts).
  const view = renderWithProviders(<WeatherWidget vin={vin} renewal={renewal} />, { queries: { networkMode: 'offlineFirst' } });
  return { ...view, show: (next: string) => view.rerender(<WeatherWidget key={next} vin={next} />) };
}

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
    /** The phone loses its network: navigator.onLine says so, and every request fails as the browser's does. */
    goOffline() {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      respond = () => {
        throw new TypeError('Failed to fetch');
      };
    },
  };
}
