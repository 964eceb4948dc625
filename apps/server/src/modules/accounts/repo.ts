import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/types';

export type UserRow = Selectable<UsersTable>;

export async function findUserByMobile(db: Kysely<Database>, mobileNo: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile_no', '=', mobileNo).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the account; false if the number is already taken (a parallel registration won). */
export async function insertUser(db: Kysely<Database>, row: Insertable<UsersTable>): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('mobile_no').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

/** Counts one wrong PIN and returns the new consecutive count. */
export async function countWrongPin(db: Kysely<Database>, userId: string, now: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ pin_failures: eb('pin_failures', '+', 1), updated_at: now }))
    .where('id', '=', userId)
    .returning('pin_failures')
    .executeTakeFirstOrThrow();
  return row.pin_failures;
}

export async function lockPinUntil(db: Kysely<Database>, userId: string, until: number): Promise<void> {
  await db.updateTable('users').set({ pin_locked_until: until }).where('id', '=', userId).execute();
}

export async function clearPinFailures(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ pin_failures: 0, pin_locked_until: null, updated_at: now }).where('id', '=', userId).execute();
}

/** New PIN; also lifts any lock or block. */
export async function setPin(db: Kysely<Database>, userId: string, pinHash: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ pin_hash: pinHash, pin_failures: 0, pin_locked_until: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function isDeviceBound(db: Kysely<Database>, userId: string, deviceHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function bindDevice(db: Kysely<Database>, userId: string, deviceHash: string, now: number): Promise<void> {
  await db
    .insertInto('user_devices')
    .values({ user_id: userId, device_hash: deviceHash, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
    .execute();
}
