// Prints the gzipped JavaScript loaded from opening the app to showing the home tab of an owner with
// tractors (issue 4 budget: 170 KB; the map, chart and calendar chunks must not be among it), twice:
// a phone's first login (bound with an OTP: the OTP screen's code comes too), and an ordinary login
// on a phone already bound (after logging out, with the browser cache cleared); then the JS the
// renewal page adds beyond them (issue 13 budget: 40 KB).
// Usage, with the server running the demo (npm start) and a fresh build in dist/:
//   node tools/home-js-size.mjs [baseURL=http://127.0.0.1:8080] [mobile=9876543210] [pin=1234]
// A fresh browser is bound with an OTP read from the dev SMS inbox (3 OTPs per number per 15 minutes).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:8080', mobile = '9876543210', pin = '1234'] = process.argv.slice(2);
const dist = new URL('../dist/', import.meta.url).pathname;
const inbox = async () => (await (await fetch(`${base}/api/v1/dev/sms-inbox?mobileNo=${mobile}`)).json()).messages;

const dir = mkdtempSync(join(tmpdir(), 'tl-home-size-'));
const context = await chromium.launchPersistentContext(dir, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 390, height: 780 },
});
const page = context.pages()[0] ?? (await context.newPage());
const origin = new URL(base).origin;
const loadedScripts = () =>
  page.evaluate(
    (o) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.startsWith(o) && n.endsWith('.js') && !n.endsWith('/sw.js')),
    origin,
  );

async function logIn() {
  await page.goto(`${base}/#/login`);
  // A real load (not a hash change), so the resource list holds this start only.
  await page.reload();
  const before = (await inbox()).length;
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.hash === '#/verify-otp' || u.hash === '#/tabs/home');
  if (new URL(page.url()).hash === '#/verify-otp') {
    let code;
    for (let i = 0; i < 100 && !code; i++) {
      const messages = await inbox();
      code = messages.length > before ? /\b(\d{6})\b/.exec(messages.at(-1).text)?.[1] : undefined;
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    await page.getByRole('textbox', { name: 'OTP' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL((u) => u.hash === '#/tabs/home');
  await page.getByTestId('engine-hours').waitFor();
  await page.waitForLoadState('networkidle');
  return (await loadedScripts()).map((n) => new URL(n).pathname.replace(/^\//, ''));
}

function report(title, scripts) {
  let total = 0;
  console.log(`== ${title}`);
  for (const file of [...new Set(scripts)].sort()) {
    const gz = gzipSync(readFileSync(join(dist, file))).length;
    total += gz;
    console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${file}`);
  }
  console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS to the home tab (${title})`);
  const heavy = scripts.filter((f) => /leaflet|uPlot|calendar-dialog|day-picker/i.test(f));
  if (heavy.length) {
    console.log(`unexpected on the home tab: ${heavy.join(', ')}`);
    process.exitCode = 1;
  }
}

try {
  report('first login on this phone, with the OTP binding', await logIn());
  await page.goto(`${base}/#/settings`);
  await page.getByRole('button', { name: 'Log out of this device' }).click();
  await page.getByRole('dialog', { name: 'Log out of this device?' }).getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL((u) => u.hash === '#/login');
  // Unregister the worker and drop the HTTP cache, so every script is fetched as on a cold start.
  await page.evaluate(async () => Promise.all((await navigator.serviceWorker.getRegistrations()).map((r) => r.unregister())));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const home = await logIn();
  report('ordinary login on a bound phone', home);
  // Issue 13 budget: the renewal page's JS beyond what the shell and home already loaded.
  const vin = await page.getByRole('combobox', { name: 'Tractor' }).inputValue();
  await page.goto(`${base}/#/custom-vehicle?vin=${vin}`);
  await page.waitForURL((u) => u.hash === '#/digisense-renewal', { timeout: 15_000 });
  await page.getByRole('radio').first().waitFor();
  const seen = new Set(home);
  const renewal = [...new Set((await loadedScripts()).map((n) => new URL(n).pathname.replace(/^\//, '')))].filter((f) => !seen.has(f));
  let renewalBytes = 0;
  for (const file of renewal.sort()) {
    const gz = gzipSync(readFileSync(join(dist, file))).length;
    renewalBytes += gz;
    console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${file}`);
  }
  console.log(`${(renewalBytes / 1024).toFixed(2).padStart(8)} KB  renewal page JS beyond the home tab`);
  // Issue 15 budget: each doorstep-service route's JS beyond the shell and home (≤ 30 KB), each
  // measured on its own: the home is loaded afresh, then the route opened.
  for (const route of ['book-services', 'booking-summary', 'booking-status', 'service-information', 'servicerequest-history']) {
    await page.goto(`${base}/#/tabs/home`);
    await page.reload();
    await page.locator('#tractor-name').waitFor();
    await page.goto(`${base}/#/${route}`);
    await page.waitForLoadState('networkidle');
    const files = [...new Set((await loadedScripts()).map((n) => new URL(n).pathname.replace(/^\//, '')))].filter((f) => !seen.has(f));
    const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    console.log(`${(bytes / 1024).toFixed(2).padStart(8)} KB  ${route} route JS beyond the home tab`);
  }
} finally {
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}
