import type { Kysely, Selectable } from 'kysely';
import type { AlertReceiversTable, Database } from '../../db/types';

export type ReceiverRow = Selectable<AlertReceiversTable>;

export function listReceivers(db: Kysely<Database>, userId: string): Promise<ReceiverRow[]> {
  return db.selectFrom('alert_receivers').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('name').orderBy('id').execute();
}

/** The receiver with this id if `userId` set it up; anyone else's is undefined. */
export function findOwnReceiver(db: Kysely<Database>, userId: string, id: string): Promise<ReceiverRow | undefined> {
  return db.selectFrom('alert_receivers').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertReceiver(db: Kysely<Database>, row: ReceiverRow): Promise<void> {
  await db.insertInto('alert_receivers').values(row).execute();
}

/** The owner's app language (a new receiver's default). */
export async function ownerLanguage(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}

export async function updateReceiver(
  db: Kysely<Database>,
  id: string,
  values: Pick<ReceiverRow, 'name' | 'phone' | 'channel' | 'language' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('alert_receivers').set(values).where('id', '=', id).execute();
}

export async function deleteReceiver(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alert_receivers').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
