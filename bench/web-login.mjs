// What a phone downloads to show the login screen, and how Lighthouse (mobile defaults) rates it.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromePath, CHROMIUM_FLAGS, launchChromium } from './lib/chromium.mjs';

/**
 * Sums the gzip size of every script the page itself loads until the login form is visible
 * (the service worker's background precache is not part of showing the screen).
 */
export async function loginScriptBytes(url) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 780 } });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const sizes = response.request().sizes();
      scripts.push(
        Promise.all([response.body(), sizes]).then(([b, s]) => ({
          url: response.url(),
          raw: b.length,
          gz: gzipSync(b, { level: 9 }).length,
          wire: s.responseBodySize,
        })),
      );
    });
    await page.goto(`${url}/#/login`);
    await page
      .getByRole('button', { name: /log ?in|sign ?in/i })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const sum = (key) => files.reduce((s, f) => s + f[key], 0);
    return { files, gzip: sum('gz'), raw: sum('raw'), wire: sum('wire') };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse (mobile defaults) on `url`. With `userDataDir`, Chromium runs on that profile and
 * Lighthouse keeps its storage, so a signed-in screen (the home tab) can be measured.
 */
export async function lighthouseScores(url, { userDataDir } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROMIUM_FLAGS, ...(userDataDir ? { userDataDir } : {}) });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(userDataDir ? { disableStorageReset: true } : {}),
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const failed = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
      speedIndexMs: Math.round(audits['speed-index'].numericValue),
      failedAudits: failed,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Signs the demo owner in on a fresh on-disk profile (binding the browser with the OTP from the dev
 * inbox) and waits for the home tab with its data; returns the profile folder for lighthouseScores.
 */
export async function signedInProfile(url, { mobile = '9876543210', pin = '1234' } = {}) {
  const { chromium } = await import('playwright-core');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'tl-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromePath(),
    headless: true,
    args: CHROMIUM_FLAGS.slice(1),
    viewport: { width: 390, height: 780 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const inbox = async () => (await (await fetch(`${url}/api/v1/dev/sms-inbox?mobileNo=${mobile}`)).json()).messages;
    await page.goto(`${url}/#/login`);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    await page.getByLabel('PIN', { exact: true }).fill(pin);
    const before = (await inbox()).length;
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.hash === '#/verify-otp', { timeout: 30_000 });
    let code;
    while (!code) {
      const messages = await inbox();
      code = messages.length > before ? /\b(\d{6})\b/.exec(messages.at(-1).text)?.[1] : undefined;
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    await page.getByRole('textbox', { name: 'OTP' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.hash === '#/tabs/home', { timeout: 30_000 });
    await page.getByTestId('engine-hours').waitFor({ timeout: 60_000 });
    // Let the service worker settle, so Lighthouse sees the app as an owner does on the next visit.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  } finally {
    await context.close();
  }
  return dir;
}
