import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DAY_MS } from '@tractorlink/domain/time';
import type { Database } from '../../db/types';
import type { TractorRow } from '../tractors/repo';

/**
 * A new tractor's free subscription (issue 13 item 1), started when its first owner adds it: its
 * end moves to at least `freeDays` from now and the pack reads 'free'. Only once per tractor: a
 * tractor with any pack on record gets none.
 */
export async function startFreePack(db: Kysely<Database>, tractor: TractorRow, freeDays: number, now: number): Promise<TractorRow> {
  if (freeDays <= 0 || tractor.is_new_tractor !== 1) return tractor;
  const before = await db.selectFrom('subscription_periods').select('id').where('tractor_id', '=', tractor.id).executeTakeFirst();
  if (before) return tractor;
  const validTill = Math.max(Number(tractor.expires_on), now + freeDays * DAY_MS);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('tractors').set({ expires_on: validTill, subscription_pack: 'free' }).where('id', '=', tractor.id).execute();
    await tx
      .insertInto('subscription_periods')
      .values({
        id: randomUUID(),
        tractor_id: tractor.id,
        pack: 'free',
        valid_from: now,
        valid_till: validTill,
        amount_paid_paise: 0,
        order_id: null,
        created_at: now,
      })
      .execute();
  });
  return { ...tractor, expires_on: validTill, subscription_pack: 'free' };
}
