import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { DAY_MS, istDate } from '@tractorlink/domain/time';
import { monthLabel, weatherDays } from '@tractorlink/domain/weather';
import { storage } from '../../../../lib/secure-storage';
import { refreshWeather } from '../../../../lib/signed-in/weather';
import { fiveDayAt, hourlyAt, mockWeatherServer, renderWeather as renderWidget, VIN, weatherPhoneEachTest } from './weather-fixtures';
import { iconParts } from './weather-icons';
import { WeatherCard } from './weather-widget';

const dayButtons = () => within(screen.getByRole('group', { name: 'Choose a day' })).getAllByRole('button');
const pressed = () => dayButtons().map((b) => b.getAttribute('aria-pressed'));

weatherPhoneEachTest();

describe('the weather widget with fixed data (spec §2 weather widget)', () => {
  it('shows the month label, three day buttons and today’s current weather from the first hourly item', async () => {
    mockWeatherServer();
    renderWidget();
    expect(await screen.findByText('Now 30 °C')).toBeTruthy();
    const now = Date.now();
    const dates = [0, 1, 2].map((i) => new Date(now + i * DAY_MS));
    expect(screen.getByTestId('weather-month').textContent).toBe(monthLabel(istDate(now), 'en'));
    expect(dayButtons().map((b) => b.textContent)).toEqual(
      ['Today', 'Tomorrow', 'Day after'].map((name, i) => `${name} ${Number(istDate(dates[i]!.getTime()).slice(8))}`),
    );
    expect(pressed()).toEqual(['true', 'false', 'false']);
    expect(screen.getByText('Sunny')).toBeTruthy();
    // The icon is decorative: the phrase is the text.
    const icon = document.querySelector('svg.weather-icon');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('data-icon')).toBe('1');
  });

  it('selecting a day highlights it and shows its minimum and maximum in °C with the day phrase and icon', async () => {
    mockWeatherServer();
    renderWidget();
    await screen.findByText('Now 30 °C');
    fireEvent.click(screen.getByRole('button', { name: /^Tomorrow/ }));
    expect(pressed()).toEqual(['false', 'true', 'false']);
    expect(screen.getByText('Min 21 °C · Max 36 °C')).toBeTruthy();
    expect(screen.getByText('Partly sunny 1')).toBeTruthy();
    expect(document.querySelector('svg.weather-icon')?.getAttribute('data-icon')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: /^Day after/ }));
    expect(pressed()).toEqual(['false', 'false', 'true']);
    expect(screen.getByText('Min 22 °C · Max 37 °C')).toBeTruthy();
  });

  it("shows 'Weather Data NA' when no temperature is known (no position yet: empty answers)", async () => {
    mockWeatherServer((c) => ({ status: 200, body: c.kind === 'hourly' ? [] : { DailyForecasts: [] } }));
    renderWidget();
    expect(await screen.findByText('Weather Data NA')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Tomorrow/ }));
    expect(screen.getByText('Weather Data NA')).toBeTruthy();
    expect(document.querySelector('svg.weather-icon')).toBeNull();
  });

  it('a failed fetch (503) shows NA only for what is missing: the hourly came, the forecast did not', async () => {
    const server = mockWeatherServer((c) => (c.kind === 'hourly' ? { status: 200, body: hourlyAt(Date.now(), 25, 'Cloudy', 7) } : { status: 503 }));
    renderWidget();
    expect(await screen.findByText('Now 25 °C')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Tomorrow/ }));
    expect(screen.getByText('Weather Data NA')).toBeTruthy();
    // The API client sends a failed request once more (spec §8), then gives up quietly.
    expect(server.calls.filter((c) => c.kind === 'daily')).toHaveLength(2);
  });

  it('offline with nothing kept: NA, and nothing thrown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWidget();
    expect(await screen.findByText('Weather Data NA')).toBeTruthy();
  });

  it('with the renewal flag set (pack ended) the widget is hidden and asks nothing', async () => {
    const server = mockWeatherServer();
    const { container } = renderWidget({ renewal: true });
    await act(async () => undefined);
    expect(container.innerHTML).toBe('');
    expect(server.calls).toEqual([]);
  });

  it('the card alone: the loader while there is nothing to show, then the days', () => {
    const now = Date.now();
    const { rerender } = render(<WeatherCard widget={null} onSelect={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Getting the weather…');
    const onSelect = vi.fn();
    rerender(<WeatherCard widget={weatherDays(now, null, fiveDayAt(now), { selectedDate: istDate(now + 2 * DAY_MS) })} onSelect={onSelect} />);
    expect(pressed()).toEqual(['false', 'false', 'true']);
    // Today without hourly data falls back to its five-day item (domain rule).
    fireEvent.click(screen.getByRole('button', { name: /^Today/ }));
    expect(onSelect).toHaveBeenCalledWith(istDate(now));
  });
});

describe('how old the forecast is, and days matched by date (a kept forecast)', () => {
  /** Epoch ms of a time of day in India. */
  const ist = (local: string) => Date.parse(`${local}+05:30`);
  // Saturday 21 November 2026, mid-morning: the farmer opens the app.
  const NOW = ist('2026-11-21T10:00:00');
  const kept = () => screen.queryByText(/^Forecast from/);
  const dayNames = () => dayButtons().map((b) => b.textContent);

  /** The phone fetched the weather at `at` (the server's forecast of that day), and it is now `now`. */
  async function fetchedAt(at: number, now = NOW) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const server = mockWeatherServer();
    await refreshWeather(VIN, 'en', at);
    vi.setSystemTime(now);
    return server;
  }

  /** The app opened at NOW with no network, the weather last fetched at `at`: the card once it shows. */
  async function openOfflineFetchedAt(at: number) {
    (await fetchedAt(at)).goOffline();
    renderWidget();
    await screen.findAllByRole('button', { name: /^Today/ });
  }

  it('fresh (fetched a minute ago, online): nothing is said about its age', async () => {
    await fetchedAt(NOW - 60_000);
    renderWidget();
    expect(await screen.findByText('Now 30 °C')).toBeTruthy();
    await act(async () => undefined);
    expect(kept()).toBeNull();
  });

  it('kept from this morning, offline: today’s weather with "Forecast from 6:40 am"', async () => {
    await openOfflineFetchedAt(ist('2026-11-21T06:40:00'));
    expect(await screen.findByText('Forecast from 6:40 am')).toBeTruthy();
    // The kept hourly item is of today: still today's current weather.
    expect(screen.getByText('Now 30 °C')).toBeTruthy();
    expect(dayNames()).toEqual(['Today 21', 'Tomorrow 22', 'Day after 23']);
  });

  it('online, a refresh that failed says the same, even within the hour', async () => {
    const server = await fetchedAt(ist('2026-11-21T06:40:00'), ist('2026-11-21T07:00:00'));
    // The five-day forecast kept is from three days ago (so it is asked again), and the server cannot answer.
    storage.setJson(`${VIN}5days`, fiveDayAt(ist('2026-11-18T18:00:00')));
    server.answer(() => ({ status: 503 }));
    renderWidget();
    expect(await screen.findByText('Forecast from 6:40 am')).toBeTruthy();
    expect(server.calls.filter((c) => c.kind === 'daily')).toHaveLength(3);
  });

  it('kept from yesterday evening: yesterday’s tomorrow is today, nothing of yesterday shows, "Forecast from yesterday 6:40 pm"', async () => {
    await openOfflineFetchedAt(ist('2026-11-20T18:40:00'));
    expect(await screen.findByText('Forecast from yesterday 6:40 pm')).toBeTruthy();
    expect(dayNames()).toEqual(['Today 21', 'Tomorrow 22', 'Day after 23']);
    // Yesterday's "now" (its 19:00) is not today's: today is the forecast's second day.
    expect(screen.queryByText(/^Now/)).toBeNull();
    expect(screen.getByText('Min 21 °C · Max 36 °C')).toBeTruthy();
    expect(screen.getByText('Partly sunny 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Tomorrow/ }));
    expect(screen.getByText('Min 22 °C · Max 37 °C')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Day after/ }));
    expect(screen.getByText('Min 23 °C · Max 38 °C')).toBeTruthy();
  });

  it('kept from three days ago: its fourth and fifth days are today and tomorrow, dated "Forecast from 18 Nov, 6:40 pm"; the day after is NA', async () => {
    await openOfflineFetchedAt(ist('2026-11-18T18:40:00'));
    expect(await screen.findByText('Forecast from 18 Nov, 6:40 pm')).toBeTruthy();
    expect(screen.getByText('Min 23 °C · Max 38 °C')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Tomorrow/ }));
    expect(screen.getByText('Min 24 °C · Max 39 °C')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Day after/ }));
    expect(screen.getByText('Weather Data NA')).toBeTruthy();
  });

  it("kept from five days ago: none of its days is left, so 'Weather Data NA' (and no date over nothing)", async () => {
    await openOfflineFetchedAt(ist('2026-11-16T18:40:00'));
    expect(await screen.findByText('Weather Data NA')).toBeTruthy();
    expect(dayNames()).toEqual(['Today 21', 'Tomorrow 22', 'Day after 23']);
    for (const day of [/^Tomorrow/, /^Day after/]) {
      fireEvent.click(screen.getByRole('button', { name: day }));
      expect(screen.getByText('Weather Data NA')).toBeTruthy();
    }
    expect(document.querySelector('svg.weather-icon')).toBeNull();
    expect(kept()).toBeNull();
  });
});

describe('the bundled icon set (spec §9)', () => {
  it('has an icon for every AccuWeather icon number 1–44 (9, 10, 27 and 28 are not used by AccuWeather)', () => {
    const missing = Array.from({ length: 44 }, (_, i) => i + 1).filter((n) => ![9, 10, 27, 28].includes(n) && !iconParts(n));
    expect(missing).toEqual([]);
    expect(iconParts(12)).not.toBe(iconParts(1));
    expect(iconParts(33)).not.toBe(iconParts(1));
    expect(iconParts(99)).toBeUndefined();
  });
});
