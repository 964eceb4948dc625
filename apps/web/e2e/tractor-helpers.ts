import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expectRoute } from './support/browser';
import { enterOtp, logIn } from './support/flows';
import { smsTo } from './support/sms';

/**
 * Shared steps of the tractor browser tests (issue 4). A new browser is bound to an account with an
 * OTP, and a number may receive only 3 OTPs in 15 minutes, so each file signs in once and reuses
 * its page.
 */

/** Logs in, binding this browser with the OTP from the local SMS inbox when the server asks for it. */
export async function logInBinding(page: Page, mobile: string, pin: string): Promise<void> {
  const before = (await smsTo(mobile)).length;
  await logIn(page, mobile, pin);
  // Two files bind the demo owner: when the one before asked for an OTP moments ago, the server
  // says how long to wait before the next (the resend cooldown); wait that long and log in again.
  const cooldown = page.getByText(/Please wait (\d+) seconds? before asking for a new OTP/);
  const signedIn = (url: URL) => url.hash === '#/verify-otp' || url.hash === '#/tabs/home';
  await Promise.race([page.waitForURL(signedIn, { timeout: 15_000 }), cooldown.waitFor({ timeout: 15_000 })]);
  if (!signedIn(new URL(page.url()))) {
    const seconds = Number(/(\d+)/.exec(await cooldown.innerText())?.[1] ?? 30);
    await page.waitForTimeout(seconds * 1000);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(signedIn, { timeout: 15_000 });
  }
  if (new URL(page.url()).hash === '#/verify-otp') await enterOtp(page, mobile, before);
  await expectRoute(page, '/tabs/home');
}

/**
 * An access token of the page's session, for asking the API directly: the refresh cookie is
 * httpOnly, so the page itself asks (the rotated cookie stays in the browser for the app).
 */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/refreshtoken', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
    return ((await res.json()) as { access_token: string }).access_token;
  });
}

export async function api<T>(baseURL: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** WCAG 2.1 A/AA and best-practice violations, as axe reports them, with the offending selectors. */
export async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** 'YYYY-MM-DD' in India, `days` from today. */
export function istDay(days = 0): string {
  return new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The accessible name of a calendar day, e.g. /\b15 November 2026\b/ (weekday, today and selected vary). */
export function dayName(iso: string): RegExp {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new RegExp(`\\b${d} ${MONTHS[m - 1]} ${y}\\b`);
}

/**
 * A day's button in an English calendar dialog, with its month shown first: back or forward from the
 * month on show (named by the grid), as the day is before or after it. A range can end in the month
 * after the one its start was picked in (the 2nd after the 30th), and the days 1 to 10 back from
 * today cross into the month before only in the month's first days: a walk only backwards failed there.
 */
export async function calendarDay(dialog: Locator, iso: string): Promise<Locator> {
  const button = dialog.getByRole('button', { name: dayName(iso) });
  const [y, m] = iso.split('-').map(Number) as [number, number];
  for (let i = 0; i < 4 && (await button.count()) === 0; i++) {
    const [name = '', year = ''] = ((await dialog.getByRole('grid').first().getAttribute('aria-label')) ?? '').split(' ');
    const later = y * 12 + m - 1 > Number(year) * 12 + MONTHS.indexOf(name);
    await dialog.getByRole('button', { name: later ? 'Next month' : 'Previous month' }).click();
  }
  return button;
}
