import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '@tractorlink/domain/auth';
import ta from '../src/locales/ta.json';
import taTractor from '../src/locales/tractor/ta.json';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { registerThroughScreens } from './support/flows';
import { uniqueMobile } from './support/sms';
import { api, sessionToken } from './tractor-helpers';

/**
 * Issue 19 item 1, the profile photo, in Chromium at 360 × 740 and in Tamil: with the phone offline a
 * photo is chosen on the profile screen; it shows at once, waiting, and still after a reload (offline);
 * back online it is stored exactly once on the server (read through the API) and the picture is
 * served. A new owner, one sign-in for the file (OTP limits).
 */

/** An 8 × 8 PNG, small enough to read at a glance and a real image (the browser draws it). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4ESCCFTEMLQkAe3tLAd0ehu8AAAAASUVORK5CYII=', 'base64');
const WAITING = taTractor['outbox.waiting'];

/**
 * What the app's secure storage holds under each name starting with `prefix`: decrypted with the
 * page's own key (a non-extractable CryptoKey, usable in the page), and whether the bytes on disk
 * showed `plain` (they must not: the photo is stored encrypted).
 */
function stored(page: Page, prefix: string, plain = ''): Promise<{ name: string; text: string; plainOnDisk: boolean }[]> {
  return page.evaluate(
    async ({ prefix, plain }) => {
      const ask = <T>(req: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      const open = indexedDB.open('tractorlink-secure');
      const db = await ask(open);
      const key = (await ask(db.transaction('keys').objectStore('keys').get('aes-gcm'))) as CryptoKey;
      const values = db.transaction('values').objectStore('values');
      const [names, sealed] = await Promise.all([ask(values.getAllKeys()), ask(values.getAll())]);
      const out: { name: string; text: string; plainOnDisk: boolean }[] = [];
      for (let i = 0; i < names.length; i++) {
        const name = String(names[i]);
        if (!name.startsWith(prefix)) continue;
        const v = sealed[i] as { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
        const text = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: v.iv }, key, v.data));
        const plainOnDisk = plain !== '' && new TextDecoder('latin1').decode(v.data).includes(plain);
        out.push({ name, text, plainOnDisk });
      }
      db.close();
      return out;
    },
    { prefix, plain },
  );
}

describe('a profile photo chosen offline', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  /** Answers of the server to the photo's POST: [status, replayed?] (a replay is the key at work, not a second store). */
  const uploads: { status: number; replayed: boolean }[] = [];

  const profile = () => api<UserData>(baseURL(), token, 'profile');
  const picker = () => page.locator('.picture-picker');
  const shownPicture = () => picker().locator('.avatar img').getAttribute('src');

  /** No sideways scroll at 360 px; the picker's button is a full touch target. */
  async function fitsNarrowPhone() {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW_PHONE.width);
    const box = await picker().locator('label.btn').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
  }

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    await registerThroughScreens(page, uniqueMobile(), '3579', 'Meena Rajan');
    token = await sessionToken(page);
    page.on('response', (r) => {
      if (r.url().endsWith('/api/v1/image') && r.request().method() === 'POST') {
        uploads.push({ status: r.status(), replayed: r.headers()['idempotent-replayed'] === 'true' });
      }
    });
    // Start again so the service worker controls the page.
    await page.reload();
    await expectRoute(page, '/tabs/home');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('is kept and shown while offline, through a reload, and stored once when the signal returns', async () => {
    // Tamil, online, so the phone has its words; then the profile screen once online (the worker
    // keeps a screen's code once it is used).
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/create-new-profile');
    await picker().getByText(ta['profile.choosePicture']).waitFor();
    expect((await profile()).imageURL).toBeNull();
    await context.setOffline(true);
    await page.getByRole('button', { name: ta['banner.userOffline'] }).waitFor();

    await picker().locator('input[type=file]').setInputFiles({ name: 'meena.png', mimeType: 'image/png', buffer: PHOTO });
    await picker().getByText(WAITING).waitFor();
    const kept = `data:image/png;base64,${PHOTO.toString('base64')}`;
    expect(await shownPicture()).toBe(kept);
    // A real picture on screen, drawn from what the phone kept.
    expect(
      await picker()
        .locator('.avatar img')
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBe(8);
    await page.getByTestId('outbox-count').filter({ hasText: '1' }).waitFor();
    await fitsNarrowPhone();
    // Kept on the phone, encrypted: one outbox entry holding the photo, not readable on disk.
    const base64 = PHOTO.toString('base64');
    await expect
      .poll(async () => (await stored(page, 'outbox.', base64)).map((e) => ({ photo: e.text.includes(base64), plainOnDisk: e.plainOnDisk })))
      .toEqual([{ photo: true, plainOnDisk: false }]);
    expect(uploads).toEqual([]);
    expect((await profile()).imageURL).toBeNull();

    // A reload, offline: the photo is still there, still waiting.
    await page.reload();
    await expectRoute(page, '/create-new-profile');
    await picker().getByText(WAITING).waitFor();
    expect(await shownPicture()).toBe(kept);
    await page.getByRole('button', { name: `${ta['banner.userOffline']}, ${ta['banner.waiting'].replace('{{count}}', '1')}` }).waitFor();
    await fitsNarrowPhone();
    expect((await profile()).imageURL).toBeNull();

    await context.setOffline(false);
    await expect.poll(async () => (await profile()).imageURL).toMatch(/^image\?imageName=[0-9a-f]{32}\.png$/);
    const { imageURL } = await profile();
    await picker().getByText(WAITING).waitFor({ state: 'detached' });
    // The screen now shows the server's picture (fetched with the session), no longer the kept one.
    await expect.poll(shownPicture).toMatch(/^blob:/);
    await expect.poll(() => page.getByTestId('outbox-count').count()).toBe(0);
    await fitsNarrowPhone();

    // Stored once: one POST answered by a store (a second store would name a new picture). After the
    // reload the page may first send with a token that has expired meanwhile: a 401 before the route runs.
    const stores = () => uploads.filter((u) => u.status === 200 && !u.replayed);
    expect(stores()).toHaveLength(1);
    expect(uploads.filter((u) => u.status !== 200 && u.status !== 401)).toEqual([]);
    const served = await fetch(`${baseURL()}/api/v1/${imageURL}`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PHOTO)).toBe(true);

    // Nothing is sent again by a later start. First, what the reload will read is on disk: the entry
    // gone, and the profile (with its picture) in the kept query data.
    await expect.poll(async () => (await stored(page, 'outbox.')).length).toBe(0);
    await expect.poll(async () => (await stored(page, 'queryCache')).some((e) => e.text.includes(imageURL ?? '-'))).toBe(true);
    await page.reload();
    await expectRoute(page, '/create-new-profile');
    await expect.poll(shownPicture).toMatch(/^blob:/);
    expect(stores()).toHaveLength(1);
    expect((await profile()).imageURL).toBe(imageURL);
  });

  it('online, a photo chosen is stored at once: no waiting note, one store', async () => {
    const before = (await profile()).imageURL;
    const storesBefore = uploads.filter((u) => u.status === 200 && !u.replayed).length;
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/image') && r.request().method() === 'POST');
    await picker().locator('input[type=file]').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: PHOTO });
    expect((await answered).status()).toBe(200);
    await expect.poll(async () => (await profile()).imageURL).not.toBe(before);
    await expect.poll(shownPicture).toMatch(/^blob:/);
    expect(await picker().getByText(WAITING).count()).toBe(0);
    expect(uploads.filter((u) => u.status === 200 && !u.replayed)).toHaveLength(storesBefore + 1);
    await fitsNarrowPhone();
  });
});
