import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';

/**
 * The per-owner daily cap on alert SMS (cost control). A slot is taken before sending, with a
 * conditional increment, so concurrent deliveries never exceed the cap; a failed send gives it back.
 */
export async function takeSmsSlot(db: Kysely<Database>, userId: string, dayStart: number, cap: number): Promise<boolean> {
  await db
    .insertInto('alert_sms_daily')
    .values({ user_id: userId, day_start: dayStart, sent: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'day_start']).doNothing())
    .execute();
  const result = await db
    .updateTable('alert_sms_daily')
    .set((eb) => ({ sent: eb('sent', '+', 1) }))
    .where('user_id', '=', userId)
    .where('day_start', '=', dayStart)
    .where('sent', '<', cap)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackSmsSlot(db: Kysely<Database>, userId: string, dayStart: number): Promise<void> {
  await db
    .updateTable('alert_sms_daily')
    .set((eb) => ({ sent: eb('sent', '-', 1) }))
    .where('user_id', '=', userId)
    .where('day_start', '=', dayStart)
    .where('sent', '>', 0)
    .execute();
}
