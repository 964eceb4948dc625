/**
 * What the service worker does with a push message and a notification tap, as plain functions
 * (no worker globals) so they are tested on their own. The payload's title and body are already in
 * the owner's language (the server writes them); the app's message types are shared with the page.
 */

/** Service worker → page: an alert arrived (spec §4: the app refetches and recounts unread alerts). */
export const ALERT_RECEIVED = 'alert-received';
/** Service worker → page: a service booking moved a step (issue 15: its screens refetch). */
export const BOOKING_CHANGED = 'booking-changed';
/** Service worker → page: show this hash route (a notification was tapped while the app was open). */
export const OPEN_ROUTE = 'open-route';

export interface SwToPage {
  type: typeof ALERT_RECEIVED | typeof OPEN_ROUTE | typeof BOOKING_CHANGED;
  alertId?: string;
  bookingId?: string;
  vin?: string;
  /** For OPEN_ROUTE: a hash route, e.g. '#/alert-detail/01a2…'. */
  hash?: string;
}

/** The parts of the alert push payload (domain alertPushPayload) the worker reads; others may come. */
export interface PushPayload {
  type?: string;
  alertId?: string;
  alertTypeId?: string;
  vin?: string;
  critical?: boolean;
  title?: string;
  body?: string;
  timeStamp?: number;
  url?: string;
  /** A reminder ringing while the app is closed (type 'reminder'). */
  reminderId?: string;
  /** A service booking's new step (type 'booking'), with the status it reached. */
  bookingId?: string;
  status?: string;
}

export function parsePayload(data: { json(): unknown; text(): string } | null | undefined): PushPayload {
  if (!data) return {};
  try {
    const value = data.json();
    return value !== null && typeof value === 'object' ? (value as PushPayload) : {};
  } catch {
    return { body: data.text() };
  }
}

export interface NotificationPlan {
  title: string;
  options: NotificationOptions & { renotify?: boolean; vibrate?: number[]; timestamp?: number };
}

/**
 * One notification per alert (tag), so a resent push does not stack a second one; a critical alert
 * rings and vibrates again even when it replaces one (renotify), and stays until tapped.
 */
export function notificationFor(p: PushPayload): NotificationPlan {
  const critical = p.critical === true;
  const options: NotificationPlan['options'] = {
    body: p.body ?? '',
    icon: 'icons/icon-192.png',
    badge: 'icons/icon-192.png',
    data: { url: p.url ?? './', alertId: p.alertId ?? null },
  };
  if (p.alertId) {
    options.tag = `alert-${p.alertId}`;
    options.renotify = critical;
  }
  // A reminder is an alarm: it rings (the phone's notification sound) and stays until tapped.
  if (p.type === 'reminder' && p.reminderId) {
    options.tag = `reminder-${p.reminderId}`;
    options.renotify = true;
    options.requireInteraction = true;
    options.vibrate = [500, 200, 500, 200, 500];
  }
  // A booking's later step replaces the earlier one's notification (one per booking), and rings.
  if (p.type === 'booking' && p.bookingId) {
    options.tag = `booking-${p.bookingId}`;
    options.renotify = true;
  }
  if (critical) {
    options.requireInteraction = true;
    options.vibrate = [300, 100, 300, 100, 300];
  }
  if (typeof p.timeStamp === 'number') options.timestamp = p.timeStamp * 1000;
  return { title: p.title || 'TractorLink', options };
}

/** What the worker tells open copies of the app about a push, or null when they need not know. */
export function pageMessageFor(p: PushPayload): SwToPage | null {
  if (p.type === 'alert') return { type: ALERT_RECEIVED, alertId: p.alertId, vin: p.vin };
  if (p.type === 'booking') return { type: BOOKING_CHANGED, bookingId: p.bookingId };
  return null;
}

/**
 * The URL a tap opens. The server sends '/#/alert-detail/<id>': the hash route is taken relative to
 * the worker's scope (the app may live under a path); a full URL of our own origin is kept.
 */
export function targetUrl(url: string | undefined, scope: string): string {
  if (!url) return scope;
  const hash = url.indexOf('#');
  if (url.startsWith('/') && hash >= 0) return new URL(url.slice(hash), scope).href;
  const target = new URL(url, scope);
  return target.origin === new URL(scope).origin ? target.href : scope;
}

/** The hash route of a target URL ('#/alert-detail/…'), or null when it has none. */
export function hashOf(url: string): string | null {
  const i = url.indexOf('#');
  return i >= 0 ? url.slice(i) : null;
}
