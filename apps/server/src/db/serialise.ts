import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Engine } from './types';

/**
 * Makes the caller's transaction wait for any other holding one of `keys` (on every instance), so
 * counting and writing happen as one step. PostgreSQL: transaction-level advisory locks, taken in
 * sorted order so two transactions never wait on each other. SQLite has one writer at a time: a
 * first write takes its lock for the whole transaction.
 */
export async function serialise(trx: Transaction<Database>, engine: Engine, keys: readonly string[]): Promise<void> {
  if (engine === 'sqlite') {
    await sql`update app_settings set key = key where 0 = 1`.execute(trx);
    return;
  }
  for (const key of [...keys].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Holds an owner's user row until the caller's transaction ends, so a per-owner cap counted next and
 * the insert it allows are one step on every instance: PostgreSQL locks the row (that owner's
 * parallel creates queue here, other owners' do not); SQLite's first write takes its single writer's
 * lock, as above.
 */
export async function lockOwner(tx: Kysely<Database>, userId: string): Promise<void> {
  await tx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}
