import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

// Flags Chromium needs on this kind of machine (DESIGN §4): as root, no GPU, no outbound calls of its own.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const baseURL = (): string => inject('baseURL');

/** One Chromium per test file; each test opens fresh contexts (a fresh context = a fresh browser profile). */
export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromePath'), headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('the browser is not started');
      return browser;
    },
  };
}

/** A phone-sized context with the app's origin as base URL. */
/** A cheap Android phone's screen (CSS px): the narrowest the app is made for. */
export const NARROW_PHONE = { width: 360, height: 740 } as const;

export async function newPhone(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.viewport ?? { width: 390, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A phone with a real on-disk profile: Chromium only judges installability outside incognito,
 * and every ordinary Playwright context is incognito-like.
 */
export async function persistentPhone(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tl-e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: inject('chromePath'),
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseURL(),
    viewport: { width: 390, height: 780 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a hash route, e.g. open(page, '/login') loads `/#/login`. */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
}

/** Waits until the page's hash route is `route`. */
export async function expectRoute(page: Page, route: string): Promise<void> {
  await page.waitForURL((url) => url.hash === `#${route}`, { timeout: 15_000 });
}

/** Switches the app's language on the language screen (saved to the profile) and waits until the page speaks it. */
export async function switchLanguage(page: Page, nativeName: string, code: string): Promise<void> {
  await open(page, '/language');
  const radio = page.getByRole('radio', { name: nativeName });
  if (!(await radio.isChecked())) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile') && r.request().method() === 'PUT');
    await radio.check();
    expect((await saved).ok()).toBe(true);
  }
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(code);
}
