import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_REMINDERS, nextOccurrence, oneOffPassed, type Reminder, reminderPushPayload, sortReminders } from '@tractorlink/domain/alarms';
import type { Clock } from '../../clock';
import { serialise } from '../../db/serialise';
import type { Database, Engine } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { serverText } from '../../i18n/server-texts';
import type { PushSender } from '../../providers/push/push-sender';
import { findUserById } from '../accounts/repo';
import { deleteSubscription, subscriptionsOf } from '../push/repo';

const MINUTE_MS = 60_000;
/** A reminder more than this late (the server was down) is not pushed any more: it moves on. */
const LATE_LIMIT_MS = 60 * MINUTE_MS;
/** How long the push service keeps a reminder for a phone that is off: until it stops mattering. */
const MAX_TTL_S = 12 * 3600;

/**
 * Issue 14: the owner's reminders, synced from the phone (the phone keeps them as remindersData and
 * rings them while the app is open). While the app is closed no page code runs, so the server sends
 * a Web Push at each reminder's time: `next_at` is the next time it rings, and the job moves it on to
 * the following occurrence in a conditional update before pushing, so with several instances on one
 * database each occurrence is pushed once.
 */
export class ReminderService {
  constructor(private readonly deps: { db: Kysely<Database>; engine: Engine; clock: Clock; push: PushSender; log: FastifyBaseLogger }) {}

  async list(userId: string): Promise<Reminder[]> {
    const rows = await this.deps.db.selectFrom('reminders').select('body').where('user_id', '=', userId).orderBy('updated_at').limit(MAX_REMINDERS).execute();
    // The list's order (next to ring first), the same as the phone shows, whatever the order of saving.
    return sortReminders(
      rows.map((r) => JSON.parse(r.body) as Reminder),
      this.deps.clock.now(),
    );
  }

  /**
   * Adds or replaces one; at most MAX_REMINDERS per owner, counted atomically (REMINDER_LIMIT). A
   * one-off reminder switched on for a time already passed would never ring (spec §5 'the time
   * selection must be valid'): refused like the body's other field rules; switched off it may stay.
   */
  async save(userId: string, reminder: Reminder): Promise<Reminder> {
    const { db, engine, clock } = this.deps;
    const now = clock.now();
    if (reminder.isActive && oneOffPassed(reminder, now))
      throw new AppError('VALIDATION_FAILED', { details: [{ path: 'time', code: 'REMINDER_TIME_PASSED' }] });
    const row = { user_id: userId, id: reminder.id, body: JSON.stringify(reminder), next_at: nextOccurrence(reminder, now), updated_at: now };
    await db.transaction().execute(async (trx) => {
      await serialise(trx, engine, [`reminders:${userId}`]);
      const exists = await trx.selectFrom('reminders').select('id').where('user_id', '=', userId).where('id', '=', reminder.id).executeTakeFirst();
      if (!exists) {
        const { count } = await trx
          .selectFrom('reminders')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_REMINDERS) throw new AppError('REMINDER_LIMIT');
        await trx.insertInto('reminders').values(row).execute();
      } else {
        await trx
          .updateTable('reminders')
          .set({ body: row.body, next_at: row.next_at, updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', reminder.id)
          .execute();
      }
    });
    return reminder;
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await this.deps.db.deleteFrom('reminders').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND');
  }

  /** Pushes every reminder whose time has come (each occurrence once, on any number of instances). */
  async pushDue(): Promise<number> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const due = await db.selectFrom('reminders').selectAll().where('next_at', '<=', now).orderBy('next_at').limit(200).execute();
    let pushed = 0;
    for (const row of due) {
      const reminder = JSON.parse(row.body) as Reminder;
      const dueAt = Number(row.next_at);
      const following = nextOccurrence(reminder, dueAt + MINUTE_MS);
      const claimed = await db
        .updateTable('reminders')
        .set({ next_at: following })
        .where('user_id', '=', row.user_id)
        .where('id', '=', row.id)
        .where('next_at', '=', dueAt)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (now - dueAt > LATE_LIMIT_MS) {
        log.info({ reminderId: row.id, lateMs: now - dueAt }, 'reminder too late to push: moved on');
        continue;
      }
      const ttl = Math.max(60, Math.min(MAX_TTL_S, following === null ? 3600 : Math.floor((following - now) / 1000)));
      await this.pushTo(row.user_id, reminder, ttl);
      pushed++;
    }
    return pushed;
  }

  private async pushTo(userId: string, reminder: Reminder, ttlSeconds: number): Promise<void> {
    const { db, push, log } = this.deps;
    const language = (await findUserById(db, userId))?.language ?? 'en';
    const payload = JSON.stringify(reminderPushPayload(reminder, reminderPushBody(reminder, language)));
    for (const subscription of await subscriptionsOf(db, [userId])) {
      const outcome = await push.send({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        ttlSeconds,
        urgency: 'high',
      });
      if (outcome.kind === 'gone') await deleteSubscription(db, subscription.id);
      else if (outcome.kind !== 'sent') log.warn({ reminderId: reminder.id, outcome: outcome.kind }, 'reminder push not delivered');
    }
  }
}

/**
 * The notification's line in the owner's language: "Reminder: 6:00 pm" as the reminders list words
 * the time (12-hour, the language's am/pm), then the owner's description. The title is their own.
 */
export function reminderPushBody(reminder: Reminder, language: string): string {
  const time = `${reminder.time.replace(/^0/, '')} ${serverText(language, reminder.ampm === 'am' ? 'reminder.push.am' : 'reminder.push.pm')}`;
  const at = serverText(language, 'reminder.push.at', { time });
  return reminder.description ? `${at} · ${reminder.description}` : at;
}
