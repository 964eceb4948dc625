import { describe, expect, it } from 'vitest';
import { fiveDayResponse, hourlyResponse, weatherQuery } from './weather-api';
import type { DailyForecast, HourlyItem } from './weather';
import {
  HOURLY_REFRESH_MS,
  WEATHER_DAYS,
  fahrenheitToCelsius,
  hourlyIsStale,
  hourlyStamp,
  monthLabel,
  weatherCacheKeys,
  weatherDays,
  weatherRefreshPlan,
} from './weather';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const seconds = (local: string) => ist(local) / 1000;

// 10:15 IST on 21 November 2026.
const NOW = ist('2026-11-21T10:15:00');

const hourly: HourlyItem[] = [
  { EpochDateTime: seconds('2026-11-21T11:00:00'), Temperature: { Value: 84, Unit: 'F' }, IconPhrase: 'Mostly sunny', WeatherIcon: 2 },
  { EpochDateTime: seconds('2026-11-21T12:00:00'), Temperature: { Value: 88, Unit: 'F' }, IconPhrase: 'Sunny', WeatherIcon: 1 },
];
// AccuWeather dates its days at 07:00 local time.
const day = (date: string, min: number, max: number, phrase: string, icon: number): DailyForecast => ({
  EpochDate: seconds(`${date}T07:00:00`),
  Temperature: { Minimum: { Value: min }, Maximum: { Value: max } },
  Day: { IconPhrase: phrase, Icon: icon },
});
const daily = {
  DailyForecasts: [
    day('2026-11-21', 57, 86, 'Sunny', 1),
    day('2026-11-22', 59, 87, 'Partly sunny', 3),
    day('2026-11-23', 61, 84, 'Intermittent clouds', 4),
    day('2026-11-24', 60, 83, 'Sunny', 1),
    day('2026-11-25', 58, 82, 'Sunny', 1),
  ],
};

describe('Fahrenheit to Celsius (spec §9: converted and rounded to whole numbers)', () => {
  it.each([
    [33.8, 1],
    // 32.9 as a double is 32.899999…, (f − 32) × 5/9 is 0.4999…: 0, and never −0.
    [32.9, 0],
    [32, 0],
    [31.5, 0],
    [-40, -40],
    [98.6, 37],
    [50, 10],
    // 27.9 × 5/9 = 15.5, rounded up.
    [59.9, 16],
    [86, 30],
    [57, 14],
  ])('%s °F is %s °C', (f, c) => {
    expect(Object.is(fahrenheitToCelsius(f), c)).toBe(true);
  });
});

describe('weather rules (spec §4 Weather)', () => {
  it('if the renewal flag is set, weather is hidden and the temperature cleared; otherwise it is shown', () => {
    const hidden = weatherDays(NOW, hourly, daily, { renewal: true });
    expect(hidden.visible).toBe(false);
    expect(hidden.days.map((d) => d.temperature)).toEqual([null, null, null]);
    const shown = weatherDays(NOW, hourly, daily, { renewal: false });
    expect(shown.visible).toBe(true);
    expect(shown.days.every((d) => d.temperature !== null)).toBe(true);
  });

  it('selecting a day sets the selected date, and the month label follows it', () => {
    // 31 October: tomorrow is in November.
    const now = ist('2026-10-31T20:00:00');
    expect(weatherDays(now, [], [], {}).selectedDate).toBe('2026-10-31');
    expect(weatherDays(now, [], [], {}).monthLabel).toBe('October 2026');
    const tomorrow = weatherDays(now, [], [], { selectedDate: '2026-11-01' });
    expect(tomorrow.selectedDate).toBe('2026-11-01');
    expect(tomorrow.monthLabel).toBe('November 2026');
    // A date outside the three days (a selection kept from yesterday) falls back to today.
    expect(weatherDays(now, [], [], { selectedDate: '2026-10-30' }).selectedDate).toBe('2026-10-31');
    expect(monthLabel('2026-11-01', 'mr')).toBe('नोव्हेंबर 2026');
  });

  it('for today, with hourly data present, the current temperature, phrase and icon come from the first hourly item', () => {
    const { days } = weatherDays(NOW, hourly, daily);
    // 84 °F is 28.9 °C: 29; the first item, not the later 88 °F, nor today's five-day range.
    expect(days[0]).toEqual({ date: '2026-11-21', dayOfMonth: 21, temperature: { current: 29 }, phrase: 'Mostly sunny', icon: 2 });
    // Without hourly data today shows its five-day range (57–86 °F: 14–30 °C) rather than 'NA'.
    expect(weatherDays(NOW, [], daily).days[0]).toEqual({ date: '2026-11-21', dayOfMonth: 21, temperature: { min: 14, max: 30 }, phrase: 'Sunny', icon: 1 });
  });

  it('for the other days, minimum and maximum temperatures are shown in Celsius with the day phrase and icon', () => {
    const { days } = weatherDays(NOW, hourly, daily);
    // Spec §9: 3 days; 59/87 °F → 15/31 °C, 61/84 °F → 16/29 °C.
    expect(days).toHaveLength(WEATHER_DAYS);
    expect(days[1]).toEqual({ date: '2026-11-22', dayOfMonth: 22, temperature: { min: 15, max: 31 }, phrase: 'Partly sunny', icon: 3 });
    expect(days[2]).toEqual({ date: '2026-11-23', dayOfMonth: 23, temperature: { min: 16, max: 29 }, phrase: 'Intermittent clouds', icon: 4 });
  });

  it('hourly data is refreshed when at least one hour has passed since the stored time, or when the language or vehicle changed', () => {
    const stored = hourlyStamp(ist('2026-11-21T09:20:00'));
    expect(stored).toEqual({ storedHour: 9, storedMinutes: 20, storedDate: '2026-11-21' });
    const at = (local: string, changes: { languageChanged?: boolean; vehicleChanged?: boolean } = {}) =>
      hourlyIsStale({ ...stored, now: ist(local), languageChanged: false, vehicleChanged: false, ...changes });
    // Spec §9: the threshold is one hour, and "at least" includes it.
    expect(HOURLY_REFRESH_MS).toBe(3_600_000);
    expect(at('2026-11-21T10:20:00')).toBe(true);
    expect(at('2026-11-21T13:05:00')).toBe(true);
    expect(at('2026-11-21T10:19:59')).toBe(false);
    expect(at('2026-11-21T09:50:00', { languageChanged: true })).toBe(true);
    expect(at('2026-11-21T09:50:00', { vehicleChanged: true })).toBe(true);
  });

  it('otherwise cached data is used', () => {
    const stored = hourlyStamp(ist('2026-11-21T09:20:00'));
    expect(hourlyIsStale({ ...stored, now: ist('2026-11-21T09:20:00'), languageChanged: false, vehicleChanged: false })).toBe(false);
    expect(hourlyIsStale({ ...stored, now: ist('2026-11-21T10:19:00'), languageChanged: false, vehicleChanged: false })).toBe(false);
    expect(
      weatherRefreshPlan({
        ...stored,
        now: ist('2026-11-21T10:00:00'),
        languageChanged: false,
        vehicleChanged: false,
        hourlyCached: true,
        fiveDayCached: true,
      }),
    ).toEqual({
      fetchHourly: false,
      fetchFiveDay: false,
      showLoader: false,
      resetFlags: false,
    });
  });

  it('across midnight and days, the stored time is compared by IST date and time', () => {
    const late = hourlyStamp(ist('2026-11-21T23:30:00'));
    const check = (local: string, s: Partial<typeof late> = late) =>
      hourlyIsStale({
        storedHour: s.storedHour,
        storedMinutes: s.storedMinutes,
        storedDate: s.storedDate,
        now: ist(local),
        languageChanged: false,
        vehicleChanged: false,
      });
    // 40 minutes later, on the next day: still fresh; 1 h later: stale.
    expect(check('2026-11-22T00:10:00')).toBe(false);
    expect(check('2026-11-22T00:30:00')).toBe(true);
    // The same clock time a day later is a day old.
    expect(check('2026-11-22T23:40:00')).toBe(true);
    // Only the spec's two keys: the most recent 23:30 before now is meant (a day-old fetch cannot be told apart).
    expect(check('2026-11-22T00:10:00', { storedHour: 23, storedMinutes: 30 })).toBe(false);
    expect(check('2026-11-22T00:30:00', { storedHour: 23, storedMinutes: 30 })).toBe(true);
    // Nothing stored, nonsense, or a stored time after now (the phone's clock went back): refresh.
    expect(check('2026-11-22T00:10:00', { storedHour: undefined, storedMinutes: undefined })).toBe(true);
    expect(check('2026-11-22T00:10:00', { storedHour: 25, storedMinutes: 0 })).toBe(true);
    expect(check('2026-11-21T22:00:00')).toBe(true);
  });

  it('a language or vehicle change shows a loader and refetches the five-day forecast, then resets the flags', () => {
    const stored = hourlyStamp(ist('2026-11-21T09:20:00'));
    const base = { ...stored, now: ist('2026-11-21T09:30:00'), hourlyCached: true, fiveDayCached: true };
    for (const change of [
      { languageChanged: true, vehicleChanged: false },
      { languageChanged: false, vehicleChanged: true },
    ]) {
      expect(weatherRefreshPlan({ ...base, ...change })).toEqual({ fetchHourly: true, fetchFiveDay: true, showLoader: true, resetFlags: true });
    }
  });

  it('the five-day forecast is fetched if none is cached', () => {
    const stored = hourlyStamp(ist('2026-11-21T09:20:00'));
    const plan = weatherRefreshPlan({
      ...stored,
      now: ist('2026-11-21T09:30:00'),
      languageChanged: false,
      vehicleChanged: false,
      hourlyCached: true,
      fiveDayCached: false,
    });
    expect(plan).toEqual({ fetchHourly: false, fetchFiveDay: true, showLoader: false, resetFlags: false });
    // And hourly data is fetched when none is cached, however recent the stored time.
    expect(
      weatherRefreshPlan({
        ...stored,
        now: ist('2026-11-21T09:30:00'),
        languageChanged: false,
        vehicleChanged: false,
        hourlyCached: false,
        fiveDayCached: true,
      }).fetchHourly,
    ).toBe(true);
  });

  it('the forecast is kept under the tractor key plus 5days; we use the VIN for both lookups (the source is not consistent)', () => {
    expect(weatherCacheKeys('MBNAB12ACDE345678')).toEqual({ hourly: 'MBNAB12ACDE345678', fiveDay: 'MBNAB12ACDE3456785days' });
  });
});

describe('the weather widget (spec §2)', () => {
  it("shows 'Weather Data NA' (temperature null) for a day without data", () => {
    const { days } = weatherDays(NOW, [], { DailyForecasts: [day('2026-11-22', 59, 87, 'Partly sunny', 3)] });
    expect(days.map((d) => d.temperature)).toEqual([null, { min: 15, max: 31 }, null]);
    expect(weatherDays(NOW, null, null).days.map((d) => d.date)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('matches five-day items to days by IST date (spec §9: +5:30), not UTC', () => {
    // 23:00 IST on the 21st is 17:30 UTC the same day; 01:00 IST on the 22nd is 19:30 UTC on the 21st.
    const forecasts = [day('2026-11-22', 59, 87, 'Partly sunny', 3)];
    forecasts[0] = { ...forecasts[0]!, EpochDate: seconds('2026-11-22T01:00:00') };
    const { days } = weatherDays(ist('2026-11-21T23:00:00'), [], forecasts);
    expect(days[1].temperature).toEqual({ min: 15, max: 31 });
    expect(days[0].temperature).toBeNull();
  });
});

describe('weather API schemas', () => {
  it('accept the shapes of spec §3 and drop the rest of an AccuWeather answer', () => {
    const accu = { ...hourly[0], HasPrecipitation: false, Link: 'http://x' };
    expect(hourlyResponse.parse([accu])).toEqual([hourly[0]]);
    expect(fiveDayResponse.parse(daily)).toEqual(daily);
    expect(weatherQuery.parse({})).toEqual({ language: 'en' });
    expect(weatherQuery.safeParse({ language: 'fr' }).success).toBe(false);
    expect(weatherQuery.safeParse({ language: 'hi', extra: '1' }).success).toBe(false);
  });
});
