import { alertType } from '@tractorlink/domain/alerts-catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import type { PushSender } from '../../../providers/push/push-sender';
import { deleteSubscription, findSubscription } from '../../push/repo';
import { pushPayload } from './messages';
import { DONE, type EntryOutcome, type OutboxRow } from './outbox';
import { loadAlert, userLanguage } from './repo';

/** How long a push service keeps a message for a phone that is off. */
const PUSH_TTL_S = 6 * 3600;

/**
 * The alert's push Topic: its id's 16 bytes in base64url (22 characters). An alert sent again (its
 * instance died between the push service's answer and the outbox's commit) replaces the first
 * while undelivered, and the notification's tag (the alert id) replaces it on the phone after.
 */
export const alertTopic = (alertId: string): string => Buffer.from(alertId.replaceAll('-', ''), 'hex').toString('base64url');

export interface AlertPushDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  push: PushSender;
}

/** A 'push' entry: the alert to one browser, in its user's language; a subscription the push service says is gone is removed. */
export async function deliverAlertPush({ db, log, push }: AlertPushDeps, row: OutboxRow): Promise<EntryOutcome> {
  const [alert, subscription] = await Promise.all([loadAlert(db, row.alert_id), findSubscription(db, row.target ?? '')]);
  if (!alert || !subscription) return DONE;
  const language = (await userLanguage(db, subscription.user_id)) ?? alert.ownerLanguage;
  const outcome = await push.send(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    pushPayload(alert, language),
    {
      ttlSeconds: PUSH_TTL_S,
      urgency: alertType(alert.typeId).critical ? 'high' : 'normal',
      topic: alertTopic(alert.alertId),
    },
  );
  // Logged by ids only: never the endpoint (it is a bearer capability) nor the keys.
  const context = { alertId: alert.alertId, subscriptionId: subscription.id };
  switch (outcome.kind) {
    case 'sent':
      log.debug(context, 'alert pushed');
      return DONE;
    case 'gone':
      log.info({ ...context, status: outcome.status }, 'push subscription gone: removed');
      await deleteSubscription(db, subscription.id);
      return DONE;
    case 'rejected':
      log.warn({ ...context, status: outcome.status }, 'push refused by the push service');
      return DONE;
    case 'retry':
      return { kind: 'retry', afterMs: outcome.afterMs, context: { ...context, status: outcome.status } };
  }
}
