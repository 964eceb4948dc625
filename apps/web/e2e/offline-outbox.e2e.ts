import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '@tractorlink/domain/auth';
import type { GeofenceListResponse } from '@tractorlink/domain/geofences';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import ta from '../src/locales/ta.json';
import taTractor from '../src/locales/tractor/ta.json';
import { call } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';
import { api } from './tractor-helpers';

/**
 * Issue 19 item 1 acceptance, in Chromium at 360 × 740: with the phone offline a geofence is created
 * and a tractor renamed; after a reload, offline still, both show as waiting and the banner counts
 * them; back online each is applied exactly once on the server (read through the API), and a write
 * the server refuses on replay (its name was taken meanwhile) says why and stays to be edited. A
 * language chosen offline reaches the account. A new owner, one sign-in for the file (OTP limits).
 */

const WAITING = 'Saved on this phone, will send when online';

describe('actions survive a lost signal', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let tractor: SeededTractor;

  const geofences = async () => (await api<GeofenceListResponse>(baseURL(), token, 'geofences?pageSize=50')).data;
  const named = async (name: string) => (await geofences()).filter((g) => g.name === name);
  const vehicles = async () => (await api<{ data: VehicleEntry[] }>(baseURL(), token, 'vehicles')).data;
  const row = (name: string) => page.locator(`li[data-geofence="${name}"]`);
  const bannerCount = () => page.getByTestId('outbox-count');

  /** A circle of 300 m at the map's centre (India as a whole: no tractor position is known). */
  async function createCircle(name: string) {
    await open(page, '/geofence-list');
    await page.getByRole('link', { name: 'Create geofence' }).click();
    await expectRoute(page, '/create-geofence');
    await page.getByRole('textbox', { name: 'Geofence name' }).fill(name);
    await page.getByRole('button', { name: "Place a point at the map's centre" }).and(page.locator(':enabled')).click();
    await page.getByRole('spinbutton', { name: 'Radius (metres)' }).fill('300');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** No page scrolls sideways at 360 px, and every control of the outbox's UI is at least 48 px tall. */
  async function fitsNarrowPhone() {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW_PHONE.width);
    const heights = await page.locator('.outbox-refusals .btn, .banner-button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(48);
  }

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    // Started again so the app knows the tractor and the service worker controls the page; then open
    // once, online, every screen used offline below (the worker keeps a screen's code once it is used).
    ({ token, tractor } = await ownerWithTractor(page, { name: 'Anita Shinde', pin: '3579' }));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await open(page, '/tractor-list');
    await page.locator('.tractor-entry').filter({ hasText: tractor.name }).waitFor();
    await open(page, '/geofence-list');
    await page.getByText('No geofences yet').waitFor();
    await open(page, '/create-geofence');
    await page.getByRole('button', { name: "Place a point at the map's centre" }).and(page.locator(':enabled')).waitFor();
    await open(page, '/language');
    await page.getByRole('radio', { name: 'English' }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('offline: a geofence created and a tractor renamed show as waiting, through a reload; online, each is applied once', async () => {
    await context.setOffline(true);
    await page.getByRole('button', { name: 'User offline' }).waitFor();

    // Save ends at once, kept on the phone (no spinner waiting for a network that is not there).
    await createCircle('Offline_farm');
    await expectRoute(page, '/geofence-list');
    await page.getByRole('status').filter({ hasText: WAITING }).first().waitFor();
    await row('Offline_farm').getByText(WAITING).waitFor();
    // A second one whose name will be taken on the server before the phone is back online.
    await createCircle('Taken_farm');
    await expectRoute(page, '/geofence-list');
    await row('Taken_farm').getByText(WAITING).waitFor();

    await open(page, '/tractor-list');
    const card = page.locator('.tractor-entry').filter({ hasText: tractor.regNo });
    await card.getByRole('button', { name: `Rename ${tractor.name}` }).click();
    await card.getByRole('textbox', { name: 'Tractor name' }).fill('Offline Kisan');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await card.getByRole('heading', { name: /Offline Kisan/ }).waitFor();
    await card.getByText(WAITING).waitFor();
    expect(await bannerCount().textContent()).toBe('3');

    // Nothing reached the server.
    expect(await geofences()).toEqual([]);
    expect((await vehicles()).find((v) => v.vin === tractor.vin)?.Veh_Name).toBe(tractor.name);

    // A reload, offline: everything is still there, still waiting.
    await page.reload();
    await expectRoute(page, '/tractor-list');
    await page.locator('.tractor-entry').filter({ hasText: 'Offline Kisan' }).getByText(WAITING).waitFor();
    await expect.poll(() => bannerCount().textContent()).toBe('3');
    await page.getByRole('button', { name: 'User offline, Changes saved on this phone, waiting to send: 3' }).waitFor();
    await open(page, '/geofence-list');
    await row('Offline_farm').getByText(WAITING).waitFor();
    await row('Taken_farm').getByText(WAITING).waitFor();
    await fitsNarrowPhone();

    // Meanwhile the owner, on another phone, takes one of the names.
    await call(baseURL(), 'geofences', {
      token,
      body: { name: 'Taken_farm', type: 'custom', shape: 'circle', coordinates: [{ latitude: 20.1, longitude: 74.0 }], radiusM: 200 },
    });

    await context.setOffline(false);
    // Each applied exactly once, read through the API.
    await expect.poll(async () => (await named('Offline_farm')).length).toBe(1);
    await expect.poll(async () => (await vehicles()).find((v) => v.vin === tractor.vin)?.Veh_Name).toBe('Offline Kisan');
    expect(await named('Taken_farm')).toHaveLength(1);
    expect((await named('Taken_farm'))[0]?.radiusM).toBe(200);

    // The refusal says why, and the geofence stays on the phone for editing.
    const refusal = page.locator('.outbox-refusals li').filter({ hasText: 'Taken_farm' });
    await refusal.getByText('New geofence “Taken_farm” was not saved: You already have a geofence with this name.').waitFor();
    await row('Taken_farm').getByText('Not saved: You already have a geofence with this name.').waitFor();
    await row('Offline_farm').getByText(WAITING).waitFor({ state: 'detached' });
    await expect.poll(() => bannerCount().count()).toBe(0);
    await fitsNarrowPhone();

    // Nothing is sent twice by a later start: reload online and read the server again.
    await page.reload();
    await page.locator('.outbox-refusals').waitFor();
    expect(await named('Offline_farm')).toHaveLength(1);
    expect(await geofences()).toHaveLength(2);
  });

  it('the refused geofence is edited under another name and then saved once', async () => {
    await page.locator('.outbox-refusals li').filter({ hasText: 'Taken_farm' }).getByRole('link', { name: 'Edit Taken_farm' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/geofence-details/local-'));
    await page.getByRole('textbox', { name: 'Geofence name' }).fill('Second_farm');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/geofences') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await answer).status()).toBe(201);
    await page.getByRole('status').filter({ hasText: 'Geofence updated' }).waitFor();
    await page.locator('.outbox-refusals').waitFor({ state: 'detached' });
    expect(await named('Second_farm')).toHaveLength(1);
    expect((await geofences()).map((g) => g.name).sort()).toEqual(['Offline_farm', 'Second_farm', 'Taken_farm']);
  });

  it('a language chosen offline reaches the account when the signal returns; Tamil fits 360 px', async () => {
    // Once online, so the phone has the Tamil words, then back to English.
    await switchLanguage(page, 'தமிழ்', 'ta');
    await switchLanguage(page, 'English', 'en');
    expect((await api<UserData>(baseURL(), token, 'profile')).language).toBe('en');

    await context.setOffline(true);
    await open(page, '/language');
    await page.getByRole('radio', { name: 'தமிழ்' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ta');
    await page.getByText(taTractor['language.notSaved']).waitFor();
    await expect.poll(() => bannerCount().textContent()).toBe('1');
    await page.getByRole('button', { name: `${ta['banner.userOffline']}, ${ta['banner.waiting'].replace('{{count}}', '1')}` }).waitFor();
    await fitsNarrowPhone();
    expect((await api<UserData>(baseURL(), token, 'profile')).language).toBe('en');

    await context.setOffline(false);
    await expect.poll(async () => (await api<UserData>(baseURL(), token, 'profile')).language).toBe('ta');
    await page.getByText(taTractor['language.notSaved']).waitFor({ state: 'detached' });
  });
});
