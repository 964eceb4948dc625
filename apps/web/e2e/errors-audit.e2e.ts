import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import alertsEn from '../src/locales/alerts/en.json';
import alertsTa from '../src/locales/alerts/ta.json';
import en from '../src/locales/en.json';
import hireEn from '../src/locales/hire/en.json';
import hireTa from '../src/locales/hire/ta.json';
import ta from '../src/locales/ta.json';
import tractorEn from '../src/locales/tractor/en.json';
import tractorTa from '../src/locales/tractor/ta.json';
import { NARROW_PHONE, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';
import { overflowingBoxes } from './support/layout-checks';

/**
 * Spec §8 "messages shown", each in the situation it names, on a 360 × 740 phone in English and
 * Tamil: a new owner whose tractor has sent nothing yet, and an alerts fetch that fails (§8: it logs
 * the error and returns an empty result); and the hire ledger's customer and payment forms, refused,
 * take focus to the first thing to fix as its other forms do. One sign-in for the file.
 */
const LANGS = [
  { code: 'en', nativeName: 'English', main: en, tractor: tractorEn, alerts: alertsEn, hire: hireEn },
  { code: 'ta', nativeName: 'தமிழ்', main: ta, tractor: tractorTa, alerts: alertsTa, hire: hireTa },
] as const;

describe('spec §8 messages where they belong, 360 × 740, English and Tamil', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    await ownerWithTractor(page, { name: 'Kavitha Raman', pin: '2468' });
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

    it(`${lang.code}: a refused save of the hire customer and payment forms takes focus to the first thing to fix`, async () => {
      await switchLanguage(page, lang.nativeName, lang.code);
      await open(page, '/hire-customer-form');
      await page.getByLabel(lang.hire['hire.customer.name'], { exact: true }).fill(`Murugan ${lang.code === 'en' ? 'Selvam' : 'Raja'}`);
      const phone = page.getByLabel(lang.hire['hire.customer.phone'], { exact: true });
      await phone.fill('98765');
      await page.getByRole('button', { name: lang.main['common.save'], exact: true }).click();
      await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      await phone.fill('');
      await page.getByRole('button', { name: lang.main['common.save'], exact: true }).click();
      await page.waitForURL((url) => url.hash.startsWith('#/hire-customer/'));
      const customerId = decodeURIComponent(new URL(page.url()).hash.replace('#/hire-customer/', ''));
      await open(page, `/hire-payment?customerId=${encodeURIComponent(customerId)}`);
      await page.getByLabel(lang.hire['hire.payment.amount'], { exact: true }).fill('500');
      const date = page.getByLabel(lang.hire['hire.payment.date'], { exact: true });
      await date.fill('2999-01-01');
      await page.getByRole('button', { name: lang.hire['hire.payment.save'], exact: true }).click();
      await expect.poll(() => date.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await date.getAttribute('aria-invalid')).toBe('true');
    });
  }
});
