// `npm run bench -- slow` (issue 19 item 3): the app on a slow phone and a slow link — 400 kbps each
// way, 400 ms round trip, the CPU 4x slower (CDP Emulation.setCPUThrottlingRate). Measures the login
// screen cold (empty profile) and warm (service worker installed), the first session's Log in → home
// while the service worker installs, an ordinary PIN → home with data on a bound phone.
// Two ways to slow the link, each measured:
// - 'devtools': CDP Network.emulateNetworkConditions on the page, as DevTools throttles. Each request
//   waits the latency once; new connections cost nothing; the service worker's own downloads are not
//   throttled at all (it is another target), so they never compete with the page.
// - 'shared': a local proxy (bench/lib/slow-link.mjs): one 400 kbps pipe each way for every connection,
//   page and service worker alike, and a round trip per new connection. Closer to a phone's radio; it
//   also says what the link carried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromePath, CHROMIUM_FLAGS } from './lib/chromium.mjs';
import { startServer } from './lib/server.mjs';
import { startSlowLink } from './lib/slow-link.mjs';

const MOBILE = '9876543210';
/** packages/domain auth.ts OTP_RESEND_COOLDOWN_SECONDS (plain Node here: no TypeScript imports). */
const OTP_RESEND_COOLDOWN_SECONDS = 30;
let lastOtpAt = 0;
const PIN = '1234';
const CPU_SLOWDOWN = 4;
const ROUNDS = 3;
const TIMEOUT = 120_000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A Chromium profile of its own (persistent, so the service worker and caches outlive pages). */
async function freshProfile() {
  const dir = mkdtempSync(join(tmpdir(), 'tl-slow-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromePath(),
    headless: true,
    args: CHROMIUM_FLAGS.slice(1),
    viewport: { width: 360, height: 740 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A page with the slow CPU (DevTools' throttling applies per page), and the slow network in 'devtools' mode. */
async function slowPage(context, link) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (link.mode === 'devtools') {
    const bytesPerSecond = (link.kbps * 1000) / 8;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.rttMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  return page;
}

/** Opens the login screen; ms from the navigation's start until the Log in button is on screen. */
async function loginScreenMs(page, origin) {
  await page.goto(`${origin}/#/login`, { waitUntil: 'commit', timeout: TIMEOUT });
  const shown = await page.waitForFunction(
    () => {
      const button = [...globalThis.document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Log in');
      return button && button.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    null,
    { polling: 'raf', timeout: TIMEOUT },
  );
  return Math.round(await shown.jsonValue());
}

async function otpFromInbox(origin, before) {
  for (;;) {
    const { messages } = await (await fetch(`${origin}/api/v1/dev/sms-inbox?mobileNo=${MOBILE}`)).json();
    const code = messages.length > before ? /\b(\d{6})\b/.exec(messages.at(-1).text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Fills the login form, taps Log in (answering the OTP if the phone is not bound yet); ms until home shows its data. */
async function logInToHomeMs(page, serverUrl) {
  // Each mode's first session asks for an OTP: the next one waits out the number's resend cooldown.
  const cooldownLeft = lastOtpAt + (OTP_RESEND_COOLDOWN_SECONDS + 1) * 1000 - Date.now();
  if (cooldownLeft > 0) await new Promise((r) => setTimeout(r, cooldownLeft));
  const inboxBefore = (await (await fetch(`${serverUrl}/api/v1/dev/sms-inbox?mobileNo=${MOBILE}`)).json()).messages.length;
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(MOBILE);
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  const started = performance.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.hash === '#/verify-otp' || u.hash === '#/tabs/home', { timeout: TIMEOUT });
  let otpTypingMs = 0;
  if (new URL(page.url()).hash === '#/verify-otp') {
    // The owner's reading of the SMS is not the app's time: it is taken out of the figure.
    const waitedFrom = performance.now();
    const code = await otpFromInbox(serverUrl, inboxBefore);
    lastOtpAt = Date.now();
    await page.getByRole('textbox', { name: 'OTP' }).fill(code);
    otpTypingMs = performance.now() - waitedFrom;
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.hash === '#/tabs/home', { timeout: TIMEOUT });
  }
  await page.getByTestId('engine-hours').waitFor({ timeout: TIMEOUT });
  return Math.round(performance.now() - started - otpTypingMs);
}

async function logOut(page, origin) {
  await page.goto(`${origin}/#/settings`);
  await page.getByRole('button', { name: 'Log out of this device' }).click({ timeout: TIMEOUT });
  await page.getByRole('dialog', { name: 'Log out of this device?' }).getByRole('button', { name: 'Log out', exact: true }).click({ timeout: TIMEOUT });
  await page.waitForURL((u) => u.hash === '#/login', { timeout: TIMEOUT });
}

/** Resolves once the service worker is active (its precache complete); ms since the page's start. */
function serviceWorkerReadyMs(page) {
  return page.evaluate(() => navigator.serviceWorker.ready.then(() => Math.round(performance.now())));
}

/** One pass of every measure, with the link slowed one way (`mode`). */
async function measure(server, link) {
  const origin = link.origin;
  const out = { coldLoginMs: [], warmLoginMs: [], pinToHomeMs: [] };
  // Cold: an empty profile each round. Only the last round goes on into the first session (its OTP
  // binding: 3 per number per 15 minutes), while the service worker downloads what it precaches.
  for (let round = 0; round < ROUNDS; round++) {
    const profile = await freshProfile();
    const page = await slowPage(profile.context, link);
    const downBefore = link.down?.bytes ?? 0;
    out.coldLoginMs.push(await loginScreenMs(page, origin));
    if (round < ROUNDS - 1) {
      await profile.close();
      continue;
    }
    if (link.down) out.coldLoginBytes = link.down.bytes - downBefore;
    out.firstSessionLoginToHomeMs = await logInToHomeMs(page, server.url);
    out.serviceWorkerReadyMs = await serviceWorkerReadyMs(page);
    // Let the rest of the first visit finish (the worker's precache, the home's late requests).
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    if (link.down) out.firstVisitBytes = link.down.bytes - downBefore;

    // Warm: the same phone, logged out; each round a new page (a new start of the app).
    await logOut(page, origin);
    await page.close();
    for (let i = 0; i < ROUNDS; i++) {
      const again = await slowPage(profile.context, link);
      out.warmLoginMs.push(await loginScreenMs(again, origin));
      await again.close();
    }
    // PIN → home with data, on the bound phone: the app's start is warm, its data is not (logging out
    // clears it).
    for (let i = 0; i < ROUNDS; i++) {
      const again = await slowPage(profile.context, link);
      await loginScreenMs(again, origin);
      out.pinToHomeMs.push(await logInToHomeMs(again, server.url));
      await logOut(again, origin);
      await again.close();
    }
    await profile.close();
  }
  return { ...out, coldLogin: median(out.coldLoginMs), warmLogin: median(out.warmLoginMs), pinToHome: median(out.pinToHomeMs) };
}

export async function slowFigures({ kbps = 400, rttMs = 400 } = {}) {
  // The demo fleet in: home shows figures. Its own server: the two passes use 2 of the demo number's 3 OTPs.
  // BENCH_WEB_DIST measures another build (e.g. a copy of dist/ made before a change) in the same conditions.
  const webDist = process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {};
  const server = await startServer({
    env: { NODE_ENV: 'development', SMS_PROVIDER: 'local', SIMULATE_FLEET: 'true', SIMULATE_FLEET_DAYS: '3', DEVICE_TCP_PORT: '0', ...webDist },
  });
  const proxy = await startSlowLink({ targetPort: Number(new URL(server.url).port), kbps, rttMs });
  // BENCH_SLOW_LINKS=shared (or devtools) measures one way only.
  const links = (process.env.BENCH_SLOW_LINKS ?? 'devtools,shared').split(',');
  try {
    const devtools = links.includes('devtools') ? await measure(server, { mode: 'devtools', origin: server.url, kbps, rttMs }) : undefined;
    const shared = links.includes('shared')
      ? await measure(server, { mode: 'shared', origin: `http://localhost:${proxy.port}`, kbps, rttMs, down: proxy.down })
      : undefined;
    return { kbps, rttMs, cpuSlowdown: CPU_SLOWDOWN, devtools, shared };
  } finally {
    await proxy.close();
    await server.stop();
  }
}

// Run alone: node bench/slow.mjs
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await slowFigures(), null, 2));
