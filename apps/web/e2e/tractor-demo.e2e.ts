import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { subscriptionState } from '@tractorlink/domain/subscription';
import { formatIstDateTime } from '@tractorlink/domain/time';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { baseURL, expectRoute, newPhone, open, useBrowser } from './support/browser';
import { api, calendarDay, dayName, istDay, logInBinding, sessionToken, violations } from './tractor-helpers';

/**
 * Issue 4 acceptance with the demo fleet (three simulated tractors streaming over the device
 * protocol). One sign-in for the whole file (OTP limits), so the tests run in order on one page.
 */
const n1 = (v: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 }).format(v);
/** The hour meter as every screen writes it: to a tenth, as the dashboard meter reads. */
const hourMeter = (v: number) => n1(v);

/** What the home tab must show for a homepage answer. */
function expectedHome(b: TractorHomepageResponse) {
  return {
    name: `${b.Veh_Name} ${b.regNo}`,
    engineHours: `${hourMeter(b.engineHours)} h`,
    diesel: b.dieselLitres === null ? 'No reading yet' : `${n1(b.dieselLitres)} L of ${n1(b.tankCapacity)} L`,
    lastUpdated: b.lastUpdated === null ? 'never' : formatIstDateTime(b.lastUpdated),
    address: b.address ?? '',
  };
}

async function shownHome(page: Page) {
  // A figure with an abbreviated unit has a spoken twin for screen readers (components/tractor/said.tsx): the shown one is compared.
  const text = async (l: Locator) =>
    (await l.count()) ? (await l.first().evaluate((e) => (e.querySelector('[aria-hidden="true"]') ?? e).textContent ?? '')).trim() : '';
  return {
    name: (await text(page.locator('#tractor-name'))).replace(/\s+/g, ' '),
    engineHours: await text(page.getByTestId('engine-hours')),
    diesel: await text(page.locator('.diesel-gauge .big-figure')),
    lastUpdated: await text(page.getByTestId('last-updated')),
    address: await text(page.getByTestId('address')),
  };
}

describe('tractor screens with the demo fleet', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  /** The last homepage answer with a body the app received, per VIN: what the home tab must show. */
  const received = new Map<string, TractorHomepageResponse>();

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser()));
    await page.route('**/api/v1/tractorhomepage/**', async (route) => {
      try {
        const response = await route.fetch();
        if (response.status() === 200) {
          const body = (await response.json()) as TractorHomepageResponse;
          received.set(body.vin, body);
        }
        await route.fulfill({ response });
      } catch {
        await route.abort().catch(() => undefined);
      }
    });
    await logInBinding(page, inject('demoMobile'), inject('demoPin'));
    token = await sessionToken(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the three tractors, and the home values are the API answer', async () => {
    const home = await api<{ tractors: { vin: string; Veh_Name: string; regNo: string }[] }>(baseURL(), token, 'home');
    expect(home.tractors).toHaveLength(3);
    const select = page.getByRole('combobox', { name: 'Tractor' });
    await select.waitFor();
    expect((await select.locator('option').allInnerTexts()).map((s) => s.trim())).toEqual(home.tractors.map((t) => `${t.Veh_Name} · ${t.regNo}`));

    const vin = await select.inputValue();
    await expect.poll(() => received.has(vin), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => [await shownHome(page), expectedHome(received.get(vin) as TractorHomepageResponse)], { timeout: 15_000 })
      .toSatisfy(([shown, want]) => JSON.stringify(shown) === JSON.stringify(want));
    // And the API asked directly agrees on what does not move.
    const direct = await api<TractorHomepageResponse>(baseURL(), token, `tractorhomepage/${vin}`);
    expect((await shownHome(page)).name).toBe(expectedHome(direct).name);
    expect((await shownHome(page)).address).toBe(expectedHome(direct).address);
    // The tractor picture follows spec §4 (moving, running, idle animate).
    const picture = await page.locator('.tractor-picture').getAttribute('data-picture');
    expect(picture).toBe(
      ['moving', 'running', 'idle'].includes(direct.vehicleStatus === 'na' ? (direct.lastStatus ?? '') : direct.vehicleStatus) ? 'animated' : 'static',
    );
  });

  it('switching tractors changes the values', async () => {
    const select = page.getByRole('combobox', { name: 'Tractor' });
    const first = await select.inputValue();
    const options = await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const other = options.find((v) => v !== first) as string;
    await select.selectOption(other);
    await expect.poll(() => received.has(other), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => JSON.stringify(await shownHome(page)), { timeout: 15_000 })
      .toBe(JSON.stringify(expectedHome(received.get(other) as TractorHomepageResponse)));
    expect((await shownHome(page)).name).not.toBe(expectedHome(received.get(first) as TractorHomepageResponse).name);
    // The choice is kept across screens.
    await open(page, '/tabs/tractor');
    await expect.poll(() => page.getByRole('combobox', { name: 'Tractor' }).inputValue()).toBe(other);
  });

  it('home has no axe violations', async () => {
    await open(page, '/tabs/home');
    await page.getByTestId('engine-hours').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('calendar, range mode: hints, OK only when complete, no backwards range, a new start clears the end, 90-day window', async () => {
    await open(page, '/tabs/tractor');
    await page.getByRole('button', { name: 'Date range' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a date range' });
    await dialog.waitFor();
    const hint = dialog.getByTestId('calendar-hint');
    const ok = dialog.getByRole('button', { name: 'OK' });
    const day = (iso: string) => calendarDay(dialog, iso);
    expect(await hint.innerText()).toBe('Please select a date range');
    expect(await ok.isDisabled()).toBe(true);

    await (await day(istDay(-3))).click();
    expect(await hint.innerText()).toBe('Please select an end date');
    expect(await ok.isDisabled()).toBe(true);
    // Backwards: an earlier day becomes the new start, never an end.
    await (await day(istDay(-5))).click();
    expect(await hint.innerText()).toBe('Please select an end date');
    expect(await ok.isDisabled()).toBe(true);
    await (await day(istDay(-2))).click();
    expect(await ok.isDisabled()).toBe(false);
    expect(await hint.innerText()).toMatch(/^Chosen: .+ to .+$/);
    // A new start clears the end and disables OK.
    await (await day(istDay(-4))).click();
    expect(await hint.innerText()).toBe('Please select an end date');
    expect(await ok.isDisabled()).toBe(true);
    await (await day(istDay(-1))).click();
    expect(await ok.isDisabled()).toBe(false);
    expect(await violations(page)).toEqual([]);

    // Today can be chosen; the window's first day (90 back) too, and nothing before it.
    expect(await (await day(istDay(0))).isDisabled()).toBe(false);
    const previous = dialog.getByRole('button', { name: 'Previous month' });
    for (let i = 0; i < 4 && !(await previous.isDisabled()); i++) await previous.click();
    expect(await dialog.getByRole('button', { name: dayName(istDay(-90)) }).isDisabled()).toBe(false);
    const tooOld = dialog.getByRole('button', { name: dayName(istDay(-91)) });
    if (istDay(-91).slice(0, 7) === istDay(-90).slice(0, 7)) expect(await tooOld.isDisabled()).toBe(true);
    else expect(await tooOld.count()).toBe(0);

    await ok.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('period').innerText()).toMatch(/ to /);
    await expect.poll(() => page.locator('.usage-values, .notice').first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Date range' }).getAttribute('aria-pressed')).toBe('true');

    // Reopened: the saved range is preselected and complete; Cancel keeps it.
    await page.getByRole('button', { name: 'Date range' }).click();
    await dialog.waitFor();
    expect(await ok.isDisabled()).toBe(false);
    expect(await dialog.getByRole('button', { name: /selected/ }).count()).toBeGreaterThanOrEqual(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Date range' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('calendar, day mode: OK after a pick or with a saved day; saving a day removes the saved range; Escape cancels', async () => {
    const dayButton = page.getByRole('button', { name: 'Day', exact: true });
    await dayButton.click();
    const dialog = page.getByRole('dialog', { name: 'Choose a day' });
    await dialog.waitFor();
    const ok = dialog.getByRole('button', { name: 'OK' });
    expect(await dialog.getByTestId('calendar-hint').innerText()).toBe('Please select a date');
    expect(await ok.isDisabled()).toBe(true);
    await (await calendarDay(dialog, istDay(0))).click();
    expect(await ok.isDisabled()).toBe(false);
    await ok.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await dayButton.getAttribute('aria-pressed')).toBe('true');

    // The saved day is preselected: OK is enabled at once. Escape closes like Cancel.
    await dayButton.click();
    await dialog.waitFor();
    expect(await ok.isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Saving the day removed the saved range.
    await page.getByRole('button', { name: 'Date range' }).click();
    const range = page.getByRole('dialog', { name: 'Choose a date range' });
    await range.waitFor();
    expect(await range.getByTestId('calendar-hint').innerText()).toBe('Please select a date range');
    expect(await range.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await range.getByRole('button', { name: 'Cancel' }).click();
    await range.waitFor({ state: 'detached' });
  });

  it('usage tab: the three summaries or "no tractor usage data", without axe violations', async () => {
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a month' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.usage-values').waitFor();
    for (const part of ['All day', 'Forenoon', 'Afternoon']) {
      await page.getByRole('button', { name: part }).click();
      await page.getByRole('heading', { name: part }).waitFor();
      expect(await page.locator('.usage-values dt').allInnerTexts()).toEqual([
        'Field work',
        'On-road kilometres',
        'Engine hours',
        'PTO hours',
        'Average engine RPM',
        'Diesel consumed',
        'Diesel remaining',
      ]);
    }
    expect(await violations(page)).toEqual([]);
  });

  it('diesel usage and engine usage: charts with their figures in text, without axe violations', async () => {
    await open(page, '/diesel-usage');
    await page.getByTestId('diesel-litres').waitFor();
    await page.locator('.chart canvas').first().waitFor();
    await page.getByRole('heading', { name: 'Diesel level over the period' }).waitFor();
    expect(await page.getByText('The diesel level shown is approximate', { exact: false }).count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);

    await open(page, '/engine-usage');
    await page.locator('.chart canvas').first().waitFor();
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Engine hours and average RPM per day' }) });
    // One row per day with readings (the e2e fleet has a week of history), each with hours and RPM.
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    expect(await table.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual([
      expect.stringMatching(/^\d{1,2} \w{3}$/),
      // The hidden table is for screen readers: units in words, a day's hours as hours and minutes.
      expect.stringMatching(/ (hours?|minutes?)$/),
      expect.stringMatching(/ RPM$/),
    ]);
    expect(await violations(page)).toEqual([]);
  });

  it('service: the overdue figure is whole hours; a service recorded clears it and is listed; a day ahead or hours not yet run are refused', async () => {
    await open(page, '/engine-usage');
    const status = page.getByTestId('service-status');
    await status.waitFor();
    expect(await status.innerText()).toMatch(/^(Next service in|Service due soon:|Service overdue by) [\d,]+ h/);
    await page.getByRole('button', { name: 'Record a service' }).click();
    const form = page.getByRole('form', { name: 'Record a service' });
    const hours = form.getByRole('spinbutton', { name: 'Engine hours at the service' });
    const now = Number(await hours.inputValue());
    expect(now).toBeGreaterThan(0);
    await hours.fill(String(now + 50));
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The engine has not run that many hours yet.').waitFor();
    await hours.fill(String(now));
    await form.getByRole('textbox', { name: 'Note (optional)' }).fill('Oil, filters, grease');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Service recorded.').waitFor();
    await expect.poll(() => status.innerText()).toMatch(/^Next service in [\d,]+ h$/);
    const history = page.getByRole('list', { name: 'Services done' });
    expect(await history.locator('li').first().innerText()).toContain(`at ${new Intl.NumberFormat('en-IN').format(now)} h · Oil, filters, grease`);
    expect(await violations(page)).toEqual([]);
  });

  it('locate me: tractor marker, the map toggle icon follows spec §2, navigate opens directions; no axe violations', async () => {
    await open(page, '/locate-me');
    await page.locator('.leaflet-marker-pane .marker-tractor').waitFor();
    const toSatellite = page.getByRole('button', { name: 'Satellite view' });
    // Road map active: the icon shows satellite.
    expect(await toSatellite.locator('svg').getAttribute('data-icon')).toBe('satellite');
    await toSatellite.click();
    const toRoad = page.getByRole('button', { name: 'Road map view' });
    await toRoad.waitFor();
    // Hybrid active: the icon shows road.
    expect(await toRoad.locator('svg').getAttribute('data-icon')).toBe('road');
    await toRoad.click();
    await toSatellite.waitFor();

    const position = await page.getByTestId('tractor-position').innerText();
    const href = await page.getByRole('link', { name: 'Navigate to tractor' }).getAttribute('href');
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    // The directions go to the position shown (5 decimals on screen, 6 in the link: compare numbers,
    // not text, or a position such as 20.189996 / "20.19000" would not match).
    const [shownLat, shownLon] = position.split(', ').map(Number);
    const [linkLat, linkLon] = (new URL(href ?? '').searchParams.get('destination') ?? '').split(',').map(Number);
    expect(Math.abs((linkLat as number) - (shownLat as number))).toBeLessThan(0.00001);
    expect(Math.abs((linkLon as number) - (shownLon as number))).toBeLessThan(0.00001);
    await page.locator('.station-list li').first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('locate me: the distance between the owner and the tractor once location is allowed', async () => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 20.1767, longitude: 73.9833 });
    await page.getByRole('button', { name: 'My location' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('distance')
          // The shown text (a spoken twin with the unit in words follows it for screen readers).
          .evaluate((e) => (e.querySelector('[aria-hidden="true"]')?.textContent ?? e.textContent ?? '').trim())
          .catch(() => ''),
      )
      .toMatch(/(m|km) between you and the tractor$/);
    await page.locator('.leaflet-marker-pane .marker-user').waitFor();
  });

  it('route replay draws a day’s track, worked passes apart from road travel, and plays it', async () => {
    await open(page, '/route-replay');
    const paths = page.locator('.leaflet-overlay-pane path.track-work, .leaflet-overlay-pane path.track-road');
    const worked = page.locator('.leaflet-overlay-pane path.track-work');
    // The simulated tractors rest some days: look back until a day with field work.
    for (let back = 1; back <= 4; back++) {
      await page.getByLabel('Day').fill(istDay(-back));
      await page.getByTestId('track-summary').or(page.getByText('The tractor did not move on this day.')).first().waitFor({ timeout: 20_000 });
      if ((await worked.count()) > 0) break;
    }
    expect(await worked.count()).toBeGreaterThan(0);
    const d = (await paths.first().getAttribute('d')) ?? '';
    expect(d.split(/[ML]/).filter(Boolean).length).toBeGreaterThanOrEqual(2);
    const slider = page.getByRole('slider', { name: 'Time' });
    const before = await slider.getAttribute('aria-valuetext');
    expect(before).toMatch(/^\d{1,2}:\d{2}:\d{2} (am|pm)$/);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => slider.getAttribute('aria-valuetext')).not.toBe(before);
    await page.getByRole('button', { name: 'Pause' }).click();
  });

  it('offline: the user-offline banner and the last known data, also after a reload', async () => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await open(page, '/tabs/home');
    const hours = page.getByTestId('engine-hours');
    await hours.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload();
      await hours.waitFor();
    }
    const known = await shownHome(page);

    await context.setOffline(true);
    // Back online whatever happens here: the tests after this one share the page.
    onTestFinished(() => context.setOffline(false));
    const banner = page.getByRole('button', { name: 'User offline' });
    await banner.waitFor();
    await banner.click();
    await expect
      .poll(() =>
        page
          .getByText(/No internet connection/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await shownHome(page)).toEqual(known);

    await page.reload();
    await page.getByRole('button', { name: 'User offline' }).waitFor();
    await hours.waitFor();
    expect(await shownHome(page)).toEqual(known);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'User offline' }).waitFor({ state: 'detached' });
    await expectRoute(page, '/tabs/home');
  });

  // Issue 13 acceptance, on this session (a fourth sign-in of the demo number would meet the OTP limits).
  // The demo's second tractor's pack ends in 3 days, the third's ended 5 days ago (sim/demo.ts).
  type Entry = { vin: string; Veh_Name: string; regNo: string; expiresOn: number };
  const tractorsNow = () => api<{ tractors: Entry[] }>(baseURL(), token, 'home').then((h) => h.tractors);

  it('renewal: an expired tractor shows the pack-expired prompt and the renewal dialog (buttons 44 % wide); Renew follows the spec timings', async () => {
    const [, , expired] = await tractorsNow();
    if (!expired) throw new Error('the demo has three tractors');
    token = await sessionToken(page);
    // A controlled clock from the page's start, so every timer of the app is the fake one.
    await page.clock.install();
    await open(page, '/tabs/home');
    await page.reload();
    const select = page.getByRole('combobox', { name: 'Tractor' });
    await select.selectOption(expired.vin);
    await page.getByRole('heading', { name: 'Pack expired, kindly renew' }).waitFor();
    expect(await page.getByTestId('engine-hours').count()).toBe(0);

    const dialog = page.getByRole('dialog', { name: 'Renew your pack' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`The pack of ${expired.Veh_Name} ended on`);
    const widths = await dialog
      .locator('.renewal-dialog-actions')
      .evaluate((row) => [...row.querySelectorAll('button')].map((b) => b.getBoundingClientRect().width / row.getBoundingClientRect().width));
    expect(widths).toHaveLength(2);
    for (const w of widths) expect(w).toBeCloseTo(0.44, 2);

    const schemeCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/subscription/Scheme/GetScheme')) schemeCalls.push(r.url());
    });
    await page.clock.pauseAt(Date.now() + 60_000);
    await dialog.getByRole('button', { name: 'Renew' }).click();
    await expectRoute(page, `/custom-vehicle?vin=${expired.vin}`);
    await page.getByRole('status').filter({ hasText: 'Getting your renewal options' }).waitFor();
    await page.clock.runFor(999);
    expect(schemeCalls).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => schemeCalls.length).toBe(1);
    expect(schemeCalls[0]).toContain(`VIN=${expired.vin}`);
    await page.clock.runFor(1998);
    expect(new URL(page.url()).hash).toBe(`#/custom-vehicle?vin=${expired.vin}`);
    await page.clock.runFor(2);
    await expectRoute(page, '/digisense-renewal');
    await page.clock.resume();
    await page.getByRole('checkbox', { name: new RegExp(expired.regNo) }).waitFor();
    expect(await page.getByRole('checkbox', { name: new RegExp(expired.regNo) }).isChecked()).toBe(true);
    expect(await violations(page)).toEqual([]);
  });

  it('renewal: pay at the local gateway → success with the reference id → history shows the new pack → the invoice PDF downloads', async () => {
    const [, , expired] = await tractorsNow();
    if (!expired) throw new Error('the demo has three tractors');
    await page.getByRole('radio', { name: /Year pack/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Payment summary' }).waitFor();
    const orderId = decodeURIComponent(new URL(page.url()).hash.split('/').at(-1) ?? '');
    // The demo owner is in Maharashtra, like the supplier: CGST + SGST on ₹1,999.
    const amounts = await page.locator('.amounts').innerText();
    for (const text of ['Basic charges', '₹1,999.00', 'CGST 9%', '₹179.91', 'SGST 9%', 'Total amount', '₹2,358.82']) expect(amounts).toContain(text);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Pay ₹2,358.82' }).click();
    await page.getByRole('heading', { name: 'Local test gateway' }).waitFor();
    await page.getByRole('button', { name: /success/ }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/payment-success'), { timeout: 15_000 });
    await page.getByRole('heading', { name: '₹2,358.82 received. Your pack is renewed.' }).waitFor();
    const order = await api<{ referenceId: string; status: string; invoiceNumber: string }>(
      baseURL(),
      await sessionToken(page),
      `subscription/orders/${orderId}`,
    );
    expect(order.status).toBe('paid');
    expect(await page.locator('.payment-result').innerText()).toContain(order.referenceId);
    token = await sessionToken(page);
    const after = (await tractorsNow()).find((t) => t.vin === expired.vin);
    expect((after?.expiresOn ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    // History, from the side menu.
    await open(page, '/tabs/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'View subscription history' }).click();
    await expectRoute(page, '/subscription-history');
    await page.getByRole('combobox', { name: 'Tractor' }).selectOption(expired.vin);
    const entry = page.locator('.history-entry').filter({ hasText: order.referenceId });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Year pack');
    expect(await violations(page)).toEqual([]);
    await entry.getByRole('link', { name: 'View invoice' }).click();
    await page.getByRole('heading', { name: 'Tax invoice' }).waitFor();
    expect(await page.locator('.invoice').innerText()).toContain(order.invoiceNumber);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download invoice (PDF)' }).click()]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toBe(`invoice-${order.invoiceNumber.replace(/\//g, '-')}.pdf`);
  });

  it('renewal: the failure button leads to the failure page and extends nothing; the dialog shows once a day', async () => {
    const [, expiring] = await tractorsNow();
    if (!expiring) throw new Error('the demo has three tractors');
    // Shown for this tractor earlier today (the switching test): not again.
    await open(page, '/tabs/home');
    await page.getByRole('combobox', { name: 'Tractor' }).selectOption(expiring.vin);
    await page.getByTestId('engine-hours').waitFor();
    expect(await page.getByRole('dialog', { name: 'Renew your pack' }).count()).toBe(0);

    await open(page, '/tractor-list');
    const card = page.locator('.tractor-entry').filter({ hasText: expiring.regNo });
    // 3 days from the demo's start (the suite's), or 2 once an Indian midnight has passed since then.
    const { daysLeft } = subscriptionState(expiring.expiresOn * 1000, null, Date.now());
    expect([2, 3]).toContain(daysLeft);
    expect(await card.innerText()).toMatch(new RegExp(`Ends in ${daysLeft} days`));
    await card.getByRole('link', { name: 'Renew' }).click();
    await expectRoute(page, '/digisense-renewal');
    await page.getByRole('radio', { name: /Month pack/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Payment summary' }).waitFor();
    await page.getByRole('link', { name: /^Pay ₹/ }).click();
    await page.getByRole('button', { name: 'Fail the payment' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/payment-failed'), { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Transaction failed' }).waitFor();
    expect(await violations(page)).toEqual([]);
    token = await sessionToken(page);
    expect((await tractorsNow()).find((t) => t.vin === expiring.vin)?.expiresOn).toBe(expiring.expiresOn);
  });
});
