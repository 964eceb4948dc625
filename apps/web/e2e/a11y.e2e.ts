import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownerWithAlerts } from './support/alerts-browser';
import { NARROW_PHONE, expectRoute, newPhone, open, useBrowser } from './support/browser';
import { registerThroughScreens } from './support/flows';
import { smsTo, uniqueMobile } from './support/sms';

/** Violations of WCAG 2.1 A and AA, as axe reports them, with the offending selectors. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

describe('accessibility (axe-core)', () => {
  const { browser } = useBrowser();

  it('has no violations on login, register, verify-otp, about', async () => {
    const { context, page } = await newPhone(browser());
    for (const [route, ready] of [
      ['/login', 'Log in'],
      ['/register', 'Send OTP'],
    ] as const) {
      await open(page, route);
      await page.getByRole('button', { name: ready }).waitFor();
      expect(await violations(page), route).toEqual([]);
    }
    const mobile = uniqueMobile();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    const before = (await smsTo(mobile)).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expectRoute(page, '/verify-otp');
    await expect.poll(async () => (await smsTo(mobile)).length).toBeGreaterThan(before);
    await page.getByRole('textbox', { name: 'OTP' }).waitFor();
    expect(await violations(page), '/verify-otp').toEqual([]);
    await open(page, '/about');
    await page.getByRole('heading', { name: 'About' }).waitFor();
    expect(await violations(page), '/about').toEqual([]);
    await context.close();
  });

  it('has no violations on home, language and settings', async () => {
    const { context, page } = await newPhone(browser());
    await registerThroughScreens(page, uniqueMobile(), '2580');
    await page.getByRole('heading', { name: /Hello/ }).waitFor();
    expect(await violations(page), '/tabs/home').toEqual([]);
    await open(page, '/language');
    await page.getByRole('radio', { name: 'English' }).waitFor();
    expect(await violations(page), '/language').toEqual([]);
    await open(page, '/settings');
    await page.getByRole('button', { name: 'Log out of this device' }).waitFor();
    expect(await violations(page), '/settings').toEqual([]);
    await context.close();
  });

  it('has no violations on the maps (each a named region with its words) and the lists, once loaded', { timeout: 90_000 }, async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    await ownerWithAlerts(page, 'Rekha Gaikwad');
    for (const [route, ready] of [
      ['/locate-me', '.leaflet-control-zoom-in'],
      ['/route-replay', '.leaflet-control-zoom-in'],
      ['/create-geofence', '.leaflet-control-zoom-in'],
      ['/alert', 'a[data-alert-type]'],
      ['/geofence-list', 'a[href="#/create-geofence"]'],
    ] as const) {
      await open(page, route);
      await page.locator(ready).first().waitFor();
      // Read when nothing is busy any more (a busy region's content is not final).
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await violations(page), route).toEqual([]);
    }
    await context.close();
  });
});
