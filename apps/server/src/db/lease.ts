import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * A named lease on the database all instances share: whoever holds it (and keeps renewing it) does the
 * job; when the holder dies its lease runs out and another instance takes it. One conditional upsert,
 * so two instances asking at once never both get it.
 */
export async function takeLease(db: Kysely<Database>, name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<', now)])),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Gives the lease up at once (a clean stop), so another instance need not wait for it to expire. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.updateTable('leases').set({ expires_at: 0 }).where('name', '=', name).where('holder', '=', holder).execute();
}
