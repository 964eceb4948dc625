import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import alertsEn from '../src/locales/alerts/en.json';
import alertsTa from '../src/locales/alerts/ta.json';
import tractorEn from '../src/locales/tractor/en.json';
import tractorTa from '../src/locales/tractor/ta.json';
import { claimTractor, provisionTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { registerThroughScreens } from './support/flows';
import { overflowingBoxes } from './support/layout-checks';
import { uniqueMobile } from './support/sms';
import { sessionToken } from './tractor-helpers';

/**
 * Spec §8 "messages shown", each in the situation it names, on a 360 × 740 phone in English and
 * Tamil: a new owner whose tractor has sent nothing yet, and an alerts fetch that fails (§8: it logs
 * the error and returns an empty result). One sign-in for the file.
 */
const LANGS = [
  { code: 'en', nativeName: 'English', tractor: tractorEn, alerts: alertsEn },
  { code: 'ta', nativeName: 'தமிழ்', tractor: tractorTa, alerts: alertsTa },
] as const;

describe('spec §8 messages where they belong, 360 × 740, English and Tamil', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    const mobile = uniqueMobile();
    await registerThroughScreens(page, mobile, '2468', 'Kavitha Raman');
    const token = await sessionToken(page);
    const tractor = await provisionTractor(baseURL(), mobile, 'Kavitha Raman');
    await claimTractor(baseURL(), token, tractor);
    await page.reload();
    await expectRoute(page, '/tabs/home');
    await page.locator('#tractor-name').filter({ hasText: tractor.name }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  /** The message is on screen, and nothing around it sticks out of the narrow phone. */
  async function shows(text: string): Promise<void> {
    await page.getByText(text, { exact: true }).first().waitFor();
    expect(await overflowingBoxes(page)).toEqual([]);
  }

  for (const lang of LANGS) {
    it(`${lang.code}: 'no tractor usage data' for a tractor that sent nothing`, async () => {
      await switchLanguage(page, lang.nativeName, lang.code);
      await open(page, '/tabs/tractor');
      await shows(lang.tractor['usage.noData']);
    });

    it(`${lang.code}: an alerts fetch the server fails twice shows the list as empty ('no critical alerts'), and the screen stays usable`, async () => {
      await switchLanguage(page, lang.nativeName, lang.code);
      let asked = 0;
      const alertsList = (url: URL) => url.pathname === '/api/v1/alerts';
      await page.route(alertsList, async (route) => {
        asked += 1;
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }) });
      });
      try {
        await open(page, '/alert');
        await shows(lang.alerts['alerts.empty.critical']);
        // Sent once more with rebuilt headers (§8), and no more.
        expect(asked).toBe(2);
        // The loading bar goes (1.5 s after the failure).
        await page.getByRole('progressbar').waitFor({ state: 'detached' });
      } finally {
        await page.unroute(alertsList);
      }
    });
  }
});
