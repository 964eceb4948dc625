import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import alertsEn from '../src/locales/alerts/en.json';
import alertsTa from '../src/locales/alerts/ta.json';
import geofencesEn from '../src/locales/geofences/en.json';
import geofencesTa from '../src/locales/geofences/ta.json';
import { ownerWithAlerts } from './support/alerts-browser';
import { NARROW_PHONE, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';

/**
 * A keyboard-only walk at 360 × 740 (a phone with a Bluetooth keyboard, or a switch device that sends
 * Tab and Enter): every tab of the bottom bar, every entry of the side menu, the menu opened and
 * closed with Escape, an alert limit saved, a geofence drawn and saved, a reminder begun and left.
 * Only Tab, Shift+Tab, Enter, Space and Escape move; text is typed into fields. At every step the
 * focused control must be on screen, not under the fixed top or bottom bar, and show that it has
 * focus (its outline, shadow or border differs from when it has not).
 */

/** What is wrong with the focused element, if anything, and what it is. */
interface Step {
  /** Tag, then its href, its accessible text or its class, to say which control it is. */
  what: string;
  problems: string[];
}

/** Checks the focused element where it stands (see the file's comment). */
function stepCheck(page: Page): Promise<Step> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return { what: 'body', problems: [] };
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('href') ? ` ${el.getAttribute('href')}` : ''} "${text}"${el.className && typeof el.className === 'string' ? ` .${el.className.split(' ')[0]}` : ''}`;
    const problems: string[] = [];

    // On screen, and what a finger would hit at its middle (and near its top and bottom) is itself.
    const box = el.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    if (box.width === 0 || box.height === 0 || bottom - top < Math.min(box.height, 8) || right - left < Math.min(box.width, 8)) problems.push('off screen');
    else {
      const x = (left + right) / 2;
      const mine = (hit: Element | null) => {
        if (!hit) return false;
        if (hit === el || el.contains(hit) || hit.contains(el)) return true;
        // A checkbox or radio is reached through its label, which spans the row.
        const labels = 'labels' in el ? ((el as HTMLInputElement).labels ?? []) : [];
        return [...labels].some((l) => l.contains(hit));
      };
      for (const y of [(top + bottom) / 2, top + 2, bottom - 2]) {
        const hit = document.elementFromPoint(x, y);
        if (!mine(hit)) {
          const bar = hit?.closest('.top-bar, .tab-bar, .offline-banner, .update-prompt');
          problems.push(`covered at y=${Math.round(y)} by ${bar ? `the ${bar.className.split(' ')[0]}` : (hit?.outerHTML.slice(0, 80) ?? 'nothing')}`);
          break;
        }
      }
    }

    // A focus indicator: outline, shadow or border (its own, or its row's) differs from unfocused.
    const look = (e: Element | null) => {
      if (!e) return '';
      const s = getComputedStyle(e);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderTopColor, s.borderTopWidth].join(' ');
    };
    const focused = [look(el), look(el.parentElement)].join(' / ');
    const outline = getComputedStyle(el);
    // How far the outline reaches outside the element's box (an inset one, with a negative offset, does not).
    const ringWidth = outline.outlineStyle === 'none' ? 0 : Number.parseFloat(outline.outlineWidth) + Number.parseFloat(outline.outlineOffset);
    el.blur();
    const unfocused = [look(el), look(el.parentElement)].join(' / ');
    el.focus({ preventScroll: true });
    if (focused === unfocused) problems.push('no visible focus indicator');

    // The outline is not cut off by a box that clips its content (overflow hidden).
    if (ringWidth > 0) {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const s = getComputedStyle(up);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        const cut = Math.max(
          clip.left - (box.left - ringWidth),
          box.right + ringWidth - clip.right,
          clip.top - (box.top - ringWidth),
          box.bottom + ringWidth - clip.bottom,
        );
        if (cut > 1) {
          problems.push(`focus ring cut by .${up.className.split(' ')[0] || up.tagName.toLowerCase()}`);
          break;
        }
      }
    }
    return { what, problems };
  });
}

/** Whether the focused element matches a CSS selector. */
const focusedMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

interface Walk {
  /** Every step's problems, as `where: what: problem`. */
  problems: string[];
  /** The controls reached, in order. */
  reached: string[];
}

function walker(page: Page) {
  const walk: Walk = { problems: [], reached: [] };
  let where = '';
  const check = async () => {
    const step = await stepCheck(page);
    walk.reached.push(step.what);
    for (const p of step.problems) walk.problems.push(`${where}: ${step.what}: ${p}`);
  };
  /** Presses a key and checks where focus went. */
  const press = async (key: string) => {
    await page.keyboard.press(key);
    await check();
  };
  /** Presses Tab (or Shift+Tab) until the focused element matches `selector`, checking each step. */
  const tabTo = async (selector: string, { back = false, max = 90 } = {}) => {
    for (let i = 0; i < max; i++) {
      await press(back ? 'Shift+Tab' : 'Tab');
      if (await focusedMatches(page, selector)) return;
    }
    throw new Error(`${where}: ${selector} not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; reached ${walk.reached.slice(-max).join(' | ')}`);
  };
  /** After a move to another screen: its route, and focus on its heading (checked like any step). */
  const arrive = async (route: string) => {
    where = route;
    await expectRoute(page, route);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 10_000 });
    await check();
  };
  return { walk, press, tabTo, arrive, at: (route: string) => (where = route), check };
}

type Words = Record<string, string>;

/** The walk in one language; `alerts` and `geofences` are its words for what the screens say back. */
async function keyboardWalk(page: Page, words: { alerts: Words; geofences: Words }): Promise<Walk> {
  const { walk, press, tabTo, arrive, at } = walker(page);
  at('/tabs/home');
  // Focus starts on the page itself, as after a fresh load.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // Every tab of the bottom bar, reached by Tab through each screen and opened with Enter.
  for (const route of ['/tabs/tractor', '/alert', '/geofence-list', '/tabs/home']) {
    await tabTo(`nav.tab-bar a[href="#${route}"]`);
    await press('Enter');
    await arrive(route);
  }

  // The side menu: opened from its button, every entry reached, and Escape closes it, focus back on the button.
  const menuButton = '.top-bar button[aria-haspopup="dialog"]';
  await tabTo(menuButton, { back: true });
  await press('Enter');
  await page.locator('dialog[open] nav a').first().waitFor();
  const entries = await page.locator('dialog[open] a[href^="#/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  expect(entries.length).toBeGreaterThan(8);
  at('side menu');
  for (const href of entries) await tabTo(`dialog[open] a[href="${href}"]`);
  // Past the last entry focus stays in the menu (the page behind it is out of reach).
  for (let i = 0; i < entries.length + 3; i++) {
    await press('Tab');
    if (!(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)))
      walk.problems.push(`side menu: Tab left the open menu for ${(await stepCheck(page)).what}`);
  }
  await press('Escape');
  await page.locator('dialog[open]').waitFor({ state: 'detached' });
  if (!(await focusedMatches(page, menuButton))) walk.problems.push(`side menu: Escape left focus on ${(await stepCheck(page)).what}, not the menu button`);

  // Alert configuration, from the menu: a limit changed and saved with Enter.
  await press('Enter');
  await tabTo('dialog[open] a[href="#/alert-configuration"]');
  await press('Enter');
  await arrive('/alert-configuration');
  await tabTo('.alert-type-card .alert-limits input');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('105');
  await tabTo('.alert-type-card .alert-limits button[type="submit"]');
  await press('Enter');
  await page
    .locator('.alert-type-card')
    .getByText(words.alerts['alertConfig.saved'] ?? '', { exact: true })
    .waitFor();

  // A geofence: a circle placed at the map's centre with a typed radius, saved; the list says so.
  await tabTo('.top-bar a[href="#/alert"]', { back: true });
  await press('Enter');
  await arrive('/alert');
  await tabTo('nav.tab-bar a[href="#/geofence-list"]');
  await press('Enter');
  await arrive('/geofence-list');
  await tabTo('a[href="#/create-geofence"]');
  await press('Enter');
  await arrive('/create-geofence');
  await tabTo('.geofence-form input:not([type])');
  await page.keyboard.type(`Key_${Date.now() % 100_000}`);
  // The map itself takes focus and moves with the arrow keys (so a field can be brought under the
  // centre before placing there); its own controls come next.
  await tabTo('.map.leaflet-container');
  const panned = () => page.locator('.map .leaflet-map-pane').evaluate((pane) => getComputedStyle(pane).transform);
  const before = await panned();
  await press('ArrowRight');
  await press('ArrowDown');
  await expect.poll(panned).not.toBe(before);
  await tabTo('.leaflet-control-zoom-in');
  // A button pressed with Space this time.
  await tabTo('.draw-tools button');
  await press('Space');
  await tabTo('.shape-drawer input[type="number"]');
  await page.keyboard.type('300');
  await tabTo('.geofence-form button[type="submit"]');
  await press('Enter');
  await arrive('/geofence-list');
  await page.getByText(words.geofences['geofence.created'] ?? '', { exact: true }).waitFor();

  // A reminder begun and left by the back link: nothing saved, back on the list.
  await tabTo(menuButton, { back: true });
  await press('Enter');
  await tabTo('dialog[open] a[href="#/my-reminder"]');
  await press('Enter');
  await arrive('/my-reminder');
  await tabTo('a[href="#/add-reminder"]');
  await press('Enter');
  await arrive('/add-reminder');
  await tabTo('form input:not([type]), form input[type="text"]');
  await page.keyboard.type('Oil');
  await tabTo('.top-bar a[href="#/my-reminder"]', { back: true });
  await press('Enter');
  await arrive('/my-reminder');
  return walk;
}

describe('the signed-in screens by keyboard alone, at 360 × 740', () => {
  const { browser } = useBrowser();

  it('in English: bottom bar, side menu, alert limit, geofence and reminder, focus always seen', { timeout: 180_000 }, async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    await ownerWithAlerts(page, 'Sunita Pawar');
    const walk = await keyboardWalk(page, { alerts: alertsEn, geofences: geofencesEn });
    await context.close();
    expect(walk.problems).toEqual([]);
  });

  it('in Tamil: the same walk, focus always seen', { timeout: 180_000 }, async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    await ownerWithAlerts(page, 'Kavitha Raman');
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/tabs/home');
    await expectRoute(page, '/tabs/home');
    await page.locator('#tractor-name').waitFor();
    const walk = await keyboardWalk(page, { alerts: alertsTa, geofences: geofencesTa });
    await context.close();
    expect(walk.problems).toEqual([]);
  });
});
