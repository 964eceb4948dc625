import { describe, expect, it } from 'vitest';
import { expectRoute, newPhone, open, useBrowser } from './support/browser';
import { enterOtp, logIn, logOut, registerThroughScreens, resetPinThroughScreens } from './support/flows';
import { baseURL } from './support/browser';
import { latestOtp, smsTo, uniqueMobile } from './support/sms';

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
    await resetPinThroughScreens(page, mobile, '7391');
    await expect.poll(() => page.getByText('PIN changed successfully').isVisible()).toBe(true);
    await logIn(page, mobile, '7391');
    await expectRoute(page, '/tabs/home');

    // Change PIN: a wrong old PIN is refused, the right one works.
    await open(page, '/change-pin');
    await page.getByLabel('Old PIN').fill('0000');
    await page.getByLabel('New PIN', { exact: true }).fill('5555');
    await page.getByLabel('Confirm new PIN').fill('5555');
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /old PIN/i })
          .isVisible(),
      )
      .toBe(true);
    await page.getByLabel('Old PIN').fill('7391');
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await expect.poll(() => page.getByText('PIN changed successfully').isVisible()).toBe(true);
    await logOut(page);
    await logIn(page, mobile, '5555');
    await expectRoute(page, '/tabs/home');
    await context.close();
  });

  it("Forgot PIN on the owner's own phone works after strangers at its address locked the PIN, spent the address's codes and burned one", async () => {
    const { context, page } = await newPhone(browser());
    const mobile = uniqueMobile();
    await registerThroughScreens(page, mobile, '4826'); // this address's 1st code; the browser is now bound
    await logOut(page);

    // A stranger behind the same address (carrier NAT), with no browser bound to the account.
    const api = (path: string, body: Record<string, unknown>) =>
      fetch(`${baseURL()}/api/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (let i = 0; i < 5; i++) await api('login', { userName: mobile, password: '0000', deviceID: crypto.randomUUID() });
    expect((await api('otp/send', { mobileNo: mobile, purpose: 'reset' })).status).toBe(200); // 2nd
    const stolen = await latestOtp(mobile);
    for (let i = 0; i < 5; i++)
      await api('otp/verify', { mobileNo: mobile, purpose: 'reset', otp: String((Number(stolen) + 1 + i) % 1_000_000).padStart(6, '0') });
    expect((await api('otp/send', { mobileNo: mobile, purpose: 'bind' })).status).toBe(200); // 3rd: the address's 3 per 15 minutes are spent
    expect((await api('otp/send', { mobileNo: mobile, purpose: 'reset' })).status).toBe(429);

    await logIn(page, mobile, '4826');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Too many wrong PINs' }).isVisible()).toBe(true);
    await resetPinThroughScreens(page, mobile, '7391');
    await logIn(page, mobile, '7391');
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
