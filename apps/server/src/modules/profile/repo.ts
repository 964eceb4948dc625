import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/types';

export async function updateUser(db: Kysely<Database>, userId: string, patch: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', userId).execute();
}

export async function insertImage(
  db: Kysely<Database>,
  row: { name: string; userId: string; contentType: string; data: Buffer; createdAt: number },
): Promise<void> {
  await db
    .insertInto('profile_images')
    .values({ name: row.name, user_id: row.userId, content_type: row.contentType, data: row.data, created_at: row.createdAt })
    .execute();
}

/** An owner keeps one picture: older ones go when a new one is stored. */
export async function deleteOtherImages(db: Kysely<Database>, userId: string, keepName: string): Promise<void> {
  await db.deleteFrom('profile_images').where('user_id', '=', userId).where('name', '!=', keepName).execute();
}

/** Only the owner's own picture is found: another owner's name is simply not there. */
export async function findOwnImage(db: Kysely<Database>, userId: string, name: string) {
  return db.selectFrom('profile_images').select(['content_type', 'data']).where('name', '=', name).where('user_id', '=', userId).executeTakeFirst();
}
