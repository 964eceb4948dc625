import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import geofencesTa from '../src/locales/geofences/ta.json';
import tractorTa from '../src/locales/tractor/ta.json';
import { ownerWithAlerts } from './support/alerts-browser';
import { FIELD, call, ingest } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
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

/** Roles a finger or a switch activates (Chromium's names: a <summary> is a DisclosureTriangle). */
const CONTROL_ROLES = new Set(['button', 'link', 'menuitem', 'tab', 'switch', 'DisclosureTriangle', 'PopUpButton']);
/** Chromium's roles of date and time fields. */
const BROWSER_PICKERS = new Set(['Date', 'InputTime', 'DateTime']);
/** Names of things, not words to translate: the map library's credit link. */
const PROPER_NAMES = new Set(['Leaflet']);

/**
 * The buttons and links on screen whose name a listener of the screen's language would not understand: none at all,
 * only signs (an icon's "+" or "×"), or English words (letters of A–Z with no digit: a registration
 * number or "5 km" has digits and is allowed). The names are Chromium's own, as a screen reader gets them.
 */
async function unsaidControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const bad: string[] = [];
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    // A date or time field's own picker button is the browser's, in the phone's language (English here).
    const inBrowserPicker = (node: (typeof nodes)[number]) => {
      for (let up = byId.get(node.parentId ?? ''); up; up = byId.get(up.parentId ?? '')) if (BROWSER_PICKERS.has(String(up.role?.value))) return true;
      return false;
    };
    for (const node of nodes) {
      const role = String(node.role?.value ?? '');
      if (node.ignored || !CONTROL_ROLES.has(role)) continue;
      const name = String(node.name?.value ?? '').trim();
      const signsOnly = !/[\p{L}\p{N}]/u.test(name);
      const english = /^[\x20-\x7E]+$/.test(name) && /[A-Za-z]{2,}/.test(name) && !/\d/.test(name) && !PROPER_NAMES.has(name);
      if ((signsOnly || english) && !inBrowserPicker(node)) bad.push(`${role} "${name}"`);
    }
    return bad;
  } finally {
    await cdp.detach();
  }
}

/** The screen has drawn: an h1, words in its main area, and nothing marked busy or loading. */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('h1')?.textContent?.trim() &&
        (document.querySelector('main, dialog[open]')?.textContent ?? '').trim() !== '' &&
        !document.querySelector('[aria-busy="true"], .loading-bar'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(async () => {
      throw new Error(`${await page.evaluate(() => location.hash)} did not settle: ${await page.locator('body').innerText()}`);
    });
}

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

    // While the alert list is on its way the screen is busy, so it is not read half-filled; not once it is in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const alertList = /\/api\/v1\/alerts\?/;
    await page.route(alertList, async (route) => {
      await held;
      await route.continue();
    });
    await open(page, '/alert');
    await page.getByRole('status').filter({ hasText: en['common.loading'] }).waitFor();
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    release();
    await page.getByRole('list', { name: 'Alert list' }).waitFor();
    await expect.poll(() => page.locator('main').getAttribute('aria-busy')).toBeNull();
    await page.unroute(alertList);

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

  it('in Tamil, every button and link says in Tamil what it does, icon-only ones included', { timeout: 120_000 }, async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    // The alert scenario within one day in India (an hour earlier in the day's first half hour), and the
    // route replay opened on that day: today's replay just after midnight has nothing to play.
    const now = Date.now();
    const scenarioStart = now - 15 * 60_000 - ((now + 5.5 * 3_600_000) % 86_400_000 < 30 * 60_000 ? 31 * 60_000 : 0);
    const scenarioDay = new Date(scenarioStart + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const owner = await ownerWithAlerts(page, 'Selvi Murugan', scenarioStart);
    const token = await owner.token();
    // What the owner made, so the lists show their edit, delete and switch controls. The owner's own
    // names are in Tamil or carry digits: a name the owner typed is data, not a word to translate.
    const geofence = await call<{ id: string }>(baseURL(), 'geofences', {
      token,
      body: {
        name: 'Vayal_1',
        type: 'custom',
        shape: 'circle',
        coordinates: [{ latitude: FIELD.lat, longitude: FIELD.lon }],
        radiusM: 300,
        vins: [owner.tractor.vin],
      },
    });
    const reminderId = randomUUID();
    await call(baseURL(), `reminders/${reminderId}`, {
      method: 'PUT',
      token,
      body: {
        id: reminderId,
        title: 'எண்ணெய் மாற்றம்',
        description: '',
        time: '07:30',
        ampm: 'am',
        repeat: { date: null },
        everyday: true,
        weekDays: [],
        isActive: true,
      },
    });
    const customerId = randomUUID();
    await call(baseURL(), 'hire/customers', { token, body: { id: customerId, name: 'முருகன்', phone: '9812345670', village: 'ஷிரூர்' } });
    const jobId = randomUUID();
    const started = Math.floor(owner.alerts.at(-1)?.timeStamp ?? Date.now() / 1000) - 60;
    await call(baseURL(), 'hire/jobs', {
      token,
      body: {
        id: jobId,
        vin: owner.tractor.vin,
        customerId,
        implement: 'rotavator',
        implementWidthM: 1.8,
        rateKind: 'acre',
        ratePaise: 120_000,
        startAt: started,
        endAt: started + 600,
      },
    });
    await call(baseURL(), 'hire/payments', {
      token,
      body: { id: randomUUID(), customerId, jobId, amountPaise: 50_000, method: 'cash', paidOn: scenarioDay },
    });
    await page.reload();
    await expectRoute(page, '/tabs/home');
    await switchLanguage(page, 'தமிழ்', 'ta');

    const problems: string[] = [];
    const check = async (where: string) => {
      for (const p of await unsaidControls(page)) problems.push(`${where}: ${p}`);
    };
    const routes = [
      '/tabs/home',
      '/tabs/tractor',
      '/alert',
      `/alert-detail/${owner.alerts[0]?.alertId}`,
      '/tractor-list',
      '/add-tractor',
      '/diesel-usage',
      '/engine-usage',
      '/locate-me',
      '/route-replay',
      '/alert-configuration',
      '/alert-receivers',
      '/geofence-list',
      '/create-geofence',
      `/geofence-details/${geofence.id}`,
      `/assign-tractors/${geofence.id}`,
      `/delete-geofence/${geofence.id}`,
      '/add-location',
      '/my-reminder',
      '/add-reminder',
      `/add-reminder?id=${reminderId}`,
      '/subscription-history',
      '/digisense-renewal',
      '/book-services',
      '/service-information',
      '/servicerequest-history',
      '/hire',
      `/hire-customer/${customerId}`,
      `/hire-customer-form?id=${customerId}`,
      `/hire-job/${jobId}`,
      '/hire-job-form',
      `/hire-payment?customerId=${customerId}`,
      '/askme',
      '/language',
      '/settings',
      '/change-pin',
      '/terms-policies',
      '/create-new-profile',
      '/about',
    ];
    for (const route of routes) {
      const before = await page.evaluate(() => ({ title: document.title, hash: location.hash }));
      await open(page, route);
      // Each of these screens is titled apart from the one before it: the new one is in.
      if (before.hash !== `#${route}`)
        await page
          .waitForFunction((title) => document.title !== title, before.title, { timeout: 10_000 })
          .catch(async () => {
            throw new Error(`${route}: still titled "${before.title}" (${await page.evaluate(() => location.hash)})`);
          });
      await settled(page);
      await check(route);
    }
    // What opens on a screen: dialogs, folded parts, playing, and the maps' own controls once drawn.
    const opened = async (route: string, what: string, open_: () => Promise<void>, ready: string) => {
      await open(page, route);
      await settled(page);
      await open_();
      await page.locator(ready).first().waitFor();
      await check(`${route} ${what}`);
      await page.keyboard.press('Escape');
    };
    await opened('/tabs/home', 'side menu', () => page.locator('.top-bar button[aria-haspopup="dialog"]').click(), 'dialog nav a');
    await opened('/tabs/tractor', 'day picker', () => page.locator('.period .segmented button').first().click(), 'dialog .rdp-day button');
    await opened('/tabs/tractor', 'month picker', () => page.locator('.period .segmented button').last().click(), 'dialog[open] .button-row');
    await opened('/alert', 'filters', () => page.locator('details.more-filters summary').click(), 'details.more-filters[open]');
    await opened('/my-reminder', 'delete', () => page.locator('.reminder .btn-danger').click(), 'dialog[open] .btn-danger');
    await opened('/hire', 'live position', () => page.locator('.hire-live-button').click(), 'dialog[open] select');
    await opened(
      '/route-replay',
      'playing',
      async () => {
        await page.getByLabel(tractorTa['replay.day'], { exact: true }).fill(scenarioDay);
        await page.locator('.play-button').click();
      },
      '.leaflet-control-zoom-in',
    );
    await opened('/locate-me', 'map', async () => undefined, '.leaflet-control-zoom-in');
    await opened(`/hire-job/${jobId}`, 'map', async () => undefined, '.leaflet-control-zoom-in');
    await opened(`/geofence-details/${geofence.id}`, 'map', async () => undefined, '.leaflet-control-zoom-in');
    // The map told in Tamil: the circle's centre, radius and area.
    const fill = (text: string | undefined, values: Record<string, string>) =>
      Object.entries(values).reduce((out, [k, v]) => out.replace(`{{${k}}}`, v), text ?? '');
    expect(await page.getByTestId('map-summary').textContent()).toBe(
      fill(geofencesTa['draw.summary.circle'], {
        point: '18.82260, 74.37520',
        radius: fill(tractorTa['unitSpoken.m_other'], { value: '300' }),
        area: fill(tractorTa['unit.acres_other'], { value: '69.87' }),
      }),
    );
    await context.close();
    expect(problems).toEqual([]);
  });

  it("the maps told in words: the tractor's place and distance, a day's route, a geofence's shape and size", { timeout: 120_000 }, async () => {
    const { context, page } = await newPhone(browser(), { viewport: NARROW_PHONE });
    // A drive of 0.01° north (about 1.1 km) in five minutes, then the parked alert scenario from ten minutes
    // after it began: all within one day in India (an hour earlier in the day's first half hour).
    const now = Date.now();
    const start = now - 25 * 60_000 - ((now + 5.5 * 3_600_000) % 86_400_000 < 30 * 60_000 ? 31 * 60_000 : 0);
    const owner = await ownerWithAlerts(page, 'Anita Jadhav', start + 10 * 60_000);
    const token = await owner.token();
    const drive = Array.from({ length: 6 }, (_, i) => ({
      deviceId: owner.tractor.imei,
      time: start - 30_000 + i * 60_000,
      lat: FIELD.lat - 0.01 + i * 0.002,
      lon: FIELD.lon,
      speedKmh: 13,
      ignition: true,
      pto: false,
      rpm: 1500,
      coolantC: 85,
      externalVoltage: 13.9,
    }));
    await ingest(baseURL(), drive);
    const geofence = await call<{ id: string }>(baseURL(), 'geofences', {
      token,
      body: { name: 'Home_field', type: 'custom', shape: 'circle', coordinates: [{ latitude: FIELD.lat, longitude: FIELD.lon }], radiusM: 300 },
    });
    const mapWords = () => page.getByRole('region', { name: 'Map' }).getByTestId('map-summary').textContent();

    // Locate me: where the tractor is, then how far the owner is from it once the phone knows.
    await open(page, '/locate-me');
    await expect
      .poll(mapWords)
      .toMatch(new RegExp(`^On the map: ${owner.tractor.name} at (.+, )?18\\.82260, 74\\.37520\\. Your own place is not on the map yet: tap My location\\.`));
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: FIELD.lat + 0.018, longitude: FIELD.lon, accuracy: 10 });
    await page.getByRole('button', { name: 'My location' }).click();
    await expect.poll(mapWords).toContain('2 kilometres between you and the tractor.');

    // The day's route: start, end, distance along it and the time it took.
    await open(page, '/route-replay');
    await page.getByLabel('Day').fill(new Date(start + 5.5 * 3_600_000).toISOString().slice(0, 10));
    await expect
      .poll(mapWords)
      .toMatch(/^Route of .+\. Start: .+, at 18\.81260, 74\.37520\. End: .+, at 18\.82260, 74\.37520\. Distance 1\.1 kilometres, time taken 1[67] minutes\.$/);
    // On screen the day in one line, from when to when and how far (not the server's count of points);
    // hidden from the screen reader, which has just heard the same in the map's words.
    const dayLine = page.getByTestId('track-summary');
    expect(await dayLine.textContent()).toMatch(/^From \d{1,2}:\d{2}\s[ap]m to \d{1,2}:\d{2}\s[ap]m, 1\.1 km$/);
    expect(await dayLine.getAttribute('aria-hidden')).toBe('true');

    // A geofence: its shape, centre, radius and area; a drawing told step by step as it changes.
    await open(page, `/geofence-details/${geofence.id}`);
    await expect.poll(mapWords).toBe('Circle around 18.82260, 74.37520: radius 300 metres, area about 69.87 acres.');
    await page.getByRole('radio', { name: 'Square' }).check();
    await expect.poll(mapWords).toBe('Nothing is drawn on the map yet.');
    await page.locator('.leaflet-control-zoom-in').waitFor();
    await page.getByRole('button', { name: "Place a point at the map's centre" }).click();
    await expect.poll(mapWords).toMatch(/^Centre placed at \d+\.\d{5}, \d+\.\d{5}; the size is not set yet\.$/);
    await page.getByRole('spinbutton', { name: 'Side (metres)' }).fill('200');
    await expect.poll(mapWords).toMatch(/^Square around \d+\.\d{5}, \d+\.\d{5}: side 200 metres, area about 9\.8\d acres\.$/);
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
