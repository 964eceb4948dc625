import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingOptions } from '@tractorlink/domain/service-booking-api';
import { LANGUAGES } from '@tractorlink/domain/languages';
import { FIELD, alertScenario, call, claimTractor, ingest, provisionTractor, runToday, waitForAlerts } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { registerThroughScreens } from './support/flows';
import { brokenWords, overflowingBoxes, smallControls, squeezedBoxes, touchingBlocks } from './support/layout-checks';
import { uniqueMobile } from './support/sms';
import { sessionToken } from './tractor-helpers';

/**
 * Words break only between words at 360 × 740, in English, Tamil (the longest words), Hindi
 * (joined letters) and Punjabi (long phrases for short words: 'ਵੱਧ ਤੋਂ ਵੱਧ' for 'Max'), with Noto fonts as on Android. A reviewer's screenshots showed a subscription
 * card crushed to a column of letters ('Vali/d/fro/m'), Tamil words cut inside a syllable in the tab
 * bar, buttons, fact lists and figures, 'Foreno/on', a VIN and an invoice number split, a phone
 * number over two lines, squeezed radios and icons, a calendar without side room, blocks touching,
 * and a 46 px wide link. On every screen of that review, filled with a new owner's own data (a
 * tractor that worked and raised alerts, a year pack paid at the local gateway, a reminder on chosen
 * days, a washing booked): see support/layout-checks for what is measured.
 */

/** Something each screen shows once its data is in, so the checks read the filled screen. */
const SCREENS: [string, string][] = [
  ['/tabs/home', '#tractor-name'],
  ['/tabs/tractor', '.usage-values'],
  ['/diesel-usage', '[data-testid="diesel-litres"]'],
  ['/engine-usage', '[data-testid="engine-hours"]'],
  ['/alert', 'a[data-alert-type]'],
  ['/alert-configuration', '.alert-type-card'],
  ['/alert-receivers', 'main .btn'],
  ['/geofence-list', 'main .btn-primary'],
  ['/tractor-list', '.tractor-entry'],
  ['/subscription-history', '.history-entry'],
  ['/my-reminder', '.reminder'],
  ['/add-reminder', 'input[type="time"]'],
  ['/askme', '.askme-form'],
  ['/book-services', 'input[name="booking-day"]'],
  ['/servicerequest-history', '.request'],
  ['/service-information', '#free-services'],
  ['/settings', '.push-card'],
  ['/create-new-profile', '.picture-picker'],
];

describe('words break only between words at 360 px', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let tractor: SeededTractor;
  let orderId = '';
  let alertId = '';

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    const mobile = uniqueMobile();
    await registerThroughScreens(page, mobile, '7531', 'Murugan Selvam');
    const token = await sessionToken(page);
    tractor = await provisionTractor(baseURL(), mobile, 'Murugan Selvam');
    await claimTractor(baseURL(), token, tractor);
    // A few minutes of work that trips alerts: usage figures, engine hours, a position.
    await ingest(baseURL(), alertScenario(tractor.imei, Date.now() - 15 * 60_000));
    // And a run today, so the usage tab has today's figures at any hour (the scenario may be yesterday's).
    await ingest(baseURL(), await runToday(tractor.imei));
    alertId = (await waitForAlerts(baseURL(), token, tractor.vin, 1))[0]?.alertId ?? '';
    // A washing booked for the first free slot (its Hindi name, धुलाई, is a short link).
    const options = await call<BookingOptions>(baseURL(), `service-bookings/options?vin=${tractor.vin}`, { token });
    const day = options.days.find((d) => d.slots.some((s) => s.left > 0));
    const slot = day?.slots.find((s) => s.left > 0);
    if (!day || !slot) throw new Error('the dealer offers a free slot');
    await call(baseURL(), 'service-bookings', {
      token,
      body: {
        requestId: randomUUID(),
        vin: tractor.vin,
        type: 'washing',
        address: options.address,
        position: options.position ?? { lat: FIELD.lat, lng: FIELD.lon },
        date: day.date,
        slot: slot.time,
      },
    });
    // A year pack paid at the local gateway: a history entry, its invoice, the success screen.
    ({ orderId } = await call<{ orderId: string }>(baseURL(), 'subscription/orders', { token, body: { vins: [tractor.vin], pack: 'year' } }));
    await page.goto(`/api/v1/subscription/orders/${orderId}/checkout`);
    await page.getByRole('button', { name: /success/ }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/payment-success'), { timeout: 15_000 });
    await page.locator('.payment-ok').waitFor();
    // A reminder on chosen days.
    await open(page, '/add-reminder');
    await page.getByLabel('Title').fill('Grease the front axle');
    await page.getByLabel('Time').fill('07:30');
    await page.getByRole('radio', { name: 'On chosen days' }).check();
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectRoute(page, '/my-reminder');
    await page.locator('.reminder').waitFor();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  /** Everything support/layout-checks measures, on the screen as it is now. */
  async function measure(where: string, problems: string[], options: { touching?: boolean } = {}) {
    for (const p of await brokenWords(page)) problems.push(`${where}: ${p}`);
    for (const p of await overflowingBoxes(page)) problems.push(`${where}: ${p}`);
    for (const p of await smallControls(page)) problems.push(`${where}: ${p}`);
    for (const p of await squeezedBoxes(page)) problems.push(`${where}: ${p}`);
    if (options.touching !== false) for (const p of await touchingBlocks(page)) problems.push(`${where}: ${p}`);
    // The screen's title in the top bar, even in two lines, keeps 4 px or more from the bar's edges.
    const title = await page.evaluate(() => {
      const bar = document.querySelector('.top-bar')?.getBoundingClientRect();
      const h1 = document.querySelector('.top-bar h1');
      const box = h1?.getBoundingClientRect();
      if (!bar || !box) return null;
      return { text: h1?.textContent ?? '', above: box.top - bar.top, below: bar.bottom - box.bottom };
    });
    if (title && (title.above < 3.5 || title.below < 3.5))
      problems.push(`${where}: title "${title.text}" ${Math.round(title.above)} / ${Math.round(title.below)} px from the top bar's edges`);
  }

  it.each(['en', 'ta', 'hi', 'pa'])(
    '%s: no word cut inside, identifiers whole, boxes unsqueezed, targets ≥ 48 px, blocks apart',
    { timeout: 120_000 },
    async (code) => {
      const language = LANGUAGES.find((l) => l.code === code);
      if (!language) throw new Error(`${code} is one of the languages`);
      await switchLanguage(page, language.nativeName, code);
      const problems: string[] = [];
      const screens: [string, string][] = [
        ...SCREENS,
        [`/alert-detail/${alertId}`, '[data-testid="alert-position"]'],
        [`/invoice/${orderId}`, '.invoice'],
        [`/payment-success?orderId=${orderId}`, '.payment-ok'],
      ];
      for (const [screen, ready] of screens) {
        await open(page, screen);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await measure(screen, problems);
      }

      // What opens inside a screen: tomorrow's weather ('Min 14 °C · Max 28 °C'), the reminder's days,
      // the booking's times, the side menu, the calendar.
      await open(page, '/tabs/home');
      await page.locator('.weather-day').nth(1).click();
      await page.locator('.weather-day').nth(1).and(page.locator('[aria-pressed="true"]')).waitFor();
      await page.locator('.weather-temp').waitFor();
      for (const p of await brokenWords(page)) problems.push(`tomorrow's weather: ${p}`);
      // Its minimum and maximum in two lines at most, parted at the dot (Tamil took four, a label apart from its
      // figure; Punjabi's 'ਘੱਟੋ-ਘੱਟ 16 °C · ਵੱਧ ਤੋਂ ਵੱਧ 31 °C', the longest words, measured two).
      const temp = await page.locator('.weather-temp').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { lines: tops.size, text: el.textContent ?? '' };
      });
      if (temp.lines > 2) problems.push(`tomorrow's weather: "${temp.text}" takes ${temp.lines} lines`);

      await open(page, '/add-reminder');
      await page.locator('input[name="when"]').nth(2).check();
      await page.locator('.day-picker input').first().waitFor();
      await measure('reminder days', problems);

      await open(page, '/book-services');
      await page.locator('input[name="booking-day"]:enabled').first().check();
      await page.locator('input[name="booking-slot"]').first().waitFor();
      await measure('booking times', problems);
      problems.push(
        ...(await page.evaluate(() => {
          // The day chips: an even grid, two or more to a row.
          const chips = [...document.querySelectorAll('input[name="booking-day"]')].map((i) => i.closest('label')?.getBoundingClientRect());
          const widths = chips.map((c) => c?.width ?? 0);
          const found: string[] = [];
          if (Math.max(...widths) - Math.min(...widths) > 1)
            found.push(`booking days: chips ${Math.round(Math.min(...widths))} to ${Math.round(Math.max(...widths))} px wide`);
          if (chips[0]?.top !== chips[1]?.top) found.push('booking days: one chip to a row');
          return found;
        })),
      );

      await open(page, '/tabs/home');
      await page.locator('#tractor-name').waitFor();
      await page.locator('.top-bar button').first().click();
      await page.locator('dialog.drawer[open] .menu-profile').waitFor();
      await measure('side menu', problems, { touching: false });
      await page.keyboard.press('Escape');
      await page.locator('dialog.drawer[open]').waitFor({ state: 'detached' });

      // The question before logging out (Stay logged in / Log out), left with Escape.
      await open(page, '/settings');
      await page.locator('main .btn-danger').click();
      await page.locator('dialog[open] .button-row .btn').first().waitFor();
      await measure('log out question', problems, { touching: false });
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });

      await open(page, '/tabs/tractor');
      await page.locator('.usage-values').waitFor();
      await page.locator('.period .segmented button').nth(1).click();
      const calendar = page.locator('dialog.calendar-dialog[open]');
      await calendar.locator('.rdp-weekday').first().waitFor();
      await measure('calendar', problems, { touching: false });
      problems.push(
        ...(await calendar.evaluate((dialog) => {
          const found: string[] = [];
          const box = dialog.getBoundingClientRect();
          // The month, the hint and Cancel / OK keep 8 px or more from the dialog's sides.
          for (const el of dialog.querySelectorAll('.rdp-caption_label, .calendar-hint, .button-row .btn')) {
            const r = el.getBoundingClientRect();
            if (r.left - box.left < 8 || box.right - r.right < 8)
              found.push(`calendar: "${el.textContent}" ${Math.round(r.left - box.left)} / ${Math.round(box.right - r.right)} px from the sides`);
          }
          // Each weekday's name within its column.
          for (const th of dialog.querySelectorAll('.rdp-weekday')) {
            const range = document.createRange();
            range.selectNodeContents(th);
            const text = range.getBoundingClientRect();
            const cell = th.getBoundingClientRect();
            if (text.left < cell.left - 0.5 || text.right > cell.right + 0.5)
              found.push(`calendar: "${th.textContent}" is ${Math.round(text.width)} px in a ${Math.round(cell.width)} px column`);
          }
          return found;
        })),
      );
      await page.keyboard.press('Escape');

      expect(problems).toEqual([]);
    },
  );
});
