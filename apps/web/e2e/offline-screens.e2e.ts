import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertScenario, ingest, runToday } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';

/**
 * Issue 19 items 2, 3 and 6: the service worker precaches the shell only and keeps each screen's code the
 * first time it is used; a screen never opened says offline that it is not available yet (what to do,
 * Try again) and opens once the network is back; a screen whose data was never kept fills in when the
 * network returns, also in an app started offline (My tractor stayed blank).
 */
describe('screens offline (issue 19)', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let tractor: SeededTractor;

  const notYet = () => page.getByRole('heading', { name: 'Not available offline yet' });
  const offlineBanner = () => page.getByRole('button', { name: 'User offline' });

  /** The service worker's caches: the precache (shell) and the assets kept on first use. */
  const cachedUrls = () =>
    page.evaluate(async () => {
      const names = await caches.keys();
      const urls = async (name: string) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      const precache = names.find((n) => n.includes('precache'));
      return { precache: precache ? await urls(precache) : [], firstUse: names.includes('tl-assets-v1') ? await urls('tl-assets-v1') : [] };
    });

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    // Alerts, and a run today: the usage tab shows today's summary at any hour (the alerts may be yesterday's).
    ({ tractor } = await ownerWithTractor(page, { name: 'Kiran Jadhav', pin: '2468' }, async (made) => {
      await ingest(baseURL(), alertScenario(made.tractor.imei, Date.now() - 15 * 60_000));
      await ingest(baseURL(), await runToday(made.tractor.imei));
    }));
    // The first service worker takes the page at once (no reload needed).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('precaches the shell only (the login screen, the signed-in shell, home); what the first session used is kept as well', async () => {
    const { precache } = await cachedUrls();
    for (const chunk of ['framework', 'login-screen', 'shell-layout', 'home-screen'])
      expect(
        precache.some((p) => p.startsWith(`/assets/${chunk}-`)),
        chunk,
      ).toBe(true);
    // No other screen, no other language, no icon: those come on first use.
    expect(precache.filter((p) => /(about|usage|alerts|register)-screen|leaflet|uPlot|calendar|\/(hi|mr|pa|gu|ta|te)-|\.png$/.test(p))).toEqual([]);
    expect(precache.length).toBeLessThan(60);
    // The registration screens, opened before the worker controlled the page, were kept on the page's word (CACHE_URLS).
    await expect.poll(async () => (await cachedUrls()).firstUse.some((p) => p.startsWith('/assets/register-screen-'))).toBe(true);
  });

  it('a screen never opened says offline it is not available yet, and opens by itself once the network is back', async () => {
    expect((await cachedUrls()).firstUse.some((p) => /\/assets\/alerts-screen-/.test(p))).toBe(false);
    await context.setOffline(true);
    try {
      await offlineBanner().waitFor();
      await page.locator('nav.tab-bar a.tab-alerts').click();
      await notYet().waitFor();
      expect(await page.getByText(/Turn on mobile data or Wi-Fi and tap Try again/).isVisible()).toBe(true);
      // The tab bar stays: the owner can go elsewhere.
      expect(await page.locator('nav.tab-bar').isVisible()).toBe(true);
      // Trying again while still offline says the same, it does not break.
      await page.getByRole('button', { name: 'Try again' }).click();
      await notYet().waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    expect(await notYet().count()).toBe(0);

    // Opened once, it is kept: offline, even after a restart, it opens.
    await expect.poll(async () => (await cachedUrls()).firstUse.some((p) => /\/assets\/alerts-screen-/.test(p))).toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await offlineBanner().waitFor();
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
      expect(await notYet().count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });

  it('My tractor and the usage tab, with no data kept, say so offline and fill in when the network is back, also after an offline start', async () => {
    // Both screens opened once while their data could not be fetched: their code is kept, no data is.
    const refused = (route: { abort: (code: string) => Promise<void> }) => route.abort('internetdisconnected');
    await page.route(/\/api\/v1\/vehicles(\?.*)?$/, refused);
    await page.route(/\/api\/v1\/vehicles\/aggregations\//, refused);
    try {
      await open(page, '/tractor-list');
      await notYet().waitFor();
      await open(page, '/tabs/tractor');
      await notYet().waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
    await open(page, '/tabs/home');
    await page.locator('#tractor-name').waitFor();

    // The app starts offline (the network was gone before it opened), then the network comes back.
    await context.setOffline(true);
    await page.reload();
    await offlineBanner().waitFor();
    await open(page, '/tractor-list');
    await page.getByRole('heading', { level: 1, name: 'My tractor' }).waitFor();
    await notYet().waitFor();
    await context.setOffline(false);
    await page.locator('.tractor-entry').filter({ hasText: tractor.name }).waitFor();
    expect(await notYet().count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await offlineBanner().waitFor();
    await open(page, '/tabs/tractor');
    await notYet().waitFor();
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Usage summary' }).waitFor();
    expect(await notYet().count()).toBe(0);
  });

  it("the manifest Chromium reads: a stable id, shortcuts and screenshots; in the owner's language once they chose one", async () => {
    const cdp = await context.newCDPSession(page);
    type AppManifest = { url: string; errors: { message: string }[]; data?: string };
    const manifest = async () => {
      const m = (await cdp.send('Page.getAppManifest')) as AppManifest;
      return { url: m.url, errors: m.errors.map((e) => e.message), data: JSON.parse(m.data ?? '{}') as Record<string, unknown> };
    };
    const english = await manifest();
    expect(english.errors).toEqual([]);
    expect(english.url).toMatch(/\/manifest\.webmanifest$/);
    expect(english.data).toMatchObject({ id: './', name: 'TractorLink', lang: 'en' });
    expect((english.data.shortcuts as { name: string }[]).map((s) => s.name)).toEqual(['Home', 'Alerts', 'Locate me']);
    const shots = english.data.screenshots as { src: string; sizes: string; form_factor: string }[];
    expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'narrow', 'wide']);
    // Each picture is what it says it is.
    for (const shot of shots) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, shot.src);
      expect(size, shot.src).toBe(shot.sizes);
    }

    await switchLanguage(page, 'தமிழ்', 'ta');
    await expect.poll(async () => (await manifest()).url).toMatch(/\/manifest-ta\.webmanifest$/);
    const tamil = await manifest();
    expect(tamil.errors).toEqual([]);
    expect(tamil.data).toMatchObject({ id: './', name: 'TractorLink', lang: 'ta' });
    expect(tamil.data.description).toMatch(/டிராக்டர்/);
    expect((tamil.data.shortcuts as { name: string }[]).map((s) => s.name)).toEqual(['முகப்பு', 'எச்சரிக்கைகள்', 'என்னைக் கண்டுபிடிக்கவும்']);
  });
});
