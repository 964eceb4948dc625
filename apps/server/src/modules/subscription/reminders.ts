import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isLanguageCode, type LanguageCode } from '@tractorlink/domain/languages';
import { DAY_MS } from '@tractorlink/domain/time';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import type { PushSender } from '../../providers/push/push-sender';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { deleteSubscription, subscriptionsOf } from '../push/repo';
import { reminderTexts } from './texts';

/** Tractors read at a time. */
const BATCH = 500;

const LOCALES: Record<LanguageCode, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', pa: 'pa-IN', gu: 'gu-IN', ta: 'ta-IN', te: 'te-IN' };

export interface ReminderDeps {
  db: Kysely<Database>;
  clock: Clock;
  sms: SmsProvider;
  push: PushSender;
  log: FastifyBaseLogger;
  /** Days before the end, e.g. [7, 1]. */
  days: readonly number[];
}

/**
 * Owned tractors whose pack ends in (from, to] without the `due`-day reminder for that end, soonest
 * first, a batch at a time: a range seek on `tractors_expires_on` (migration 025), not a scan of the
 * fleet every minute.
 */
export function dueTractors(db: Kysely<Database>, from: number, to: number, due: number) {
  return db
    .selectFrom('tractors as t')
    .innerJoin('users as u', 'u.id', 't.owner_user_id')
    .select(['t.id', 't.vin', 't.reg_no', 't.veh_name', 't.expires_on', 'u.id as user_id', 'u.mobile_no', 'u.language'])
    .where('t.expires_on', '>', from)
    .where('t.expires_on', '<=', to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscription_reminders as r')
            .select('r.tractor_id')
            .whereRef('r.tractor_id', '=', 't.id')
            .whereRef('r.expires_on', '=', 't.expires_on')
            .where('r.days_before', '=', due),
        ),
      ),
    )
    .orderBy('t.expires_on')
    .orderBy('t.id')
    .limit(BATCH);
}

/**
 * Issue 13 item 6: a push and an SMS to the owner N days before a pack ends (7 and 1 by default),
 * each once, in the owner's language. Only the nearest reminder due is sent (a tractor added two
 * days before its end gets the 7-day one, not both). Each is claimed by inserting its
 * (tractor, end, days) row first, so with several instances on one database only one sends it;
 * a renewal moves the end, so the new end gets its own reminders.
 */
export class ExpiryReminders {
  constructor(private readonly deps: ReminderDeps) {}

  async runDue(): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const windows = [...new Set(this.deps.days)].filter((d) => d > 0).sort((a, b) => a - b);
    let sent = 0;
    // Each reminder's window: more days left than the nearer reminder's, at most its own.
    for (const [i, due] of windows.entries()) {
      const from = now + (windows[i - 1] ?? 0) * DAY_MS;
      // Sent reminders are left out of the read and the soonest ends come first, so past one batch the
      // next read gets the rest (not the same rows again): read on until a batch comes back short.
      for (;;) {
        const rows = await dueTractors(db, from, now + due * DAY_MS, due).execute();
        for (const row of rows) {
          // Every row read is claimed here (by this instance or another), so the loop moves on.
          const claim = await db
            .insertInto('subscription_reminders')
            .values({ tractor_id: row.id, expires_on: Number(row.expires_on), days_before: due, sent_at: now })
            .onConflict((oc) => oc.columns(['tractor_id', 'expires_on', 'days_before']).doNothing())
            .executeTakeFirst();
          if (Number(claim.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
          await this.send(row, Math.max(1, Math.ceil((Number(row.expires_on) - now) / DAY_MS)));
          sent++;
        }
        if (rows.length < BATCH) break;
      }
    }
    return sent;
  }

  private async send(
    row: { id: string; vin: string; reg_no: string; veh_name: string; expires_on: number; user_id: string; mobile_no: string; language: string },
    daysLeft: number,
  ): Promise<void> {
    const { db, sms, push, log } = this.deps;
    const language: LanguageCode = isLanguageCode(row.language) ? row.language : 'en';
    const date = new Intl.DateTimeFormat(`${LOCALES[language]}-u-nu-latn`, {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date(Number(row.expires_on)));
    const tractor = row.veh_name || row.reg_no || row.vin;
    const { title, body } = reminderTexts(language, tractor, date, daysLeft);
    try {
      await sms.send(row.mobile_no, `TractorLink: ${body}`);
    } catch (err) {
      // Logged by ids only; the push below still goes.
      log.warn({ err, tractorId: row.id }, 'expiry reminder SMS not sent');
    }
    const payload = JSON.stringify({ type: 'renewal', vin: row.vin, title, body, url: `/#/tabs/home?renew=${encodeURIComponent(row.vin)}` });
    for (const subscription of await subscriptionsOf(db, [row.user_id])) {
      const outcome = await push.send({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        ttlSeconds: DAY_MS / 1000,
        urgency: 'normal',
      });
      if (outcome.kind === 'gone') await deleteSubscription(db, subscription.id);
    }
    log.info({ tractorId: row.id, daysLeft }, 'expiry reminder sent');
  }
}
