import { sql } from 'kysely';
import type { Insertable, Kysely, RawBuilder, Selectable } from 'kysely';
import { PIN_BLOCK_AFTER_FAILURES, PIN_LOCK_AFTER_FAILURES, pinLockSeconds } from '@tractorlink/domain/auth';
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

export interface ReservedPinTry {
  /** The consecutive wrong PINs counted if this try is wrong (it is counted already). */
  failures: number;
  /** The hash the PIN is checked against, read in the same statement. */
  pinHash: string;
}

/**
 * Reserves one PIN try before the slow hash check, in a single conditional UPDATE … RETURNING, so
 * parallel logins (on any number of instances) cannot all pass a lock read before any failure is
 * counted. The try is counted as wrong up front and, when it is the 5th to 9th in a row, the lock
 * it would earn is set at once (a right PIN lifts both in settleRightPin). Undefined: PIN sign-in
 * is locked or blocked now, nothing was counted.
 */
export async function reservePinTry(db: Kysely<Database>, userId: string, now: number): Promise<ReservedPinTry | undefined> {
  // when pin_failures = 4 then <now + 15 min> … when 8 then <now + 4 h>: the lock the n-th wrong PIN earns.
  const locks: RawBuilder<unknown>[] = [];
  for (let n = PIN_LOCK_AFTER_FAILURES; n < PIN_BLOCK_AFTER_FAILURES; n++) {
    locks.push(sql`when ${sql.ref('pin_failures')} = ${n - 1} then ${now + pinLockSeconds(n) * 1000}`);
  }
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      pin_failures: eb('pin_failures', '+', 1),
      pin_locked_until: sql<number | null>`case ${sql.join(locks, sql` `)} else ${sql.ref('pin_locked_until')} end`,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .where('pin_failures', '<', PIN_BLOCK_AFTER_FAILURES)
    .where((eb) => eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', now)]))
    .returning(['pin_failures', 'pin_hash'])
    .executeTakeFirst();
  return row && { failures: row.pin_failures, pinHash: row.pin_hash };
}

/**
 * A reserved try was the right PIN: it and the wrong tries reserved before it are forgiven; tries
 * reserved after it (still being checked) keep counting, and keep their lock only if they still
 * earn one.
 */
export async function settleRightPin(db: Kysely<Database>, userId: string, reserved: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => {
      const left = eb('pin_failures', '-', reserved);
      return {
        pin_failures: eb.case().when(left, '>', 0).then(left).else(0).end(),
        pin_locked_until: eb.case().when(left, '>=', PIN_LOCK_AFTER_FAILURES).then(eb.ref('pin_locked_until')).else(null).end(),
        updated_at: now,
      };
    })
    .where('id', '=', userId)
    .execute();
}

/** Why no try could be reserved: the count and the lock as they are now. */
export async function pinState(db: Kysely<Database>, userId: string): Promise<{ failures: number; lockedUntil: number | null } | undefined> {
  const row = await db.selectFrom('users').select(['pin_failures', 'pin_locked_until']).where('id', '=', userId).executeTakeFirst();
  return row && { failures: row.pin_failures, lockedUntil: row.pin_locked_until };
}

/** New PIN; also lifts any lock or block. */
export async function setPin(db: Kysely<Database>, userId: string, pinHash: string, now: number): Promise<void> {
  await db.updateTable('users').set({ pin_hash: pinHash, pin_failures: 0, pin_locked_until: null, updated_at: now }).where('id', '=', userId).execute();
}

export async function isDeviceBound(db: Kysely<Database>, userId: string, deviceHash: string): Promise<boolean> {
  const row = await db.selectFrom('user_devices').select('user_id').where('user_id', '=', userId).where('device_hash', '=', deviceHash).executeTakeFirst();
  return row !== undefined;
}

/** True if the browser with this device hash is bound to the account of this number. */
export async function isDeviceBoundToNumber(db: Kysely<Database>, mobileNo: string, deviceHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_devices')
    .innerJoin('users', 'users.id', 'user_devices.user_id')
    .select('user_devices.user_id')
    .where('users.mobile_no', '=', mobileNo)
    .where('user_devices.device_hash', '=', deviceHash)
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
