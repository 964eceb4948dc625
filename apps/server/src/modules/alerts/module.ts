import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Wakeups } from '../../db/wakeups';
import type { PushSender } from '../../providers/push/push-sender';
import { WebPushSender } from '../../providers/push/web-push-sender';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { PushSubscriptionService } from '../push/service';
import { loadVapidKeys } from '../push/vapid';
import { ReceiverService } from '../receivers/service';
import { AlertConfigService } from './config-service';
import { AlertDelivery } from './delivery/worker';
import { type AlertRulesHook, createAlertHook, type WatchedGeofences } from './hook';
import { AlertProfiles } from './profiles';
import { AlertService } from './service';

export interface AlertsConfig {
  smsDailyCap: number;
  pushServiceHosts: readonly string[];
  vapidSubject: string;
}

export interface AlertsModule {
  hook: AlertRulesHook;
  service: AlertService;
  config: AlertConfigService;
  receivers: ReceiverService;
  push: PushSubscriptionService;
  delivery: AlertDelivery;
  /** The Web Push sender alerts use (expiry reminders use it too). */
  pushSender: PushSender;
  /** Forget a tractor's cached settings and service schedule (a service was recorded). */
  invalidate(tractorId: string): void;
}

/** Everything of issue 5 wired together: rules hook, services, and the delivery worker (not started). */
export async function createAlertsModule(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  sms: SmsProvider;
  config: AlertsConfig;
  push?: PushSender;
  geofences?: WatchedGeofences;
  /** Tells every instance's delivery worker of a committed alert (else only this one's). */
  wakeups?: Wakeups;
  /** Told when a tractor's settings change (the writer thread's rules keep their own copy). */
  onSettingsChanged?: (tractorId: string) => void;
}): Promise<AlertsModule> {
  const { db, clock, log, sms, config } = deps;
  const kysely = db.kysely;
  const vapid = await loadVapidKeys(kysely);
  const push = deps.push ?? new WebPushSender({ ...vapid, subject: config.vapidSubject });
  const { wakeups } = deps;
  const delivery = new AlertDelivery({ db: kysely, clock, log, push, sms, smsDailyCap: config.smsDailyCap, ...(wakeups ? { wakeups } : {}) });
  const profiles = new AlertProfiles({ db: kysely, clock, ...(deps.onSettingsChanged ? { onInvalidate: deps.onSettingsChanged } : {}) });
  // Called after the alert's commit: this instance's worker at once, the others' through the wake-ups.
  const wake = () => {
    delivery.wake();
    wakeups?.notify('tl_outbox');
  };
  return {
    hook: createAlertHook(kysely, profiles, wake, deps.geofences),
    service: new AlertService({ db: kysely, clock, profiles, onRaised: wake }),
    config: new AlertConfigService({ db: kysely, clock, profiles }),
    receivers: new ReceiverService({ db: kysely, clock }),
    push: new PushSubscriptionService({ db: kysely, clock, allowedHosts: config.pushServiceHosts, publicKey: vapid.publicKey }),
    delivery,
    pushSender: push,
    invalidate: (tractorId: string) => profiles.invalidate(tractorId),
  };
}
