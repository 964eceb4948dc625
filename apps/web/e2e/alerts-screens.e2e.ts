import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertConfigResponse, AlertItem } from '@tractorlink/domain/alerts-api';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { formatIstDateTime, istDate } from '@tractorlink/domain/time';
import { FIELD } from './support/alerts-seed';
import type { AlertOwner } from './support/alerts-browser';
import { badgeText, listedTypes, openAlertsTab, ownerWithAlerts, showAlertFilters } from './support/alerts-browser';
import { baseURL, expectRoute, newPhone, open, useBrowser } from './support/browser';
import { api, calendarDay, istDay, violations } from './tractor-helpers';

/**
 * Issue 5 acceptance, the screens, in Chromium: filters narrow the list, the alert detail (value
 * against limit, time, place, read aloud), receivers and alert configuration with refusals, axe on
 * each screen, and the list kept for offline use. A new owner with four alerts raised by the
 * server's rules; one sign-in for the file (OTP limits), so the tests run in order.
 */

interface Spoken {
  text: string;
  lang: string;
}

/** Headless Chromium has no voices: a stand-in speech engine with an Indian English voice records what it is asked to say. */
function fakeSpeech() {
  const spoken: Spoken[] = [];
  const voices = [
    { lang: 'en-IN', name: 'Test English (India)', localService: true, default: true, voiceURI: 'test-en' },
    { lang: 'hi-IN', name: 'Test Hindi', localService: true, default: false, voiceURI: 'test-hi' },
  ];
  class Utterance {
    lang = '';
    voice: unknown = null;
    rate = 1;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      getVoices: () => voices,
      speak: (u: Utterance) => {
        spoken.push({ text: u.text, lang: u.lang });
        setTimeout(() => u.onend?.(), 200);
      },
      cancel: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  (window as unknown as { spoken: Spoken[] }).spoken = spoken;
}

describe('alerts: list, filters, detail, receivers and configuration', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let owner: AlertOwner;
  const typeOf = (type: string) => owner.alerts.find((a) => a.alertTypeId === type) as AlertItem;

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser()));
    await context.addInitScript(fakeSpeech);
    owner = await ownerWithAlerts(page, 'Mahadev Shinde', Date.now() - 8 * 60_000);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('critical and others, severity, today, dates and unread only narrow the list; empty lists say why', async () => {
    await openAlertsTab(page);
    await expect.poll(() => listedTypes(page), { timeout: 15_000 }).toEqual(['A0003']);
    const row = page.locator('a[data-alert-type="A0003"]');
    const a0003 = typeOf('A0003');
    // Name, tractor, value against limit, time in the spec's format, unread.
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toBe(
      `High engine temperature${owner.tractor.name} · ${owner.tractor.regNo}110 °C, above 105 °C${formatIstDateTime(a0003.timeStamp)}HighUnread`,
    );

    await page.getByRole('button', { name: 'Others' }).click();
    await expect.poll(async () => (await listedTypes(page)).sort()).toEqual(['A0005', 'A0007', 'A0013']);
    await showAlertFilters(page);
    const severity = page.getByRole('combobox', { name: 'Severity' });
    for (const [label, want] of [
      ['High', ['A0005']],
      ['Medium', ['A0007']],
      ['Low', ['A0013']],
    ] as const) {
      await severity.selectOption({ label });
      await expect.poll(() => listedTypes(page)).toEqual(want);
    }
    await severity.selectOption({ label: 'All' });
    await expect.poll(async () => (await listedTypes(page)).length).toBe(3);

    // Today: the alerts of today in India (all of them, unless the test runs just after midnight).
    await showAlertFilters(page);
    await page.getByRole('button', { name: 'Today' }).click();
    const today = owner.alerts.filter((a) => a.alertTypeId !== 'A0003' && istDate(a.timeStamp * 1000) === istDay()).map((a) => a.alertTypeId);
    await expect.poll(async () => (await listedTypes(page)).sort()).toEqual(today.sort());

    // Dates chosen on the calendar: ten to five days ago holds nothing.
    await showAlertFilters(page);
    await page.getByRole('button', { name: 'Choose dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a date range' });
    await dialog.waitFor();
    for (const iso of [istDay(-10), istDay(-5)]) await (await calendarDay(dialog, iso)).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('No alerts for this filter').waitFor();
    expect(await listedTypes(page)).toEqual([]);
    await showAlertFilters(page);
    await page.getByRole('button', { name: '2 months' }).click();
    await expect.poll(async () => (await listedTypes(page)).length).toBe(3);

    // Unread only, after one of them was read.
    await page.locator('a[data-alert-type="A0007"]').click();
    await expectRoute(page, `/alert-detail/${typeOf('A0007').alertId}`);
    await expect.poll(() => page.getByTestId('alert-status').textContent()).toBe('Read');
    await page.getByRole('link', { name: 'Back' }).click();
    await showAlertFilters(page);
    await page.getByRole('checkbox', { name: 'Unread only' }).check();
    await expect.poll(async () => (await listedTypes(page)).sort()).toEqual(['A0005', 'A0013']);
    // Spec §8 'no unread alerts': the critical one read too.
    await page.getByRole('button', { name: 'Critical' }).click();
    await expect.poll(() => listedTypes(page)).toEqual(['A0003']);
    await row.click();
    await page.getByTestId('alert-status').filter({ hasText: 'Read' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByText('No unread alerts').waitFor();
    await showAlertFilters(page);
    await page.getByRole('checkbox', { name: 'Unread only' }).uncheck();
    await expect.poll(() => listedTypes(page)).toEqual(['A0003']);
  });

  it('the alerts tab has no axe violations', async () => {
    await openAlertsTab(page);
    await page.locator('a[data-alert-type="A0003"]').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('alert detail: value against limit, time, tractor, where on the map, directions, and read aloud', async () => {
    const a = typeOf('A0003');
    await open(page, `/alert-detail/${a.alertId}`);
    await page.getByRole('heading', { level: 1, name: 'High engine temperature' }).waitFor();
    expect(await page.getByTestId('alert-description').textContent()).toBe(
      'The engine temperature reached 110 °C, above your limit of 105 °C. Stop the engine and let it cool down.',
    );
    expect(await page.getByTestId('alert-reading').textContent()).toBe('110 °C, above 105 °C');
    expect(await page.getByTestId('alert-time').textContent()).toBe(formatIstDateTime(a.timeStamp));
    // Where: the place's name first (a farmer knows the village, not the coordinates), then the numbers.
    expect(await page.getByTestId('alert-place').textContent()).toMatch(/^\S.*, Maharashtra$/);
    expect(await page.getByTestId('alert-position').textContent()).toBe(`${FIELD.lat.toFixed(5)}, ${FIELD.lon.toFixed(5)}`);
    await page.getByRole('region', { name: 'Map' }).locator('.marker-tractor').waitFor();
    expect(await page.getByRole('link', { name: 'Navigate to tractor' }).getAttribute('href')).toContain(
      `destination=${FIELD.lat.toFixed(6)},${FIELD.lon.toFixed(6)}`,
    );
    expect(await page.getByRole('link', { name: 'Locate me' }).getAttribute('href')).toBe('#/locate-me');

    await page.getByRole('button', { name: 'Listen' }).click();
    const spoken = await page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken);
    // In pieces short enough for Chrome's speech (issue 14), each with the language set.
    expect(spoken.length).toBeGreaterThanOrEqual(1);
    for (const s of spoken) expect(s.lang).toBe('en-IN');
    expect(spoken.map((s) => s.text).join(' ')).toContain('High engine temperature. The engine temperature reached 110 °C');
    expect(await violations(page)).toEqual([]);
  });

  it('receivers: a bad number and name are refused on the phone, then add, change, a duplicate refused, delete', async () => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/receivers') && r.method() === 'POST') posts.push(r.postData() ?? '');
    });
    await open(page, '/alert-configuration');
    await page.getByRole('link', { name: 'Alert receivers' }).click();
    await expectRoute(page, '/alert-receivers');
    await page.getByText('No alert receivers yet.').waitFor();
    await page.getByRole('button', { name: 'Add receiver' }).click();
    const form = page.getByRole('form', { name: 'New receiver' });
    const name = form.getByRole('textbox', { name: 'Name' });
    const phone = form.getByRole('textbox', { name: 'Mobile number' });
    await name.fill('Mahesh 2');
    await phone.fill('98220ab345');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText("Use letters only (English or your language's script), with single spaces between words.").waitFor();
    await form.getByText('Enter a 10-digit mobile number, digits only.').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect(await violations(page)).toEqual([]);

    await name.fill('Mahesh Jadhav');
    await phone.fill('9822012345');
    // His SMS in Marathi, though the owner reads English.
    const smsLanguage = form.getByRole('combobox', { name: 'Language of their SMS' });
    expect(await smsLanguage.inputValue()).toBe('en');
    await smsLanguage.selectOption('mr');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Mahesh Jadhav will get your alerts.').waitFor();
    expect((await api<{ data: Receiver[] }>(baseURL(), await owner.token(), 'receivers')).data).toMatchObject([{ name: 'Mahesh Jadhav', language: 'mr' }]);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Mahesh Jadhav' }) });
    expect((await card.textContent())?.replace(/\s+/g, ' ')).toContain('+91 98220 12345SMS');

    await page.getByRole('button', { name: 'Edit Mahesh Jadhav' }).click();
    const edit = page.getByRole('form', { name: 'Change Mahesh Jadhav' });
    await edit.getByRole('radio', { name: 'Notification in TractorLink' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes for Mahesh Jadhav saved.').waitFor();
    await card.getByText('Notification in TractorLink').waitFor();

    // The same number on the same channel again: the server's refusal, in words.
    await page.getByRole('button', { name: 'Add receiver' }).click();
    await form.getByRole('textbox', { name: 'Name' }).fill('Mahesh Second');
    await form.getByRole('textbox', { name: 'Mobile number' }).fill('9822012345');
    await form.getByRole('radio', { name: 'Notification in TractorLink' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'This number already receives alerts this way.' }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(posts).toHaveLength(2);

    await page.getByRole('button', { name: 'Delete Mahesh Jadhav' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete receiver' });
    await dialog.getByText('Mahesh Jadhav will no longer get your alerts.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Mahesh Jadhav removed.').waitFor();
    await page.getByText('No alert receivers yet.').waitFor();
    expect((await api<{ data: Receiver[] }>(baseURL(), await owner.token(), 'receivers')).data).toEqual([]);
  });

  it('alert configuration: a limit within bounds is saved, one outside is refused before sending; a type turned off', async () => {
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/vehicles/alertconfig') && r.method() === 'PUT') puts.push(r.postData() ?? '');
    });
    const config = async () => (await api<AlertConfigResponse>(baseURL(), await owner.token(), `vehicles/alertconfig/${owner.tractor.vin}`)).data;
    await open(page, '/alert-configuration');
    const card = page.getByRole('region', { name: 'High engine temperature' });
    const limit = card.getByRole('spinbutton', { name: 'Limit (°C)' });
    await limit.waitFor();
    expect(await limit.inputValue()).toBe('105');
    expect(await card.getByText('From 95 to 120 °C').count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    await limit.fill('100');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Saved.').waitFor();
    expect((await config()).find((c) => c.alertTypeId === 'A0003')).toMatchObject({ thresholdValue: 100, alertConfigBy: 'user', enabled: true });

    await limit.fill('130');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('This limit is outside the safe range shown.').waitFor();
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    const time = card.getByRole('spinbutton', { name: 'Time (seconds)' });
    await time.fill('5');
    await limit.fill('110');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('This time is outside the range shown.').waitFor();
    expect(puts).toHaveLength(1);
    expect((await config()).find((c) => c.alertTypeId === 'A0003')?.thresholdValue).toBe(100);

    // Minutes where the catalogue counts whole minutes (excessive idling: 5 to 120 min).
    const idling = page.getByRole('region', { name: 'Excessive idling' });
    expect(await idling.getByRole('spinbutton', { name: 'Time (min)' }).inputValue()).toBe('20');
    const toggle = idling.getByRole('switch', { name: 'Excessive idling' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await idling.getByText('Saved.').waitFor();
    expect((await config()).find((c) => c.alertTypeId === 'A0009')?.enabled).toBe(false);
    expect(await toggle.isChecked()).toBe(false);

    // Back to the usual settings (PUT vehicles/alertconfigs, every type), after a confirmation.
    await page.getByRole('button', { name: 'Restore the usual settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore the usual settings' });
    await dialog.getByText(`Every alert of ${owner.tractor.name} will be on again`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('The usual settings are back.').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'High engine temperature' }).getByRole('spinbutton', { name: 'Limit (°C)' }).inputValue())
      .toBe('105');
    expect(await page.getByRole('switch', { name: 'Excessive idling' }).isChecked()).toBe(true);
    const after = await config();
    expect(after.find((c) => c.alertTypeId === 'A0003')).toMatchObject({ thresholdValue: 105, enabled: true });
    expect(after.every((c) => c.enabled)).toBe(true);
  });

  it('offline, the alert list and the badge last shown are still there (kept encrypted)', async () => {
    await openAlertsTab(page);
    await page.locator('a[data-alert-type="A0003"]').waitFor();
    // The side menu has the entry too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    expect(await menu.getByRole('link', { name: 'Alert configuration' }).getAttribute('href')).toBe('#/alert-configuration');
    await page.getByRole('button', { name: 'Close menu' }).click();
    const badge = await badgeText(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('button', { name: 'User offline' }).waitFor();
      await page.locator('a[data-alert-type="A0003"]').waitFor();
      expect(await badgeText(page)).toBe(badge);
    } finally {
      await context.setOffline(false);
    }
  });
});
