import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AlertItem } from '@tractorlink/domain/alerts-api';
import type { AlertPushPayload } from '@tractorlink/domain/push-api';
import { alertPushPayload } from '@tractorlink/domain/push-api';
import { sessionToken } from '../tractor-helpers';
import { alertScenario, claimTractor, ingest, provisionTractor, turnOnPtoAlerts, waitForAlerts } from './alerts-seed';
import type { SeededTractor } from './alerts-seed';
import { baseURL, expectRoute, open } from './browser';
import { registerThroughScreens } from './flows';
import { uniqueMobile } from './sms';

/**
 * Browser steps of the alert tests (issue 5): a new owner registered through the screens (one OTP
 * per file), a tractor of theirs whose telemetry raised four alerts through the server's rules, and
 * Web Push driven by CDP (ServiceWorker.deliverPushMessage needs no push service or subscription).
 */

export interface AlertOwner {
  mobile: string;
  pin: string;
  tractor: SeededTractor;
  /** The four alerts of alertScenario, newest first. */
  alerts: AlertItem[];
  /** An access token for asking the API directly (one for the file: it outlives the tests). */
  token: () => Promise<string>;
}

/** `scenarioStart`: when the first of the scenario's records was taken (about 7 minutes of them). */
export async function ownerWithAlerts(page: Page, name = 'Suresh Pawar', scenarioStart = Date.now() - 15 * 60_000): Promise<AlertOwner> {
  const mobile = uniqueMobile();
  const pin = '1357';
  await registerThroughScreens(page, mobile, pin, name);
  // One refresh for the test's own token, while the app is settled: a rotated refresh token used
  // twice (the app's and ours racing) would end the session, by design.
  const access = await sessionToken(page);
  const token = async () => access;
  const tractor = await provisionTractor(baseURL(), mobile, name);
  await claimTractor(baseURL(), access, tractor);
  await turnOnPtoAlerts(baseURL(), access, tractor.vin);
  await ingest(baseURL(), alertScenario(tractor.imei, scenarioStart));
  const alerts = await waitForAlerts(baseURL(), access, tractor.vin, 4);
  // The home answer the app holds predates the tractor: start again so every screen sees it, and
  // wait for the start's session refresh to finish (the tractor's name shows).
  await page.reload();
  await expectRoute(page, '/tabs/home');
  await page.locator('#tractor-name').filter({ hasText: tractor.name }).waitFor();
  return { mobile, pin, tractor, alerts, token };
}

/** The unread badge on the alerts tab as shown ('' when there is none). */
export async function badgeText(page: Page): Promise<string> {
  const badge = page.getByTestId('unread-badge');
  return (await badge.count()) ? ((await badge.textContent()) ?? '').trim() : '';
}

/** The alerts tab of the bottom bar (its accessible name carries the unread count). */
export function alertsTab(page: Page) {
  return page.locator('nav.tab-bar a.tab-alerts');
}

export async function openAlertsTab(page: Page): Promise<void> {
  await open(page, '/alert');
  await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
}

/** The alert links of the list, by the type each shows. */
export async function listedTypes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Alert list' });
  if ((await list.count()) === 0) return [];
  return list.locator('a[data-alert-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-alert-type') ?? ''));
}

export interface PushChannel {
  cdp: CDPSession;
  registrationId: string;
  /** What the worker threw since the channel opened (a push handler that failed says why here). */
  workerErrors: string[];
}

/**
 * Lets the app notify, and waits until the page and its service worker both see it: a push
 * delivered before the worker does is refused ("No notification permission has been granted").
 */
export async function grantNotifications(context: BrowserContext, page: Page): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: baseURL() });
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('granted');
  await expect
    .poll(async () => {
      const [worker] = context.serviceWorkers();
      return worker ? worker.evaluate(() => Notification.permission) : 'no worker yet';
    })
    .toBe('granted');
}

/** The page's service worker registration as CDP knows it (ServiceWorker.enable reports them all). */
export async function pushChannel(context: BrowserContext, page: Page): Promise<PushChannel> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  const workerErrors: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', (e) => workerErrors.push(e.errorMessage.errorMessage));
  await cdp.send('ServiceWorker.enable');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  let registrationId = '';
  await expect
    .poll(() => {
      registrationId = [...registrations].find(([, r]) => r.scopeURL === scope && !r.isDeleted)?.[0] ?? '';
      return registrationId;
    })
    .not.toBe('');
  return { cdp, registrationId, workerErrors };
}

/** What the server's push sender puts in a push for this alert (domain alertPushPayload), checked by its schema. */
export function payloadOf(alert: AlertItem): AlertPushPayload {
  return alertPushPayload.parse({
    type: 'alert',
    alertId: alert.alertId,
    alertTypeId: alert.alertTypeId,
    vin: alert.vin,
    critical: alert.critical,
    title: alert.alertName,
    body: alert.alertDescription,
    timeStamp: alert.timeStamp,
    url: `/#/alert-detail/${alert.alertId}`,
  });
}

export async function deliverPush(channel: PushChannel, payload: AlertPushPayload): Promise<void> {
  await channel.cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL()).origin,
    registrationId: channel.registrationId,
    data: JSON.stringify(payload),
  });
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string | null;
}

export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url ?? null,
    }));
  });
}

/** Opens the folded alert filters (period, severity, unread only) if they are closed. */
export async function showAlertFilters(page: Page): Promise<void> {
  const details = page.locator('details.more-filters');
  await details.waitFor();
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open))) await details.locator('summary').click();
}
