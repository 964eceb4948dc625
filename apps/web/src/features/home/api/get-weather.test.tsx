import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DAY_MS, HOUR_MS } from '@tractorlink/domain/time';
import { hourlyStamp } from '@tractorlink/domain/weather';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import hi from '../../../locales/tractor/hi.json';
import { changeAppLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/secure-storage';
import { fiveDayAt, hourlyAt, mockWeatherServer, renderWeather, VIN, weatherPhoneEachTest } from '../components/weather/weather-fixtures';
import { refreshWeather, WEATHER_STORAGE, WEATHER_WAIT_MS } from '../../../lib/signed-in/weather';

const OTHER = 'MBNTL57DEM0000002';

const mount = (vin = VIN) => renderWeather({ vin });

/** What the phone asked from the `from`th request on, each told by `show`, in a fixed order. */
const askedSince = (server: ReturnType<typeof mockWeatherServer>, from: number, show: (c: (typeof server.calls)[number]) => string) =>
  server.calls.slice(from).map(show).sort();

weatherPhoneEachTest();

afterAll(() => changeAppLanguage('en'));

describe('weather caching in the secure storage (spec §3, §4)', () => {
  it('nothing kept: fetches the hourly list and the five-day forecast, and keeps them as the spec says', async () => {
    const server = mockWeatherServer();
    const before = Date.now();
    mount();
    await screen.findByText('Now 30 °C');
    expect(server.calls.map((c) => `${c.kind} ${c.vin} ${c.language}`).sort()).toEqual([`daily ${VIN} en`, `hourly ${VIN} en`]);
    // Hourly per VIN, the five-day forecast under the tractor key plus '5days'.
    expect(storage.getJson<HourlyItem[]>(VIN)?.[0]?.IconPhrase).toBe('Sunny');
    expect(storage.getJson<FiveDayResponse>(`${VIN}5days`)?.DailyForecasts).toHaveLength(5);
    // The time of the hourly fetch, and the language and tractor it was for.
    const stamp = hourlyStamp(before);
    expect(storage.get(WEATHER_STORAGE.storedDate)).toBe(stamp.storedDate);
    expect(Number(storage.get('storedHour'))).toBe(stamp.storedHour);
    expect(Number(storage.get('storedMinutes'))).toBeGreaterThanOrEqual(stamp.storedMinutes);
    expect(storage.get('lanchange')).toBe('en');
    expect(storage.get('vehicleChanged')).toBe(VIN);
  });

  it('a second render within the hour makes no request: the kept data shows at once, with no loader', async () => {
    const server = mockWeatherServer();
    const first = mount();
    await screen.findByText('Now 30 °C');
    first.unmount();
    expect(server.calls).toHaveLength(2);

    mount();
    expect(screen.getByText('Now 30 °C')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => undefined);
    expect(server.calls).toHaveLength(2);
  });

  it('an hour after the stored time only the hourly list is fetched again', async () => {
    const server = mockWeatherServer();
    const now = Date.now();
    await refreshWeather(VIN, 'en', now);
    expect(server.calls).toHaveLength(2);
    await refreshWeather(VIN, 'en', now + 59 * 60_000);
    expect(server.calls).toHaveLength(2);
    server.answer(() => ({ status: 200, body: hourlyAt(now + HOUR_MS, 27, 'Cloudy', 7) }));
    const data = await refreshWeather(VIN, 'en', now + HOUR_MS);
    expect(server.calls.slice(2).map((c) => c.kind)).toEqual(['hourly']);
    expect(data.hourly?.[0]?.IconPhrase).toBe('Cloudy');
    expect(data.daily?.DailyForecasts).toHaveLength(5);
    expect(storage.get('storedDate')).toBe(hourlyStamp(now + HOUR_MS).storedDate);
  });

  it('a language change shows the loader and fetches both again in the new language, then resets the flag', async () => {
    const server = mockWeatherServer((c) => ({
      status: 200,
      body:
        c.kind === 'hourly'
          ? hourlyAt(Date.now(), 30, c.language === 'hi' ? 'धूप' : 'Sunny')
          : fiveDayAt(Date.now(), c.language === 'hi' ? 'आंशिक धूप' : 'Partly sunny'),
    }));
    mount();
    await screen.findByText('Sunny');
    expect(server.calls).toHaveLength(2);

    await act(() => changeAppLanguage('hi'));
    expect(screen.getByRole('status').textContent).toBe(hi['weather.loading']);
    expect(await screen.findByText('धूप')).toBeTruthy();
    expect(askedSince(server, 2, (c) => `${c.kind} ${c.language}`)).toEqual(['daily hi', 'hourly hi']);
    expect(storage.get('lanchange')).toBe('hi');
    expect(storage.getJson<FiveDayResponse>(`${VIN}5days`)?.DailyForecasts[0]?.Day.IconPhrase).toBe('आंशिक धूप 0');
    expect(screen.getByText(hi['weather.title'])).toBeTruthy();
    await act(() => changeAppLanguage('en'));
  });

  it('a vehicle change shows the loader and fetches both for the other tractor, then resets the flag', async () => {
    const server = mockWeatherServer();
    const view = mount();
    await screen.findByText('Now 30 °C');
    expect(server.calls).toHaveLength(2);
    // Weather of the other tractor is kept too (the phone switched to it before): still refetched.
    storage.setJson(OTHER, hourlyAt(Date.now(), 10, 'Old', 7));
    storage.setJson(`${OTHER}5days`, fiveDayAt(Date.now()));

    server.answer((c) => ({ status: 200, body: c.kind === 'hourly' ? hourlyAt(Date.now(), 18, 'Fog', 11) : fiveDayAt(Date.now()) }));
    view.show(OTHER);
    expect(screen.getByRole('status').textContent).toBe('Getting the weather…');
    expect(await screen.findByText('Now 18 °C')).toBeTruthy();
    expect(askedSince(server, 2, (c) => `${c.kind} ${c.vin}`)).toEqual([`daily ${OTHER}`, `hourly ${OTHER}`]);
    expect(storage.get('vehicleChanged')).toBe(OTHER);
    // The first tractor's weather stays kept under its own VIN.
    expect(storage.getJson<HourlyItem[]>(VIN)?.[0]?.IconPhrase).toBe('Sunny');
  });

  it('a failed switch keeps the flag, so the next visit tries again', async () => {
    const server = mockWeatherServer();
    const now = Date.now();
    await refreshWeather(VIN, 'en', now);
    server.answer(() => ({ status: 503 }));
    const data = await refreshWeather(VIN, 'hi', now + 60_000);
    // What the phone had is kept and shown, as fetched at the first try.
    expect(data.hourly?.[0]?.IconPhrase).toBe('Sunny');
    expect(data).toMatchObject({ failed: true, fetchedAt: now });
    expect(storage.get('lanchange')).toBe('en');
    server.answer((c) => ({ status: 200, body: c.kind === 'hourly' ? hourlyAt(now) : fiveDayAt(now) }));
    const before = server.calls.length;
    expect(await refreshWeather(VIN, 'hi', now + 120_000)).toMatchObject({ failed: false, fetchedAt: now + 120_000 });
    expect(askedSince(server, before, (c) => `${c.kind} ${c.language}`)).toEqual(['daily hi', 'hourly hi']);
    expect(storage.get('lanchange')).toBe('hi');
  });

  it('empty answers (the tractor had no position yet) are asked again next time, so its first report shows', async () => {
    const server = mockWeatherServer((c) => ({ status: 200, body: c.kind === 'hourly' ? [] : { DailyForecasts: [] } }));
    const now = Date.now();
    const empty = await refreshWeather(VIN, 'en', now);
    expect(empty).toMatchObject({ hourly: [], daily: { DailyForecasts: [] } });
    server.answer((c) => ({ status: 200, body: c.kind === 'hourly' ? hourlyAt(now) : fiveDayAt(now) }));
    const data = await refreshWeather(VIN, 'en', now + 60_000);
    expect(askedSince(server, 2, (c) => c.kind)).toEqual(['daily', 'hourly']);
    expect(data.hourly).toHaveLength(1);
    await refreshWeather(VIN, 'en', now + 120_000);
    expect(server.calls).toHaveLength(4);
  });

  it('the five-day forecast is fetched when none is kept, or the kept one no longer reaches the day after tomorrow', async () => {
    const server = mockWeatherServer();
    const now = Date.now();
    await refreshWeather(VIN, 'en', now);
    storage.remove(`${VIN}5days`);
    await refreshWeather(VIN, 'en', now + 60_000);
    expect(server.calls.slice(2).map((c) => c.kind)).toEqual(['daily']);
    // Kept from three days ago: it ends the day before the day after tomorrow.
    storage.setJson(`${VIN}5days`, fiveDayAt(now - 3 * DAY_MS));
    await refreshWeather(VIN, 'en', now + 120_000);
    expect(server.calls.slice(3).map((c) => c.kind)).toEqual(['daily']);
    // Kept from yesterday: its days still reach the day after tomorrow, nothing asked.
    storage.setJson(`${VIN}5days`, fiveDayAt(now - DAY_MS));
    await refreshWeather(VIN, 'en', now + 180_000);
    expect(server.calls).toHaveLength(4);
  });
});

/*
 * On a hanging link (audited with Ask me's weak-signal answers; the browser test is e2e/voice-audit.e2e.ts):
 * after spec §9's 6 s the widget shows what it has; late answers are kept and shown, a late failure is
 * not asked again at once.
 */
/** The weather API answering only when the test says: `settle(true)` with forecasts, `settle(false)` with a 503. */
function slowServer() {
  let settle: (ok: boolean) => void = () => undefined;
  const answered = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const ok = await answered;
      if (!ok) return json({ error: { code: 'WEATHER_UNAVAILABLE' } }, 503);
      return String(input).includes('/hourly/') ? json(hourlyAt(Date.now())) : json(fiveDayAt(Date.now()));
    }),
  );
  return { settle: (ok: boolean) => settle(ok) };
}

describe('the weather widget on a hanging link', () => {
  it('gives up waiting after 6 s with what it has; the late forecast is kept, then shown (onLate)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = slowServer();
    const onLate = vi.fn();
    let shown: Awaited<ReturnType<typeof refreshWeather>> | undefined;
    void refreshWeather(VIN, 'en', Date.now(), onLate).then((d) => {
      shown = d;
    });
    await vi.advanceTimersByTimeAsync(WEATHER_WAIT_MS);
    expect(shown).toMatchObject({ hourly: null, daily: null, failed: true });
    server.settle(true);
    await vi.waitFor(() => expect(onLate).toHaveBeenCalledTimes(1));
    expect(storage.getJson<HourlyItem[]>(VIN)?.[0]?.IconPhrase).toBe('Sunny');
  });

  it('a late failure keeps nothing and does not ask again at once (no loop on a bad link)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = slowServer();
    const onLate = vi.fn();
    const shown = refreshWeather(VIN, 'en', Date.now(), onLate);
    await vi.advanceTimersByTimeAsync(WEATHER_WAIT_MS);
    expect(await shown).toMatchObject({ failed: true });
    server.settle(false);
    // Both requests answered (the API client sends a 5xx once more): nothing kept, nothing asked again.
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBe(4));
    await vi.advanceTimersByTimeAsync(2000);
    expect(onLate).not.toHaveBeenCalled();
    expect(storage.getJson(VIN)).toBeUndefined();
  });
});
