import { describe, expect, it, vi } from 'vitest';
import type { HourlyItem } from '@tractorlink/domain/weather';
import { storage } from '../../lib/secure-storage';
import { WEATHER_WAIT_MS, refreshWeather } from '../home/api/get-weather';
import { fiveDayAt, hourlyAt, VIN, weatherPhoneEachTest } from '../home/components/weather/weather-fixtures';

/**
 * The home weather widget on a hanging link (audited with Ask me's weak-signal answers; the browser
 * test is e2e/voice-audit.e2e.ts): after spec §9's 6 s it shows what it has, and the late answers
 * are kept and shown, while a late failure is not asked again at once.
 */

weatherPhoneEachTest();

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
