import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithAlerts, showAlertFilters } from './support/alerts-browser';
import { NARROW_PHONE, newPhone, open, switchLanguage, useBrowser } from './support/browser';

/**
 * A farmer's walk through the app on a 360 × 740 phone in Tamil (the UI audit): where the tractor is
 * must be a place's name, not coordinates, and every tick box is a finger-sized target. A new owner
 * with a tractor whose records came in through the batch ingest; one sign-in for the file (OTP limits).
 */

interface TickBox {
  label: string;
  target: { width: number; height: number; coversBox: boolean };
}

/** Each tick box of the screen's form fields (CheckboxField), with the target a finger has to hit. */
function tickBoxes(page: Page): Promise<TickBox[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('main .check-field input[type="checkbox"]')]
      .filter((input) => input.getBoundingClientRect().width > 0)
      .map((input) => {
        const b = input.getBoundingClientRect();
        const l = input.labels?.[0]?.getBoundingClientRect();
        return {
          label: (input.labels?.[0]?.textContent ?? '').trim(),
          target: {
            width: Math.max(b.width, l?.width ?? 0),
            height: Math.max(b.height, l?.height ?? 0),
            coversBox: l ? l.left <= b.left && l.right >= b.right && l.top <= b.top && l.bottom >= b.bottom : false,
          },
        };
      }),
  );
}

describe('a farmer on a 360 px phone in Tamil', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    await ownerWithAlerts(page, 'Murugan Selvam');
  });

  afterAll(async () => {
    await context?.close();
  });

  it('locate me names the place where the tractor is, as the home card does, not only its coordinates', async () => {
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/tabs/home');
    const address = page.getByTestId('address');
    // The home card's place: the geocoder's name in Tamil (not the coordinates it falls back to).
    await expect.poll(async () => (await address.textContent())?.trim() ?? '').toMatch(/[\u0B80-\u0BFF]/);
    const homePlace = ((await address.textContent()) ?? '').trim();
    await open(page, '/locate-me');
    await page.getByTestId('tractor-position').waitFor();
    await expect
      .poll(async () => ((await page.getByTestId('tractor-place').count()) ? await page.getByTestId('tractor-place').textContent() : ''))
      .toBe(homePlace);
  });

  it('every tick box on the alerts and geofence screens is a 48 px target: a tap beside the box, on its row, ticks it', async () => {
    await switchLanguage(page, 'தமிழ்', 'ta');
    const problems: string[] = [];
    for (const screen of ['/alert', '/create-geofence']) {
      await open(page, screen);
      // The alerts' tick box (unread only) is among the folded filters.
      if (screen === '/alert') await showAlertFilters(page);
      await page.locator('main .check-field input').filter({ visible: true }).first().waitFor();
      const boxes = await tickBoxes(page);
      expect(boxes.length, screen).toBeGreaterThan(0);
      for (const b of boxes) {
        if (b.target.width < 48 || b.target.height < 48 || !b.target.coversBox)
          problems.push(
            `${screen} "${b.label}": target ${Math.round(b.target.width)} × ${Math.round(b.target.height)} px, covers its box: ${b.target.coversBox}`,
          );
      }
      // A finger lands beside the small box (in the gap before its words) and still ticks it.
      const first = page.locator('main .check-field input').filter({ visible: true }).first();
      await first.scrollIntoViewIfNeeded();
      const box = await first.boundingBox();
      if (!box) throw new Error(`${screen}: the tick box has no box`);
      const before = await first.isChecked();
      const beside = { x: box.x + box.width + 6, y: box.y + box.height / 2 };
      await page.touchscreen.tap(beside.x, beside.y);
      await expect.poll(() => first.isChecked(), { message: `${screen}: a tap beside the tick box` }).toBe(!before);
      await page.touchscreen.tap(beside.x, beside.y);
      await expect.poll(() => first.isChecked()).toBe(before);
    }
    expect(problems).toEqual([]);
  });
});
