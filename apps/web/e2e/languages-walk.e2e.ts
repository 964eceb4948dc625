import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@tractorlink/domain/languages';
import { alertScenario, call, ingest } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';

/**
 * A farmer's walk at 360 × 740 in Marathi, Punjabi, Gujarati and Telugu (the Tamil and Hindi walk is
 * narrow-screens and farmer-screens), then with no signal. On each screen: no English left where the
 * catalogue has a translation, no raw key, every control named, standalone controls finger-sized.
 * Punjabi dates came out as '2026 M11 27' and 'Sun' (Chromium's ICU has no Punjabi: lib/intl-fallback);
 * offline, a write that needs the server spun for ever (react-query paused it: lib/query-client).
 * A new owner, one sign-in for the file (OTP limits).
 */

/** Every catalogue the screens read, by language (the server's texts too: alert names come from them). */
const NAMESPACES = ['', 'tractor/', 'alerts/', 'geofences/', 'subscription/', 'reminders/', 'services/', 'askme/', 'hire/', 'server/'];
type Catalogue = Record<string, string>;
function catalogues(lang: string): Catalogue[] {
  return NAMESPACES.map((ns) => JSON.parse(readFileSync(join(import.meta.dirname, `../src/locales/${ns}${lang}.json`), 'utf8')) as Catalogue);
}

/** English texts that must not show in `lang` (translated differently; place names are data), and every key. */
function leftovers(lang: string): { english: string[]; keys: string[] } {
  const [en, other] = [catalogues('en'), catalogues(lang)];
  const english = new Set<string>();
  const keys = new Set<string>();
  en.forEach((cat, i) => {
    for (const [key, text] of Object.entries(cat)) {
      keys.add(key);
      if (!key.startsWith('place.') && other[i]?.[key] !== text && /[A-Za-z]{3,}/.test(text) && !text.includes('{{')) english.add(text.trim());
    }
  });
  return { english: [...english], keys: [...keys] };
}

/** What a farmer reading `lang` would be hurt by on the screen shown (see the file's comment). */
function screenProblems(page: Page, words: { english: string[]; keys: string[] }): Promise<string[]> {
  return page.evaluate(({ english, keys }) => {
    const englishSet = new Set(english);
    const keySet = new Set(keys);
    const problems: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      const text = (n.textContent ?? '').trim();
      if (text && parent && !['SCRIPT', 'STYLE'].includes(parent.tagName) && (shown(parent) || parent.closest('.visually-hidden'))) texts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    for (const text of texts) {
      if (englishSet.has(text)) problems.push(`English: "${text.slice(0, 60)}"`);
      if (keySet.has(text)) problems.push(`raw key: ${text}`);
    }
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"]',
    );
    for (const el of controls) {
      if (el.closest('.leaflet-control-attribution')) continue;
      const input = el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) ? el : null;
      // A checkbox or radio is hit through its label, which spans the row.
      const target = input ? ([...(input.labels ?? [])].find(shown) ?? input) : el;
      if (!shown(target)) continue;
      const labelledBy = el.getAttribute('aria-labelledby');
      const name = (
        el.getAttribute('aria-label') ||
        (labelledBy
          ? labelledBy
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
          : '') ||
        ('labels' in el && el.labels ? [...(el.labels as NodeListOf<HTMLLabelElement>)].map((l) => l.textContent).join(' ') : '') ||
        el.textContent ||
        el.getAttribute('title') ||
        el.querySelector('img')?.getAttribute('alt') ||
        ''
      ).trim();
      const what = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      if (!name) problems.push(`no accessible name: ${what}`);
      // A link inside a sentence is read with it; a control standing on its own is a finger's target.
      const inSentence = getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim();
      const box = target.getBoundingClientRect();
      if (!inSentence && (box.height < 47.5 || box.width < 47.5))
        problems.push(`small: ${what} "${name.slice(0, 30)}" ${Math.round(box.width)} × ${Math.round(box.height)}`);
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) problems.push(`page ${document.documentElement.scrollWidth} px wide`);
    return problems;
  }, words);
}

/** The screen has drawn: its main area has words and nothing is loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.querySelector('main')?.textContent ?? '').trim() !== '' &&
      ![...document.querySelectorAll('[aria-busy="true"], .loading-bar')].some((e) => e.getBoundingClientRect().width > 0),
    null,
    { timeout: 10_000 },
  );
}

/** Something a screen shows once its data is in, so the checks read the filled screen. */
const READY: Record<string, string> = {
  '/tabs/home': '#tractor-name',
  '/tabs/tractor': '.segmented',
  '/alert': 'a[data-alert-type]',
  '/tractor-list': '.tractor-entry',
  '/add-reminder': 'input[type="time"]',
  '/hire': '.hire-customer',
  '/hire-customer': '.hire-customer-head a[href^="tel:"]',
};

/** Opens a screen and waits until it replaced the one before (its title differs) and has drawn. */
async function visit(page: Page, screen: string): Promise<void> {
  const before = await page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
  await open(page, screen);
  await page.waitForFunction((title) => (document.querySelector('h1')?.textContent ?? '') !== title, before, { timeout: 10_000 });
  const ready = READY[`/${screen.split('/')[1]}`] ?? READY[screen];
  if (ready) await page.locator(ready).first().waitFor();
  await settled(page);
}

describe("a farmer's walk in Marathi, Punjabi, Gujarati and Telugu, then with no signal", () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let tractor: SeededTractor;
  let customerId = '';

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    customerId = randomUUID();
    ({ tractor } = await ownerWithTractor(page, { name: 'Harpreet Kaur', pin: '8642' }, async (made) => {
      await ingest(baseURL(), alertScenario(made.tractor.imei, Date.now() - 15 * 60_000));
      const body = { id: customerId, name: 'Gurdeep Singh', phone: '9812345670', village: 'Ludhiana' };
      await call(baseURL(), 'hire/customers', { token: made.token, body });
    }));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });

  afterAll(async () => {
    await context?.close();
  });

  const SCREENS = [
    '/tabs/home',
    '/tabs/tractor',
    '/alert',
    '/alert-configuration',
    '/alert-receivers',
    '/geofence-list',
    '/tractor-list',
    '/add-tractor',
    '/settings',
    '/my-reminder',
    '/add-reminder',
    '/hire',
  ];

  it.each(['mr', 'pa', 'gu', 'te'])('%s: no English left, no raw key, every control named and finger-sized', { timeout: 60_000 }, async (code) => {
    const language = LANGUAGES.find((l) => l.code === code);
    if (!language) throw new Error(`${code} is one of the languages`);
    await switchLanguage(page, language.nativeName, code);
    const words = leftovers(code);
    const problems: string[] = [];
    for (const screen of [...SCREENS, `/hire-customer/${customerId}`]) {
      await visit(page, screen);
      for (const p of await screenProblems(page, words)) problems.push(`${screen}: ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it('Punjabi dates, weekdays and months read in Punjabi, though Chromium has no Punjabi data of its own', async () => {
    await switchLanguage(page, 'ਪੰਜਾਬੀ', 'pa');
    const gurmukhi = /[\u0A00-\u0A7F]/;
    await open(page, '/tabs/home');
    const updated = (await page.getByTestId('last-updated').textContent()) ?? '';
    expect(updated).toMatch(gurmukhi);
    expect(updated).not.toMatch(/\bM\d\d\b/);
    await open(page, '/tabs/tractor');
    await page.locator('.segmented button').nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.rdp-weekday').first().waitFor();
    const weekdays = await dialog.locator('.rdp-weekday').allTextContents();
    expect(weekdays).toHaveLength(7);
    for (const day of weekdays) expect(day).toMatch(gurmukhi);
    expect(await dialog.locator('.rdp-caption_label').textContent()).toMatch(gurmukhi);
    await page.keyboard.press('Escape');
  });

  it('offline: screens show what was kept or say why, and a write that needs the server says so instead of spinning', async () => {
    await switchLanguage(page, 'తెలుగు', 'te');
    const te = Object.assign({}, ...catalogues('te')) as Catalogue;
    // Every screen opened once online (above): its code and data are kept.
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('button', { name: te['banner.userOffline'] }).waitFor();
      for (const screen of SCREENS) {
        await visit(page, screen);
        const text = (await page.locator('main').innerText()).trim();
        expect(text, screen).not.toMatch(/Failed to fetch|TypeError|NetworkError|undefined|\bNaN\b|\[object/);
      }
      // Adding a tractor needs the server: offline it says there is no internet, at once.
      await open(page, '/add-tractor');
      await page.getByRole('textbox', { name: te['field.vin'] }).fill(tractor.vin);
      await page.locator('main form button[type="submit"]').click();
      await page.getByText(te['error.NETWORK'] ?? 'missing').waitFor({ timeout: 10_000 });
      expect(await page.locator('main form button[type="submit"]').getAttribute('aria-busy')).not.toBe('true');
      // Log out of this device works with no signal too (the session ends on the phone).
      await open(page, '/settings');
      await page.getByRole('button', { name: te['settings.logout'] }).click();
      await page.getByRole('dialog').getByRole('button', { name: te['settings.logoutConfirm'], exact: true }).click();
      await expectRoute(page, '/login');
    } finally {
      await context.setOffline(false);
    }
  });
});
