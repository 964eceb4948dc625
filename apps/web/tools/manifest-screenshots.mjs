// Takes the install dialog's screenshots (manifest `screenshots`, src/manifest/manifests.ts) of the demo
// owner's home and alerts: narrow at 360 × 740 CSS px (720 × 1480 on a 2x phone) and wide at 1280 × 800.
// Usage (after a build): node apps/web/tools/manifest-screenshots.mjs — starts its own server with the demo
// fleet, signs the demo owner in with the OTP from the dev inbox, writes apps/web/public/screenshots/*.png.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromePath, CHROMIUM_FLAGS } from '../../../bench/lib/chromium.mjs';
import { startServer } from '../../../bench/lib/server.mjs';

const out = new URL('../public/screenshots/', import.meta.url).pathname;
const MOBILE = '9876543210';
const server = await startServer({
  env: {
    NODE_ENV: 'development',
    SMS_PROVIDER: 'local',
    SIMULATE_FLEET: 'true',
    SIMULATE_FLEET_DAYS: '3',
    DEVICE_TCP_PORT: '0',
    DEVICE_MAX_RECORDS_PER_MINUTE: '1000000',
  },
});
const dir = mkdtempSync(join(tmpdir(), 'tl-shots-'));
const context = await chromium.launchPersistentContext(dir, {
  executablePath: chromePath(),
  headless: true,
  args: CHROMIUM_FLAGS.slice(1),
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  locale: 'en-IN',
  timezoneId: 'Asia/Kolkata',
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const inbox = async () => (await (await fetch(`${server.url}/api/v1/dev/sms-inbox?mobileNo=${MOBILE}`)).json()).messages;
  await page.goto(`${server.url}/#/login`);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(MOBILE);
  await page.getByLabel('PIN', { exact: true }).fill('1234');
  const before = (await inbox()).length;
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.hash === '#/verify-otp');
  let code;
  while (!code) {
    const messages = await inbox();
    code = messages.length > before ? /\b(\d{6})\b/.exec(messages.at(-1).text)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  await page.getByRole('textbox', { name: 'OTP' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((u) => u.hash === '#/tabs/home');
  await page.getByTestId('engine-hours').waitFor({ timeout: 60_000 });
  // The screens as an owner sees them after the first day: tips read, data in.
  const shot = async (route, name, ready) => {
    await page.goto(`${server.url}/#${route}`);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    for (const gotIt of await page.getByRole('button', { name: 'Got it' }).all()) await gotIt.click();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    const file = join(out, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${file}: ${(statSync(file).size / 1024).toFixed(0)} KB`);
  };
  await shot('/tabs/home', 'home-narrow', '[data-testid="engine-hours"]');
  await shot('/alert', 'alerts-narrow', 'nav.tab-bar');
  // Wide (a tablet or a computer): one image pixel per CSS pixel.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/#/tabs/home`);
  await page.getByTestId('engine-hours').waitFor();
  await page.waitForLoadState('networkidle');
  const file = join(out, 'home-wide.png');
  await page.screenshot({ path: file, scale: 'css' });
  console.log(`${file}: ${(statSync(file).size / 1024).toFixed(0)} KB`);
} finally {
  await context.close();
  rmSync(dir, { recursive: true, force: true });
  await server.stop();
}
