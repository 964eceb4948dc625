import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/types';

export type SubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * Adds a browser, or updates it if it was known: for the same account (fresh keys), or for another
 * account only with the same keys (another login on that browser, which holds them). An endpoint
 * is not secret — it travels in every push — so knowing it must not be enough to take another
 * owner's pushes. One conditional statement, so two posts at once cannot both move it. Returns
 * false when the endpoint belongs to another account under other keys (nothing changed).
 */
export async function upsertSubscription(db: Kysely<Database>, row: SubscriptionRow): Promise<boolean> {
  const result = await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, expiration_time: row.expiration_time, created_at: row.created_at })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', row.user_id),
            eb.and([eb('push_subscriptions.p256dh', '=', row.p256dh), eb('push_subscriptions.auth', '=', row.auth)]),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
