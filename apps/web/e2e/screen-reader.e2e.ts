import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import tractorTa from '../src/locales/tractor/ta.json';
import { ownerWithAlerts } from './support/alerts-browser';
import { NARROW_PHONE, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { logOut } from './support/flows';

/**
 * What a listener (TalkBack, a screen reader) meets and axe cannot see: the page's language, its
 * title, where focus lands after each move, what is announced, and errors tied to their fields.
 */

/** The page's language, its title, and the focused element: tag, text and whether it is the screen's h1. */
function said(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      lang: document.documentElement.lang,
      title: document.title,
      focus: active ? `${active.tagName.toLowerCase()}: ${(active.textContent ?? '').trim()}` : '',
    };
  });
}

/** What is read after a focused field's label: the texts its aria-describedby points at. */
function focusedDescription(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const ids = el?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return { invalid: el?.getAttribute('aria-invalid'), description: ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') };
  });
}

const focusOf = async (page: Page) => (await said(page)).focus;

describe('the app heard through a screen reader', () => {
  const { browser } = useBrowser();

  it('in English: language, titles, focus after moves and dialogs, errors, figures and connection', async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });

    // Before any choice: English, and the screen named in the title.
    await open(page, '/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await said(page)).toMatchObject({ lang: 'en', title: 'Log in · TractorLink' });
    // A refused login: focus on the field at fault, which says why.
    await expect.poll(() => focusedDescription(page)).toEqual({ invalid: 'true', description: expect.stringContaining(en['error.MOBILE_INVALID']) });

    await ownerWithAlerts(page, 'Lakshmi Devi');
    expect((await said(page)).title).toBe('Home · TractorLink');

    // Engine hours: "h" for the eye, "hours" for the ear.
    const hours = page.getByTestId('engine-hours');
    expect(await hours.locator('[aria-hidden="true"]').innerText()).toMatch(/ h$/);
    expect(await hours.locator('.visually-hidden').innerText()).toMatch(/ hours?$/);

    // A tab: focus on the new screen's heading, the title names it.
    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await expectRoute(page, '/tabs/tractor');
    await expect.poll(() => said(page)).toMatchObject({ title: 'Tractor usage · TractorLink', focus: 'h1: Tractor usage' });

    // Into a screen and Back: the heading, then the link that led there.
    await open(page, '/settings');
    await page.getByRole('link', { name: 'About' }).click();
    await expect.poll(() => focusOf(page)).toBe('h1: About');
    await page.goBack();
    await expectRoute(page, '/settings');
    await expect.poll(() => focusOf(page)).toBe('a: About');

    // The side menu closed with Escape: focus back on the button that opened it, not on <body>.
    await open(page, '/tabs/home');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => menuButton.evaluate((b) => b === document.activeElement)).toBe(true);

    // Losing and getting back the network is said politely.
    const announcer = page.getByTestId('connection-announcer');
    expect(await announcer.getAttribute('role')).toBe('status');
    await context.setOffline(true);
    await expect.poll(() => announcer.textContent()).toBe(en['offline.message']);
    await context.setOffline(false);
    await expect.poll(() => announcer.textContent()).toBe(en['banner.backOnline']);

    // In Tamil: the page's language (a Tamil voice) and the titles follow.
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/tabs/home');
    await page.getByRole('link', { name: tractorTa['tabs.usage'], exact: true }).click();
    await expectRoute(page, '/tabs/tractor');
    await expect.poll(() => said(page)).toEqual({ lang: 'ta', title: `${tractorTa['usage.title']} · TractorLink`, focus: `h1: ${tractorTa['usage.title']}` });
    await context.close();
  });

  it('a double tap on Log in: one login, and the second tap does not land on the home screen', async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    const owner = await ownerWithAlerts(page, 'Kavita Shinde');
    await logOut(page);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(owner.mobile);
    await page.getByLabel('PIN', { exact: true }).fill(owner.pin);
    const box = await page.getByRole('button', { name: 'Log in' }).boundingBox();
    if (!box) throw new Error('no Log in button on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    let logins = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/login')) logins += 1;
    });

    await page.touchscreen.tap(x, y);
    // The finger comes down again as soon as home shows a control under it (by its box: while the
    // guard is on, the browser's own hit test finds nothing there).
    const under = await page.waitForFunction(
      ({ px, py }) => {
        if (!location.hash.startsWith('#/tabs/home')) return null;
        for (const el of document.querySelectorAll('main a[href], main button')) {
          const r = el.getBoundingClientRect();
          if (px >= r.left && px <= r.right && py >= r.top && py <= r.bottom) return (el.textContent ?? '').trim();
        }
        return null;
      },
      { px: x, py: y },
      { polling: 'raf' },
    );
    // What the second tap reaches, recorded before the app's own handlers see it.
    await page.evaluate(() => {
      const reached: string[] = [];
      document.addEventListener('click', (e) => reached.push(e.target instanceof Element ? (e.target.closest('a, button')?.textContent ?? '') : ''), true);
      Object.assign(window, { reached });
    });
    await page.touchscreen.tap(x, y);
    expect(await under.jsonValue()).toBeTruthy();

    // The guard passes, and the tap it swallowed reached no control: still home, one login sent.
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-tap-guard'));
    expect(await page.evaluate(() => (window as unknown as { reached: string[] }).reached.filter(Boolean))).toEqual([]);
    expect(await page.evaluate(() => location.hash)).toBe('#/tabs/home');
    expect(logins).toBe(1);
    await context.close();
  });

  it('every screen has exactly one h1, its name, for a reader that jumps by headings', async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    /** The h1s on screen once the screen's own heading is in: their texts. */
    const h1s = async (route: string) => {
      await open(page, route);
      await expectRoute(page, route);
      // The screen's own heading is in (a lazy screen's code may still be coming): a screen with none fails below.
      await page.waitForFunction(() => document.querySelector('h1')?.textContent?.trim(), undefined, { timeout: 10_000 }).catch(() => undefined);
      return { route, h1: await page.locator('h1').allInnerTexts() };
    };
    const seen = [];
    for (const route of ['/login', '/register', '/forgot-pin', '/about']) seen.push(await h1s(route));
    await ownerWithAlerts(page, 'Meena Kumari');
    const signedIn = [
      '/tabs/home',
      '/tabs/tractor',
      '/alert',
      '/tractor-list',
      '/diesel-usage',
      '/engine-usage',
      '/locate-me',
      '/route-replay',
      '/alert-configuration',
      '/alert-receivers',
      '/geofence-list',
      '/my-reminder',
      '/add-reminder',
      '/book-services',
      '/service-information',
      '/servicerequest-history',
      '/subscription-history',
      '/hire',
      '/askme',
      '/language',
      '/settings',
      '/change-pin',
      '/terms-policies',
    ];
    for (const route of signedIn) seen.push(await h1s(route));
    expect(seen.filter((s) => s.h1.length !== 1 || !s.h1[0]?.trim())).toEqual([]);
    await context.close();
  });
});
