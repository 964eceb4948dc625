import type { Kysely, Selectable } from 'kysely';
import type { Database, OtpChallengesTable } from '../../db/types';

export type OtpChallenge = Selectable<OtpChallengesTable>;

/** Sends to `mobileNo` after `since`, oldest first. */
export async function sendsSince(db: Kysely<Database>, mobileNo: string, since: number): Promise<{ sentAt: number; purpose: string }[]> {
  const rows = await db
    .selectFrom('otp_sends')
    .select(['sent_at', 'purpose'])
    .where('mobile_no', '=', mobileNo)
    .where('sent_at', '>', since)
    .orderBy('sent_at', 'asc')
    .execute();
  return rows.map((r) => ({ sentAt: r.sent_at, purpose: r.purpose }));
}

export async function recordSend(db: Kysely<Database>, row: { id: string; mobileNo: string; purpose: string; sentAt: number }): Promise<void> {
  await db.insertInto('otp_sends').values({ id: row.id, mobile_no: row.mobileNo, purpose: row.purpose, sent_at: row.sentAt }).execute();
}

export async function deleteSend(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('otp_sends').where('id', '=', id).execute();
}

/** Sends older than the window no longer count; drop them so the table stays small. */
export async function pruneSends(db: Kysely<Database>, mobileNo: string, before: number): Promise<void> {
  await db.deleteFrom('otp_sends').where('mobile_no', '=', mobileNo).where('sent_at', '<=', before).execute();
}

export async function findChallenge(db: Kysely<Database>, mobileNo: string, purpose: string): Promise<OtpChallenge | undefined> {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('mobile_no', '=', mobileNo)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function saveChallenge(db: Kysely<Database>, row: OtpChallenge): Promise<void> {
  await db
    .insertInto('otp_challenges')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['mobile_no', 'purpose']).doUpdateSet({
        code_hash: row.code_hash,
        window_started_at: row.window_started_at,
        expires_at: row.expires_at,
        attempts: row.attempts,
      }),
    )
    .execute();
}

/** Counts one wrong try unless the challenge is already void; returns the new count, or undefined if void. */
export async function countWrongTry(db: Kysely<Database>, mobileNo: string, purpose: string, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('mobile_no', '=', mobileNo)
    .where('purpose', '=', purpose)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/**
 * Uses the code: deletes the challenge only if it still holds this very code, unexpired and not
 * void. Two requests with the right code race on this delete and only one wins (single use).
 */
export async function consumeChallenge(
  db: Kysely<Database>,
  c: { mobileNo: string; purpose: string; codeHash: string; now: number; maxAttempts: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('otp_challenges')
    .where('mobile_no', '=', c.mobileNo)
    .where('purpose', '=', c.purpose)
    .where('code_hash', '=', c.codeHash)
    .where('expires_at', '>', c.now)
    .where('attempts', '<', c.maxAttempts)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function isTicketUsed(db: Kysely<Database>, jti: string): Promise<boolean> {
  return (await db.selectFrom('used_tickets').select('jti').where('jti', '=', jti).executeTakeFirst()) !== undefined;
}

/** Records a ticket's id as used; false if it was used before. */
export async function markTicketUsed(db: Kysely<Database>, jti: string, expiresAt: number, now: number): Promise<boolean> {
  await db.deleteFrom('used_tickets').where('expires_at', '<', now).execute();
  const result = await db
    .insertInto('used_tickets')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) === 1n;
}
