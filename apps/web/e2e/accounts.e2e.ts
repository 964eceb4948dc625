import { describe, expect, it } from 'vitest';
import { expectRoute, newPhone, open, useBrowser } from './support/browser';
import { enterOtp, logIn, logOut, registerThroughScreens } from './support/flows';
import { smsTo, uniqueMobile } from './support/sms';

describe('accounts in the browser', () => {
  const { browser } = useBrowser();

  it('registers, logs out, logs in, refuses a wrong PIN, resets and changes the PIN', async () => {
    const { context, page } = await newPhone(browser());
    const mobile = uniqueMobile();
    await registerThroughScreens(page, mobile, '4826', 'Sunita Devi');
    await expect.poll(() => page.getByRole('heading', { name: 'Hello, Sunita' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No tractors available').isVisible()).toBe(true);

    await logOut(page);
    await logIn(page, mobile, '4826');
    await expectRoute(page, '/tabs/home');

    await logOut(page);
    await logIn(page, mobile, '1111');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid mobile number and PIN' }).isVisible()).toBe(true);
    await expectRoute(page, '/login');

    // Forgot PIN: OTP, a new PIN, then log in with it.
    await page.getByRole('link', { name: 'Forgot PIN?' }).click();
    await expectRoute(page, '/forgot-pin');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    const before = (await smsTo(mobile)).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await enterOtp(page, mobile, before);
    await expectRoute(page, '/reset-pin');
    await page.getByLabel('New PIN', { exact: true }).fill('7391');
    await page.getByLabel('Confirm new PIN').fill('7391');
    await page.getByRole('button', { name: 'Save new PIN' }).click();
    await expectRoute(page, '/login');
    await expect.poll(() => page.getByText('PIN changed successfully').isVisible()).toBe(true);
    await logIn(page, mobile, '7391');
    await expectRoute(page, '/tabs/home');

    // Change PIN: a wrong old PIN is refused, the right one works.
    await open(page, '/change-pin');
    await page.getByLabel('Old PIN').fill('0000');
    await page.getByLabel('New PIN', { exact: true }).fill('5555');
    await page.getByLabel('Confirm new PIN').fill('5555');
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /old PIN/i }).isVisible()).toBe(true);
    await page.getByLabel('Old PIN').fill('7391');
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await expect.poll(() => page.getByText('PIN changed successfully').isVisible()).toBe(true);
    await logOut(page);
    await logIn(page, mobile, '5555');
    await expectRoute(page, '/tabs/home');
    await context.close();
  });

  it('asks a new browser for an OTP once, then binds it', async () => {
    const first = await newPhone(browser());
    const mobile = uniqueMobile();
    await registerThroughScreens(first.page, mobile, '2468');
    await first.context.close();

    const { context, page } = await newPhone(browser());
    const before = (await smsTo(mobile)).length;
    await logIn(page, mobile, '2468');
    await enterOtp(page, mobile, before);
    await expectRoute(page, '/tabs/home');
    await logOut(page);
    const after = (await smsTo(mobile)).length;
    await logIn(page, mobile, '2468');
    await expectRoute(page, '/tabs/home');
    expect((await smsTo(mobile)).length).toBe(after);
    await context.close();
  });

  it('guards routes: a fresh browser opening #/settings lands on #/login, a signed-in one opening #/login lands on #/tabs/home', async () => {
    const fresh = await newPhone(browser());
    await open(fresh.page, '/settings');
    await expectRoute(fresh.page, '/login');
    await fresh.context.close();

    const { context, page } = await newPhone(browser());
    await registerThroughScreens(page, uniqueMobile(), '1357');
    await open(page, '/login');
    await expectRoute(page, '/tabs/home');
    // And after a reload the session is restored from the refresh cookie.
    await page.reload();
    await open(page, '/login');
    await expectRoute(page, '/tabs/home');
    await context.close();
  });
});
