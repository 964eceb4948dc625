import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhone, open, useBrowser } from './support/browser';
import { logIn, logOut, registerThroughScreens } from './support/flows';
import { uniqueMobile } from './support/sms';
import { violations } from './tractor-helpers';

const NO_TRACTORS = 'No tractors available';

/**
 * The coach mark of each screen, by its heading (the region's name), in English, and something the
 * screen shows once drawn (a newcomer has no tractor yet), so "no coach mark" is not read too early.
 */
const COACH = {
  home: { route: '/tabs/home', title: 'Start here', drawn: NO_TRACTORS },
  usage: { route: '/tabs/tractor', title: 'See how your tractor worked', drawn: NO_TRACTORS },
  geofences: { route: '/geofence-list', title: 'Draw a safe area', drawn: 'No geofences yet' },
  alerts: { route: '/alert', title: 'Know when something is wrong', drawn: NO_TRACTORS },
  locate: { route: '/locate-me', title: 'Find your tractor', drawn: NO_TRACTORS },
  about: { route: '/about', title: 'Need help?', drawn: 'Contact us' },
} as const;

const coachMark = (page: Page, title: string) => page.getByRole('region', { name: title });

/** Opens a screen and waits until it has drawn and fetched what it needs (the about tips are a chunk of their own). */
async function visit(page: Page, screen: { route: string; drawn: string }): Promise<void> {
  await open(page, screen.route);
  await page.getByText(screen.drawn).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('coach marks (spec §2, §4)', () => {
  const { browser } = useBrowser();

  it('a newcomer sees each screen\'s tips until "Got it"; after signing out and in again (number saved) none shows', async () => {
    const { context, page } = await newPhone(browser());
    const mobile = uniqueMobile();
    const pin = '5173';
    await registerThroughScreens(page, mobile, pin, 'Lakshmi Devi');

    // A newcomer: the home tips are at the top of the content, the screen still usable around them.
    const home = coachMark(page, COACH.home.title);
    await home.waitFor();
    expect(await home.getByRole('listitem').count()).toBe(3);
    expect(await page.getByRole('heading', { name: /Hello/ }).isVisible()).toBe(true);
    expect(await violations(page), 'home with its coach mark').toEqual([]);
    await home.getByRole('button', { name: 'Got it' }).click();
    await home.waitFor({ state: 'detached' });
    // Stored (encrypted, in IndexedDB) a moment after the tap: wait for it, then reload.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const req = indexedDB.open('tractorlink-secure');
          req.onsuccess = () => {
            const get = req.result.transaction('values').objectStore('values').get('hideHomeCoachMark');
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => resolve(false);
          };
          req.onerror = () => resolve(false);
        }),
    );

    // Gone for good: after a reload too.
    await page.reload();
    await visit(page, COACH.home);
    expect(await coachMark(page, COACH.home.title).count()).toBe(0);

    // The other screens keep theirs until dismissed there.
    for (const screen of [COACH.usage, COACH.geofences, COACH.alerts, COACH.locate, COACH.about]) {
      await visit(page, screen);
      await coachMark(page, screen.title).waitFor();
      if (screen === COACH.alerts) {
        // Listen is offered to a signed-in owner with or without a voice on the phone (the server's
        // voice, issue 14), and the tips say so.
        expect(await coachMark(page, screen.title).getByRole('button', { name: 'Listen' }).count()).toBe(1);
        expect(await coachMark(page, screen.title).getByRole('listitem').count()).toBe(3);
        expect(await coachMark(page, screen.title).getByRole('list').textContent()).toContain('Listen');
      }
    }
    expect(await violations(page), 'about with its coach mark').toEqual([]);

    // A returning owner: the number was saved at the first login, so every coach mark is hidden.
    await logOut(page);
    await logIn(page, mobile, pin);
    await page.getByRole('heading', { name: /Hello/ }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/tabs/home');
    for (const screen of Object.values(COACH)) {
      await visit(page, screen);
      expect(await coachMark(page, screen.title).count(), screen.route).toBe(0);
    }
    await context.close();
  });
});
