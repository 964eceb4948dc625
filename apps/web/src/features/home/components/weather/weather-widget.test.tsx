import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DAY_MS, istDate } from '@tractorlink/domain/time';
import { monthLabel, weatherDays } from '@tractorlink/domain/weather';
import { initI18n } from '../../../../lib/i18n';
import { storage } from '../../../../lib/secure-storage';
import { loadTractorTexts } from '../../../../lib/signed-in/tractor-texts';
import { fiveDayAt, hourlyAt, mockWeatherServer } from './weather-fixtures';
import { iconParts } from './weather-icons';
import { WeatherCard, WeatherWidget } from './weather-widget';

const VIN = 'MBNTL45DEM0000001';

function renderWidget(props: { vin?: string; renewal?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
  return render(
    <QueryClientProvider client={client}>
      <WeatherWidget vin={props.vin ?? VIN} renewal={props.renewal} />
    </QueryClientProvider>,
  );
}

const dayButtons = () => within(screen.getByRole('group', { name: 'Choose a day' })).getAllByRole('button');
const pressed = () => dayButtons().map((b) => b.getAttribute('aria-pressed'));

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadTractorTexts('en');
});

beforeEach(() => storage.clearExceptKept());

afterEach(() => {
  vi.unstubAllGlobals();
});

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

describe('the bundled icon set (spec §9)', () => {
  it('has an icon for every AccuWeather icon number 1–44 (9, 10, 27 and 28 are not used by AccuWeather)', () => {
    const missing = Array.from({ length: 44 }, (_, i) => i + 1).filter((n) => ![9, 10, 27, 28].includes(n) && !iconParts(n));
    expect(missing).toEqual([]);
    expect(iconParts(12)).not.toBe(iconParts(1));
    expect(iconParts(33)).not.toBe(iconParts(1));
    expect(iconParts(99)).toBeUndefined();
  });
});
