import { istDayStart } from '@tractorlink/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/types';
import type { SmsProvider } from '../../../providers/sms/sms-provider';
import { findOwnReceiver } from '../../receivers/repo';
import { alertSms } from '../texts';
import { DONE, type EntryOutcome, type OutboxRow } from './outbox';
import { loadAlert } from './repo';
import { giveBackSmsSlot, takeSmsSlot } from './sms-cap';

export interface AlertSmsDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  sms: SmsProvider;
  /** Alert SMS per owner per IST day. */
  smsDailyCap: number;
}

/** An 'sms' entry: the alert to one of the owner's SMS receivers, in the receiver's language, within the owner's daily cap. */
export async function deliverAlertSms({ db, clock, log, sms, smsDailyCap }: AlertSmsDeps, row: OutboxRow): Promise<EntryOutcome> {
  const alert = await loadAlert(db, row.alert_id);
  const receiver = alert?.ownerId ? await findOwnReceiver(db, alert.ownerId, row.target ?? '') : undefined;
  if (!alert?.ownerId || !receiver) return DONE;
  const day = istDayStart(clock.now());
  if (!(await takeSmsSlot(db, alert.ownerId, day, smsDailyCap))) {
    // Cost control: logged by ids, never the number or the text.
    log.warn({ alertId: alert.alertId, ownerId: alert.ownerId, receiverId: receiver.id, cap: smsDailyCap }, 'alert SMS refused: daily cap reached');
    return DONE;
  }
  try {
    await sms.send(receiver.phone, alertSms(alert, receiver.language));
  } catch {
    await giveBackSmsSlot(db, alert.ownerId, day);
    return { kind: 'retry', context: { alertId: alert.alertId, receiverId: receiver.id } };
  }
  log.debug({ alertId: alert.alertId, receiverId: receiver.id }, 'alert SMS sent');
  return DONE;
}
