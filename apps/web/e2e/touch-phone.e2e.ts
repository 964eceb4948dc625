import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeofenceListResponse } from '@tractorlink/domain/geofences';
import { FIELD, ingest } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, open, switchLanguage, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';
import { api } from './tractor-helpers';

/**
 * The app used with a finger on a cheap Android phone (Chrome's user agent, touch only, 360 × 740):
 * geofences drawn by tapping, the map panned and pinched without drawing, in English and Tamil; the
 * side menu closed by a tap beside it; the on-screen keyboard never hiding the PIN field or Log in.
 * Drags and pinches are touch events sent through CDP, as a finger sends them.
 */

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('a finger on a cheap Android phone', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let touch: CDPSession;
  let token: string;
  let mobile: string;
  const PIN = '2468';

  /** Taps the middle of an element, scrolled into view first. */
  async function tap(target: Locator) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error('nothing to tap');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }
  type At = { x: number; y: number };
  /** Fingers down at `from`, moved in steps to `to`, lifted: one finger pans, two pinch. */
  async function gesture(from: At[], to: At[]) {
    const points = (t: number) => from.map((p, i) => ({ id: i + 1, x: p.x + ((to[i]?.x ?? p.x) - p.x) * t, y: p.y + ((to[i]?.y ?? p.y) - p.y) * t }));
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
    for (let i = 1; i <= 8; i++) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(i / 8) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  const map = () => page.locator('.draw-map .map');
  const dots = () => page.locator('.draw-map .area-dot');
  async function mapMiddle(): Promise<At> {
    await map().scrollIntoViewIfNeeded();
    const box = await map().boundingBox();
    if (!box) throw new Error('no map');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  /** Taps the drawing map (dx, dy) px from its middle and waits for the corner dot to be drawn. */
  async function tapMap(dx: number, dy: number, dotsAfter: number) {
    const m = await mapMiddle();
    await page.touchscreen.tap(m.x + dx, m.y + dy);
    await expect.poll(() => dots().count()).toBe(dotsAfter);
  }
  /** Waits until the map has stopped moving (a pinch ends in a short snap to the nearest half zoom level) for 300 ms. */
  async function mapAtRest() {
    await page.waitForFunction(
      () => {
        const el = document.querySelector('.draw-map .map');
        if (!el) return false;
        const key = `${el.className} ${[...el.querySelectorAll<HTMLElement>('.leaflet-map-pane, .leaflet-proxy')].map((e) => e.style.transform).join(' ')}`;
        const seen = window as unknown as { mapKey?: string; mapSince?: number };
        if (seen.mapKey !== key) {
          seen.mapKey = key;
          seen.mapSince = performance.now();
        }
        return !el.classList.contains('leaflet-zoom-anim') && performance.now() - (seen.mapSince ?? 0) >= 300;
      },
      null,
      { polling: 50 },
    );
  }
  const mapPane = () => page.locator('.draw-map .leaflet-map-pane').evaluate((el) => (el as HTMLElement).style.transform);
  const geofences = async () => (await api<GeofenceListResponse>(baseURL(), token, 'geofences')).data;

  beforeAll(async () => {
    context = await browser().newContext({
      baseURL: baseURL(),
      viewport: NARROW_PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: ANDROID_CHROME,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
    touch = await context.newCDPSession(page);
    // A last position: the drawing map opens on the tractor's field (zoom 14), not on all of India.
    const lastPosition = (imei: string, now = Date.now()) =>
      ingest(
        baseURL(),
        [0, 1].map((i) => ({
          deviceId: imei,
          time: now - 60_000 + i * 10_000,
          ...FIELD,
          speedKmh: 0,
          ignition: false,
          pto: false,
          rpm: 0,
          coolantC: 30,
          externalVoltage: 12.6,
        })),
      );
    ({ mobile, token } = await ownerWithTractor(page, { name: 'Selvi Murugan', pin: PIN }, (made) => lastPosition(made.tractor.imei)));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('draws a polygon by tapping corners: a pan draws nothing, Undo drops a corner, a tap on the first corner closes it', async () => {
    await open(page, '/create-geofence');
    await page.getByRole('textbox', { name: 'Geofence name' }).fill('Finger_field');
    await tap(page.getByRole('radio', { name: 'Polygon' }));
    await page.getByRole('button', { name: "Place a point at the map's centre" }).and(page.locator(':enabled')).waitFor();
    const m = await mapMiddle();
    const before = await mapPane();
    await gesture([m], [{ x: m.x + 60, y: m.y + 30 }]);
    await expect.poll(mapPane).not.toBe(before);
    await mapAtRest();
    expect(await dots().count()).toBe(0);
    expect(await page.locator('.draw-step').innerText()).toBe('Tap the map at each corner of the area.');

    await tapMap(-60, -40, 1);
    await tapMap(60, -40, 2);
    await tapMap(60, 40, 3);
    await tapMap(0, 80, 4);
    await tap(page.getByRole('button', { name: 'Undo last point' }));
    await expect.poll(() => dots().count()).toBe(3);
    await tapMap(-60, -40, 3);
    await page.locator('.draw-step').filter({ hasText: 'Area closed with 3 corners.' }).waitFor();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/geofences') && r.request().method() === 'POST');
    await tap(page.getByRole('button', { name: 'Save' }));
    expect((await answer).status()).toBe(201);
    await expectRoute(page, '/geofence-list');
    const saved = (await geofences()).find((g) => g.name === 'Finger_field');
    expect(saved).toMatchObject({ shape: 'polygon' });
    expect(saved?.coordinates).toHaveLength(3);
  });

  it('draws a circle by tapping its centre and its edge; a pinch before draws nothing', async () => {
    await open(page, '/create-geofence');
    await page.getByRole('textbox', { name: 'Geofence name' }).fill('Finger_well');
    await tap(page.getByRole('radio', { name: 'Circle' }));
    await page.getByRole('button', { name: "Place a point at the map's centre" }).and(page.locator(':enabled')).waitFor();
    const m0 = await mapMiddle();
    const zoomedFrom = await page.locator('.draw-map .leaflet-proxy').evaluate((el) => (el as HTMLElement).style.transform);
    await gesture(
      [
        { x: m0.x - 30, y: m0.y },
        { x: m0.x + 30, y: m0.y },
      ],
      [
        { x: m0.x - 90, y: m0.y },
        { x: m0.x + 90, y: m0.y },
      ],
    );
    await mapAtRest();
    await expect.poll(() => page.locator('.draw-map .leaflet-proxy').evaluate((el) => (el as HTMLElement).style.transform)).not.toBe(zoomedFrom);
    expect(await dots().count()).toBe(0);
    expect(await page.locator('.draw-step').innerText()).toBe('Tap the map to place the centre.');
    await tapMap(0, 0, 1);
    const m = await mapMiddle();
    await page.touchscreen.tap(m.x + 50, m.y);
    const radius = page.getByRole('spinbutton', { name: 'Radius (metres)' });
    await expect.poll(async () => Number(await radius.inputValue())).toBeGreaterThan(0);
    const drawn = Number(await radius.inputValue());
    await tap(page.getByRole('button', { name: 'Save' }));
    await expectRoute(page, '/geofence-list');
    expect((await geofences()).find((g) => g.name === 'Finger_well')).toMatchObject({ shape: 'circle', radiusM: drawn });
  });

  it('in Tamil: the same polygon by touch', async () => {
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/create-geofence');
    await page.locator('input[maxlength="40"]').fill('Vayal_ta');
    await tap(page.locator('input[name="shape"][value="polygon"]'));
    await page.locator('.draw-tools button:enabled').first().waitFor();
    await tapMap(-50, -40, 1);
    await tapMap(50, -40, 2);
    await tapMap(0, 50, 3);
    await tap(page.locator('.draw-tools button').nth(3));
    await expect.poll(() => page.locator('.draw-map path.area').count()).toBeGreaterThan(0);
    await tap(page.locator('button[type="submit"]'));
    await expectRoute(page, '/geofence-list');
    expect((await geofences()).find((g) => g.name === 'Vayal_ta')?.coordinates).toHaveLength(3);
    await switchLanguage(page, 'English', 'en');
  });

  it('the side menu opens by a tap and closes by a tap on the dimmed page beside it', async () => {
    await open(page, '/tabs/home');
    await tap(page.getByRole('button', { name: 'Open menu' }));
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.touchscreen.tap(NARROW_PHONE.width - 10, NARROW_PHONE.height / 2);
    await menu.waitFor({ state: 'detached' });
  });

  it('the on-screen keyboard hides neither the PIN field nor Log in', async () => {
    await open(page, '/settings');
    await tap(page.getByRole('button', { name: 'Log out of this device' }));
    await tap(page.getByRole('dialog', { name: 'Log out of this device?' }).getByRole('button', { name: 'Log out', exact: true }));
    await expectRoute(page, '/login');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    const pin = page.getByLabel('PIN', { exact: true });
    await tap(pin);
    // The keyboard takes the lower half of the screen.
    await page.setViewportSize({ width: NARROW_PHONE.width, height: 400 });
    const inView = (target: Locator) =>
      target.evaluate((el) => {
        const b = el.getBoundingClientRect();
        return b.top >= 0 && b.bottom <= window.innerHeight;
      });
    await expect.poll(() => inView(pin)).toBe(true);
    await expect.poll(() => inView(page.getByRole('button', { name: 'Log in' }))).toBe(true);
    await pin.fill(PIN);
    await tap(page.getByRole('button', { name: 'Log in' }));
    await expectRoute(page, '/tabs/home');
    await page.setViewportSize(NARROW_PHONE);
  });
});
