import type { Page } from 'playwright-core';
import { sessionToken } from '../tractor-helpers';
import { claimTractor, provisionTractor, type SeededTractor } from './alerts-seed';
import { baseURL, expectRoute, open } from './browser';
import { latestOtp, smsTo, uniqueMobile } from './sms';

/** Fills the OTP screen with the newest code sent to `mobile` after `countBefore` messages. */
export async function enterOtp(page: Page, mobile: string, countBefore: number): Promise<void> {
  await expectRoute(page, '/verify-otp');
  await page.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(mobile, countBefore));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The mobile-number form (registration, Forgot PIN), then the OTP read from the local SMS inbox. */
async function proveMobile(page: Page, mobile: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  const before = (await smsTo(mobile)).length;
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(page, mobile, before);
}

/** Registration up to the profile step: mobile number, then the OTP read from the local SMS inbox. */
export async function startRegistration(page: Page, mobile: string): Promise<void> {
  await open(page, '/register');
  await proveMobile(page, mobile);
  await expectRoute(page, '/create-new-profile');
}

/** Registers a new owner through the screens, reading the OTP from the local SMS inbox. */
export async function registerThroughScreens(page: Page, mobile: string, pin: string, name = 'Ramesh Patil'): Promise<void> {
  await startRegistration(page, mobile);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Date of birth').fill('1985-06-15');
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectRoute(page, '/create-new-pin');
  await page.getByLabel('New PIN', { exact: true }).fill(pin);
  await page.getByLabel('Confirm new PIN').fill(pin);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectRoute(page, '/tabs/home');
}

/** Forgot PIN from the login screen: the number, the OTP from the local inbox, a new PIN; ends on the login screen. */
export async function resetPinThroughScreens(page: Page, mobile: string, newPin: string): Promise<void> {
  // The login screen may show the link twice (beside a PIN_BLOCKED message, and below the form).
  await page.getByRole('link', { name: 'Forgot PIN?' }).first().click();
  await expectRoute(page, '/forgot-pin');
  await proveMobile(page, mobile);
  await expectRoute(page, '/reset-pin');
  await page.getByLabel('New PIN', { exact: true }).fill(newPin);
  await page.getByLabel('Confirm new PIN').fill(newPin);
  await page.getByRole('button', { name: 'Save new PIN' }).click();
  await expectRoute(page, '/login');
}

/** Logs in from the login screen (no OTP: this browser is already bound). */
export async function logIn(page: Page, mobile: string, pin: string): Promise<void> {
  await open(page, '/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await open(page, '/settings');
  await page.getByRole('button', { name: 'Log out of this device' }).click();
  await page.getByRole('dialog', { name: 'Log out of this device?' }).getByRole('button', { name: 'Log out', exact: true }).click();
  await expectRoute(page, '/login');
}

export interface OwnerWithTractor {
  mobile: string;
  /** An access token for asking the API directly (taken once, while the app is settled). */
  token: string;
  tractor: SeededTractor;
}

/**
 * A new owner registered through the screens (a fresh number), with a tractor the operator
 * provisioned for that number and the owner claimed and named; `prepare` (records ingested, data
 * made through the API) runs next. Then the app starts again, as the home answer it holds predates
 * the tractor, and this waits on the home tab until the tractor's name shows (the start's session
 * refresh is over).
 */
export async function ownerWithTractor(
  page: Page,
  owner: { name: string; pin: string },
  prepare?: (made: OwnerWithTractor) => Promise<unknown>,
): Promise<OwnerWithTractor> {
  const mobile = uniqueMobile();
  await registerThroughScreens(page, mobile, owner.pin, owner.name);
  // One refresh for the test's own token, while the app is settled: a rotated refresh token used
  // twice (the app's and ours racing) would end the session, by design.
  const token = await sessionToken(page);
  const tractor = await provisionTractor(baseURL(), mobile, owner.name);
  await claimTractor(baseURL(), token, tractor);
  const made = { mobile, token, tractor };
  await prepare?.(made);
  await page.reload();
  await expectRoute(page, '/tabs/home');
  await page.locator('#tractor-name').filter({ hasText: tractor.name }).waitFor();
  return made;
}
