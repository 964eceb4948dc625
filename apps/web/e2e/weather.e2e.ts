import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { claimTractor, FIELD, ingest, provisionTractor } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { baseURL, expectRoute, NARROW_PHONE, newPhone, open, useBrowser, switchLanguage } from './support/browser';
import { registerThroughScreens } from './support/flows';
import { uniqueMobile } from './support/sms';
import { api, sessionToken, violations } from './tractor-helpers';

/**
 * Issue 14 item 2, the weather widget on the home tab, in Chromium against the local weather model:
 * a new owner with a tractor that reported from a field in Maharashtra and a second one that never
 * reported. One sign-in for the file (OTP limits), so the tests run in order on one page.
 */

const DEVANAGARI = /[\u0900-\u097F]/;
const TAMIL = /[\u0B80-\u0BFF]/;

interface WeatherRequest {
  kind: string;
  vin: string;
  language: string;
}

describe('weather widget on the home tab', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let placed: SeededTractor;
  let unplaced: SeededTractor;
  const requests: WeatherRequest[] = [];

  const card = () => page.locator('section.weather');
  /** The line that says how old a kept forecast is. */
  const kept = () => card().getByText(/^Forecast from/);
  const dayButton = (name: RegExp) => card().getByRole('group').getByRole('button', { name });
  const choose = async (tractor: SeededTractor) => {
    await page.locator('.tractor-select select').selectOption(tractor.vin);
    await page.locator('#tractor-name').filter({ hasText: tractor.name }).waitFor();
  };

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser()));
    page.on('request', (request) => {
      const m = /\/api\/v1\/weather\/(hourly|daily)\/([^/?]+)\?language=(\w+)/.exec(request.url());
      if (m) requests.push({ kind: m[1] as string, vin: decodeURIComponent(m[2] as string), language: m[3] as string });
    });
    const mobile = uniqueMobile();
    await registerThroughScreens(page, mobile, '1357', 'Sunita Pawar');
    const token = await sessionToken(page);
    placed = await provisionTractor(baseURL(), mobile, 'Sunita Pawar');
    await claimTractor(baseURL(), token, placed);
    unplaced = await provisionTractor(baseURL(), mobile, 'Sunita Pawar');
    await claimTractor(baseURL(), token, unplaced);
    // One record from the field, parked: the tractor's position, where the weather is asked for.
    const at = Date.now() - 60_000;
    await ingest(baseURL(), [
      { deviceId: placed.imei, time: at, ...FIELD, speedKmh: 0, ignition: false, pto: false, rpm: 0, coolantC: 30, externalVoltage: 12.6 },
    ]);
    // The record is committed before the ingest answers; wait for the position anyway, as the alert seeds do.
    const deadline = Date.now() + 15_000;
    while ((await api<TractorHomepageResponse>(baseURL(), token, `tractorhomepage/${placed.vin}`)).latitude === null) {
      if (Date.now() > deadline) throw new Error('the tractor has no position after the ingest');
      await new Promise((r) => setTimeout(r, 200));
    }
    // The app's home answer predates the tractors: start again so the screens know them.
    await page.reload();
    await expectRoute(page, '/tabs/home');
    await page.locator('.tractor-select select').waitFor();
    await choose(placed);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the month label, three day buttons with today highlighted, and the current temperature with its phrase', async () => {
    await card()
      .getByText(/^Now -?\d+\s°C$/)
      .waitFor();
    const month = await card().getByTestId('weather-month').innerText();
    expect(month).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    const days = card().getByRole('group', { name: 'Choose a day' }).getByRole('button');
    expect(await days.count()).toBe(3);
    expect((await days.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').replace(/ \d+$/, ''))).toEqual(['Today', 'Tomorrow', 'Day after']);
    expect(await dayButton(/^Today/).getAttribute('aria-pressed')).toBe('true');
    expect(await card().locator('.weather-phrase').innerText()).toMatch(/[A-Za-z]/);
    expect(await card().locator('svg.weather-icon').getAttribute('aria-hidden')).toBe('true');
    expect([...new Set(requests.filter((r) => r.vin === placed.vin).map((r) => `${r.kind} ${r.language}`))].sort()).toEqual(['daily en', 'hourly en']);
    // Just fetched, online: nothing is said about its age.
    expect(await kept().count()).toBe(0);
  });

  it('selecting tomorrow highlights it and shows its minimum and maximum', async () => {
    await dayButton(/^Tomorrow/).click();
    await expect.poll(() => dayButton(/^Tomorrow/).getAttribute('aria-pressed')).toBe('true');
    expect(await dayButton(/^Today/).getAttribute('aria-pressed')).toBe('false');
    await card()
      .getByText(/^Min -?\d+\s°C · Max -?\d+\s°C$/)
      .waitFor();
    // The buttons are big enough to hit with a thumb.
    const box = await dayButton(/^Tomorrow/).boundingBox();
    expect(box && box.height >= 48 && box.width >= 48).toBe(true);
  });

  it('opening the app again within the hour asks nothing: the kept weather shows, today selected again', async () => {
    const before = requests.length;
    // A new start of the app: only what the phone kept (the secure storage) is there.
    await page.reload();
    await card()
      .getByText(/^Now -?\d+\s°C$/)
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.slice(before)).toEqual([]);
  });

  it('is clean for axe on home with the widget', async () => {
    await card()
      .getByText(/^Now -?\d+\s°C$/)
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });

  it("a tractor that never reported shows 'Weather Data NA'", async () => {
    await choose(unplaced);
    await card().getByText('Weather Data NA', { exact: true }).waitFor();
    await dayButton(/^Tomorrow/).click();
    await card().getByText('Weather Data NA', { exact: true }).waitFor();
    expect([...new Set(requests.filter((r) => r.vin === unplaced.vin).map((r) => r.kind))].sort()).toEqual(['daily', 'hourly']);
    await choose(placed);
    await card()
      .getByText(/^Now -?\d+\s°C$/)
      .waitFor();
  });

  it('switching the app to हिन्दी fetches the weather again in Hindi and shows Hindi phrases', async () => {
    const before = requests.length;
    await switchLanguage(page, 'हिन्दी', 'hi');
    await open(page, '/tabs/home');
    await card().getByRole('heading', { name: 'मौसम' }).waitFor();
    await expect.poll(() => card().locator('.weather-phrase').count()).toBe(1);
    await expect.poll(() => card().locator('.weather-phrase').innerText()).toMatch(DEVANAGARI);
    expect(await card().locator('.weather-temp').innerText()).toMatch(/^अभी -?\d+\s°C$/);
    expect(await card().getByTestId('weather-month').innerText()).toMatch(DEVANAGARI);
    expect(
      requests
        .slice(before)
        .map((r) => `${r.kind} ${r.vin === placed.vin} ${r.language}`)
        .sort(),
    ).toEqual(['daily true hi', 'hourly true hi']);
    await dayButton(/^कल/).click();
    await card()
      .getByText(/^न्यूनतम -?\d+\s°C · अधिकतम -?\d+\s°C$/)
      .waitFor();
    expect(await card().locator('.weather-phrase').innerText()).toMatch(DEVANAGARI);
  });

  /** What is wrong with the widget at this width: anything past the page or the card, cut text, small buttons, words broken. */
  const narrowProblems = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const found: string[] = [];
      if (document.documentElement.scrollWidth > width + 1) found.push(`page ${document.documentElement.scrollWidth} > ${width}`);
      const weather = document.querySelector('section.weather');
      if (!weather) return ['no weather card'];
      const cardBox = weather.getBoundingClientRect();
      const name = (el: Element) => `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
      for (const el of weather.querySelectorAll('*')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0) continue;
        if (box.right > cardBox.right + 0.5 || box.left < cardBox.left - 0.5) found.push(`${name(el)} at ${Math.round(box.left)}–${Math.round(box.right)}`);
        if (el instanceof HTMLElement && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} is cut`);
      }
      for (const button of weather.querySelectorAll('button')) {
        const box = button.getBoundingClientRect();
        if (box.height < 48 || box.width < 48) found.push(`${name(button)} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      // A day's name may wrap between words, never inside one.
      for (const label of weather.querySelectorAll('.weather-day-name')) {
        const range = document.createRange();
        range.selectNodeContents(label);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        if (lines > (label.textContent ?? '').trim().split(/\s+/).length) found.push(`"${label.textContent}" breaks inside a word`);
      }
      return found;
    });

  it('at 360 px nothing overflows, in English and in Tamil, and the day buttons keep their size', async () => {
    await page.setViewportSize(NARROW_PHONE);
    await switchLanguage(page, 'English', 'en');
    await open(page, '/tabs/home');
    await card()
      .getByText(/^Now -?\d+\s°C$/)
      .waitFor();
    expect(await narrowProblems()).toEqual([]);

    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/tabs/home');
    await expect.poll(() => card().locator('.weather-phrase').innerText()).toMatch(TAMIL);
    await dayButton(/மறுநாள்/).click();
    await card()
      .getByText(/அதிகபட்சம்/)
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await narrowProblems()).toEqual([]);
    await switchLanguage(page, 'English', 'en');
  });

  /** Home as the app opens with no network: reloaded offline once the service worker keeps the app. */
  const reloadOffline = async () => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await context.setOffline(true);
    await page.reload();
    await expectRoute(page, '/tabs/home');
  };

  /** The network back: the app started offline signs in again (its token lived in memory) before the next test saves anything. */
  const backOnline = async () => {
    await context.setOffline(false);
    await page.reload();
    await expectRoute(page, '/tabs/home');
    await page.waitForLoadState('networkidle');
  };

  it('offline after a reload, the card shows the kept forecast and says when it was fetched', async () => {
    await open(page, '/tabs/home');
    await card()
      .getByText(/^Now -?\d+\s°C$/)
      .waitFor();
    try {
      await reloadOffline();
      await card()
        .getByText(/^Now -?\d+\s°C$/)
        .waitFor();
      // Fetched minutes ago (just before midnight, yesterday), as the phone shows times in India.
      await kept().waitFor();
      expect(await kept().innerText()).toMatch(/^Forecast from (yesterday )?\d{1,2}:\d{2}\s(am|pm)$/);
      expect(await dayButton(/^Today/).getAttribute('aria-pressed')).toBe('true');
    } finally {
      await context.setOffline(false);
    }
    await backOnline();
  });

  it('in Tamil at 360 px the line is in Tamil and nothing overflows', async () => {
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/tabs/home');
    await expect.poll(() => card().locator('.weather-phrase').innerText()).toMatch(TAMIL);
    try {
      await reloadOffline();
      const line = card().locator('.weather-kept');
      await line.waitFor();
      expect(await line.innerText()).toMatch(/^(நேற்று )?\d{1,2}:\d{2}\s\S+ மணிக்குப் பெற்ற முன்னறிவிப்பு$/);
      expect(await narrowProblems()).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
    await backOnline();
    await switchLanguage(page, 'English', 'en');
  });
});
