import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newPhone, open, persistentPhone, useBrowser } from './support/browser';
import { registerThroughScreens, startRegistration } from './support/flows';
import { uniqueMobile } from './support/sms';

const DEVANAGARI = /[\u0900-\u097F]/;

describe('app shell in the browser', () => {
  const { browser } = useBrowser();

  it('switches to हिन्दी without a reload, shows Devanagari in the menu, and keeps it after a reload', async () => {
    const { context, page } = await newPhone(browser());
    await registerThroughScreens(page, uniqueMobile(), '8642');
    await open(page, '/language');
    await page.getByRole('radio', { name: 'हिन्दी' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await open(page, '/tabs/home');
    const menuButton = page.locator('header button').first();
    await menuButton.click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    const links = await menu.getByRole('link').allInnerTexts();
    expect(links.filter((text) => DEVANAGARI.test(text)).length).toBeGreaterThanOrEqual(3);
    expect(links.join(' ')).not.toMatch(/Settings|About|Change language/);

    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.locator('header button').first().click();
    await page.getByRole('dialog').waitFor();
    expect(DEVANAGARI.test(await page.getByRole('dialog').innerText())).toBe(true);
    await context.close();
  });

  it('never shows a key of the signed-in words on the way to the home tab, in English and in हिन्दी from a cold start', async () => {
    const keys = Object.keys(JSON.parse(readFileSync(new URL('../src/locales/tractor/en.json', import.meta.url), 'utf8')) as Record<string, string>);
    const { context, page } = await newPhone(browser());
    // Every change of the page is read from the first paint on, accessible names included.
    await page.addInitScript((watched: string[]) => {
      const shown = new Set<string>();
      const read = () => {
        const labels = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') ?? '');
        const text = [document.body?.textContent ?? '', ...labels].join('\n');
        for (const key of watched) if (text.includes(key)) shown.add(key);
      };
      new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label'] });
      (window as unknown as { rawKeys: Set<string> }).rawKeys = shown;
    }, keys);
    const rawKeys = () => page.evaluate(() => [...(window as unknown as { rawKeys: Set<string> }).rawKeys]);
    // On a slow network the words come last: the screens must still wait for them.
    await context.route('**/assets/*.js', async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('"tabs.label":')) await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fulfill({ response, body });
      } catch {
        // The test ended (its page closed) while a script was on its way: nothing is left to answer.
      }
    });
    const homeShown = async () => {
      await page.locator('nav.tab-bar').waitFor();
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
    };

    await registerThroughScreens(page, uniqueMobile(), '1470');
    await homeShown();
    await expect.poll(() => page.getByRole('heading', { name: /Hello/ }).isVisible()).toBe(true);
    expect(await rawKeys()).toEqual([]);

    await open(page, '/language');
    await page.getByRole('radio', { name: 'हिन्दी' }).check();
    // The switch waits for the Hindi signed-in words too (slow here, as above).
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 10_000 }).toBe('hi');
    await open(page, '/tabs/home');
    await page.reload();
    await homeShown();
    expect(DEVANAGARI.test(await page.locator('nav.tab-bar').innerText())).toBe(true);
    expect(await rawKeys()).toEqual([]);
    await context.close();
  });

  it("shows 'I agree.' in the terms opened from registration, and not from About", async () => {
    const { context, page } = await newPhone(browser());
    await startRegistration(page, uniqueMobile());
    await page.getByRole('link', { name: 'Read the terms and conditions' }).click();
    const fromRegistration = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await fromRegistration.waitFor();
    await expect.poll(() => fromRegistration.getByText('I agree.', { exact: true }).isVisible()).toBe(true);
    await fromRegistration.getByRole('button', { name: 'Back' }).click();
    await fromRegistration.waitFor({ state: 'detached' });

    await open(page, '/about');
    await page.getByRole('link', { name: 'Terms and policies' }).click();
    const fromAbout = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await fromAbout.waitFor();
    // The legal text is there (arbitration in Mumbai, spec §1) but not the closing line.
    await expect
      .poll(() =>
        fromAbout
          .getByText(/Mumbai/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await fromAbout.getByText('I agree.', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('shows the user-offline banner when the network goes, and reloads offline from the service worker', async () => {
    const { context, page } = await newPhone(browser());
    await registerThroughScreens(page, uniqueMobile(), '9753');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The page is controlled once the worker has claimed it (or after one reload).
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    const banner = page.getByRole('button', { name: 'User offline' });
    await banner.waitFor();
    await banner.click();
    // The banner's popover (a polite region elsewhere says the same for screen readers).
    await expect
      .poll(() =>
        page
          .locator('.banner')
          .getByText(/No internet connection/)
          .isVisible(),
      )
      .toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'User offline' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: /Hello/ }).isVisible()).toBe(true);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'User offline' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('is installable: Chromium reports no installability errors', async () => {
    const { context, page, close } = await persistentPhone();
    await open(page, '/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as { shortcuts?: { url: string }[] };
    expect(data).toMatchObject({ id: './', name: 'TractorLink', display: 'standalone' });
    // Shortcuts on a long press of the icon: home, alerts, locate me (issue 19 item 6).
    expect((data.shortcuts ?? []).map((s) => s.url)).toEqual(['./#/tabs/home', './#/alert', './#/locate-me']);
    await close();
  });
});
