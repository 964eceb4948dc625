import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/types';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export interface NewKey {
  userId: string;
  key: string;
  route: string;
  bodyHash: string;
  now: number;
  expiresAt: number;
}

/** Takes the key for a first request: true if this call inserted it, false if it was there already (any state). */
export async function insertPendingKey(db: Kysely<Database>, k: NewKey): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: k.userId,
      key: k.key,
      route: k.route,
      body_hash: k.bodyHash,
      state: 'pending',
      status: null,
      content_type: null,
      response: null,
      created_at: k.now,
      expires_at: k.expiresAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findKey(db: Kysely<Database>, userId: string, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/** Removes the key if it expired before `now` (a conditional delete: several instances may try at once). */
export async function deleteExpiredKey(db: Kysely<Database>, userId: string, key: string, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('expires_at', '<=', now).execute();
}

/**
 * Takes over a pending key whose first request has been silent since `staleBefore` (its instance
 * died between the route's commit and the answer being kept): true for the one caller that wins.
 */
export async function takeOverStaleKey(db: Kysely<Database>, userId: string, key: string, seenCreatedAt: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: now })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('created_at', '=', seenCreatedAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Keeps the first request's answer for the repeats to come. */
export async function completeKey(
  db: Kysely<Database>,
  userId: string,
  key: string,
  answer: { status: number; contentType: string | null; response: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status: answer.status, content_type: answer.contentType, response: answer.response })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .execute();
}

/** Gives a pending key back (the route refused or failed: nothing was applied, a retry may run it). */
export async function releaseKey(db: Kysely<Database>, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('state', '=', 'pending').execute();
}

/** Deletes every key that expired before `now`; returns how many. */
export async function deleteExpiredKeys(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
