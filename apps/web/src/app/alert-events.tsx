import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { storage } from '../lib/secure-storage';
import { afterPush } from '../lib/session';
import { ALERT_RECEIVED, BOOKING_CHANGED } from '../sw-push';

/**
 * Spec §4 "on push-message receipt, unread alerts are refetched and counted": the service worker
 * tells open copies of the app, and everything under ['alerts'] (the badge, the lists) refetches;
 * a booking push (issue 15) refetches everything under ['serviceBookings'].
 * Also registers this phone for push again at the start of a session when it already wanted alerts.
 */
export function AlertEvents() {
  const client = useQueryClient();
  useEffect(() => {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (event: MessageEvent) => {
      const type = (event.data as { type?: string } | null)?.type;
      // Refresh-token and fetch failures after a push are silently ignored (spec §8): react-query
      // keeps the last data, and a refused refresh waits for a screen's own request to end the session.
      if (type === ALERT_RECEIVED) void afterPush(() => client.invalidateQueries({ queryKey: queryKeys.alerts }));
      // A booking moved a step (issue 15): its status screen, the list and the free services follow.
      else if (type === BOOKING_CHANGED) void afterPush(() => client.invalidateQueries({ queryKey: queryKeys.serviceBookings }));
    };
    sw.addEventListener('message', onMessage);
    // Messages wait in a queue until the page says it listens.
    sw.startMessages?.();
    return () => sw.removeEventListener('message', onMessage);
  }, [client]);
  useEffect(() => {
    // Only a phone that wants alerts (device token kept, permission given) loads the push code.
    const wanted = storage.get('deviceToken') !== undefined && typeof Notification !== 'undefined' && Notification.permission === 'granted';
    if (wanted) void import('../lib/signed-in/push').then((m) => m.resumePush());
  }, []);
  return null;
}
