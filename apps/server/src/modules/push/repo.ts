import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/types';

export type SubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Adds a browser, or moves it to `row.user_id` with fresh keys if it was known (another login on that browser). */
export async function upsertSubscription(db: Kysely<Database>, row: SubscriptionRow): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, expiration_time: row.expiration_time, created_at: row.created_at }))
    .execute();
}

/** Keeps a user's newest `max` subscriptions. */
export async function trimSubscriptions(db: Kysely<Database>, userId: string, max: number): Promise<void> {
  const rows = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  const extra = rows.slice(max).map((r) => r.id);
  if (extra.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', extra).execute();
}

export async function deleteOwnSubscription(db: Kysely<Database>, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).execute();
}

export async function deleteSubscription(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function findSubscription(db: Kysely<Database>, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function subscriptionsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).execute();
}
