import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import askmeEn from '../src/locales/askme/en.json';
import askmeTa from '../src/locales/askme/ta.json';
import tractorTa from '../src/locales/tractor/ta.json';
import { failingRecognition } from '../src/features/askme/fake-recognition';
import { FIELD, ingest } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';
import { api } from './tractor-helpers';

/**
 * Ask me as a farmer with a cheap phone and a weak signal uses it, at 360 × 740: a question typed
 * in Latin letters in Tamil, the browser's recognition losing its network, and a link that hangs.
 * The recognition is a stand-in (headless Chromium has no microphone) that fails as Chrome does
 * when its speech servers cannot be reached.
 */

/** Nothing wider than the phone's screen. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('Ask me at 360 × 740 on a weak signal (voice audit)', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let tractor: SeededTractor;
  let token: string;

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    await context.addInitScript(failingRecognition, 'network');
    // Parked in the field a minute ago, engine off, 34 L in the tank.
    const parked = (imei: string, at = Date.now() - 60_000) =>
      ingest(
        baseURL(),
        [0, 1, 2].map((i) => ({
          deviceId: imei,
          time: at - (2 - i) * 10_000,
          ...FIELD,
          speedKmh: 0,
          ignition: false,
          pto: false,
          rpm: 0,
          coolantC: 40,
          externalVoltage: 12.6,
        })),
      );
    ({ token, tractor } = await ownerWithTractor(page, { name: 'Kavitha Murugan', pin: '2468' }, (made) => parked(made.tractor.imei)));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('in Tamil, a question typed in Latin letters ("tractor enga irukku") is answered in Tamil with the place', async () => {
    await switchLanguage(page, 'தமிழ்', 'ta');
    let place = '';
    await expect
      .poll(async () => {
        place = (await api<TractorHomepageResponse>(baseURL(), token, `tractorhomepage/${tractor.vin}`)).address ?? '';
        return /[\u0b80-\u0bff]/.test(place);
      })
      .toBe(true);
    await open(page, '/askme');
    await page.getByRole('heading', { level: 1, name: askmeTa['askme.title'] }).waitFor();
    await page.getByRole('textbox', { name: askmeTa['askme.question'] }).fill('tractor enga irukku');
    await page.getByRole('button', { name: askmeTa['askme.ask'], exact: true }).click();
    const answer = page.getByTestId('askme-answer').first();
    await expect.poll(() => answer.textContent()).toContain(place);
    const text = (await answer.textContent()) ?? '';
    expect(text.startsWith(askmeTa['askme.a.where'].replace('{{name}}', tractor.name).split('{{place}}')[0] as string)).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it('in Tamil, the recognition losing its network says asking by voice needs the internet (not "try again"), within the screen', async () => {
    await open(page, '/askme');
    await page.getByRole('button', { name: askmeTa['askme.speak'] }).click();
    const said = page.getByRole('alert').filter({ hasText: askmeTa['askme.micOffline'] });
    await said.waitFor();
    expect(await page.getByText(askmeTa['askme.micError']).count()).toBe(0);
    const box = await said.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= NARROW_PHONE.width).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it('in English, with the link hanging, the answer says after the loader time to check the internet, not "Finding the answer…" for ever', async () => {
    await switchLanguage(page, 'English', 'en');
    // From now on today's engine hours never arrive (the request stays open, as on a dead link); the
    // reload forgets what the screen fetched before (kept in memory only).
    await page.route('**/api/v1/vehicles/aggregations/**', () => undefined);
    await open(page, '/askme');
    await page.reload();
    await page.getByRole('button', { name: askmeEn['askme.q.hours'] }).click();
    await page.getByText(askmeEn['askme.thinking']).waitFor();
    const answer = page.getByTestId('askme-answer').first();
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toBe(askmeEn['askme.a.noData']);
    expect(await page.getByText(askmeEn['askme.thinking']).count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.unroute('**/api/v1/vehicles/aggregations/**');
  });
  it('in Tamil, the weather loader goes after the loader time on a hanging link (spec §8, silently), and the late forecast shows when it comes', async () => {
    // The weather answers are held back (the requests stay open) until the end of the test.
    const held: Route[] = [];
    await page.route('**/api/v1/weather/**', (route) => {
      held.push(route);
    });
    // A language change shows the loader until the forecast in the new language is in (spec §4).
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/tabs/home');
    const loader = page.getByText(tractorTa['weather.loading']);
    await loader.waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await loader.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.locator('.weather').getByRole('alert').count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The answers come after all: kept, and the card shows the Tamil forecast.
    for (const route of held) await route.continue();
    await page.unroute('**/api/v1/weather/**');
    await expect.poll(() => page.locator('.weather-phrase').textContent(), { timeout: 15_000 }).toMatch(/[\u0b80-\u0bff]/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
