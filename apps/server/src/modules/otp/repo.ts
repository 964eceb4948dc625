import type { Kysely, Selectable } from 'kysely';
import type { Database, OtpChallengesTable } from '../../db/types';

export type OtpChallenge = Selectable<OtpChallengesTable>;
type ChallengeKey = Pick<OtpChallenge, 'mobile_no' | 'purpose' | 'requester'>;

export interface SendRow {
  sentAt: number;
  purpose: string;
  requester: string;
  boundBrowser: boolean;
}

/** Counting and recording a send are serialised per number and per address (db/serialise.ts). */
export { serialise } from '../../db/serialise';

/** Sends to `mobileNo` after `since`, oldest first. */
export async function sendsSince(db: Kysely<Database>, mobileNo: string, since: number): Promise<SendRow[]> {
  const rows = await db
    .selectFrom('otp_sends')
    .select(['sent_at', 'purpose', 'requester', 'bound_browser'])
    .where('mobile_no', '=', mobileNo)
    .where('sent_at', '>', since)
    .orderBy('sent_at', 'asc')
    .execute();
  return rows.map((r) => ({ sentAt: r.sent_at, purpose: r.purpose, requester: r.requester, boundBrowser: r.bound_browser === 1 }));
}

/** Times of the sends asked from `address` (not from bound browsers) after `since`, oldest first. */
export async function addressSendsSince(db: Kysely<Database>, address: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('otp_sends')
    .select('sent_at')
    .where('address', '=', address)
    .where('bound_browser', '=', 0)
    .where('sent_at', '>', since)
    .orderBy('sent_at', 'asc')
    .execute();
  return rows.map((r) => r.sent_at);
}

export async function recordSend(
  db: Kysely<Database>,
  row: { id: string; mobileNo: string; purpose: string; sentAt: number; requester: string; address: string; boundBrowser: boolean },
): Promise<void> {
  await db
    .insertInto('otp_sends')
    .values({
      id: row.id,
      mobile_no: row.mobileNo,
      purpose: row.purpose,
      sent_at: row.sentAt,
      requester: row.requester,
      address: row.address,
      bound_browser: row.boundBrowser ? 1 : 0,
    })
    .execute();
}

export async function deleteSend(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('otp_sends').where('id', '=', id).execute();
}

/** Sends and codes past every window no longer count: drop them so the tables stay small. */
export async function pruneOld(db: Kysely<Database>, sendsBefore: number, codesBefore: number): Promise<void> {
  await db.deleteFrom('otp_sends').where('sent_at', '<=', sendsBefore).execute();
  await db.deleteFrom('otp_challenges').where('expires_at', '<=', codesBefore).execute();
}

/** The code `requester` asked for (its browser, or its address if it named no browser). */
export async function findChallenge(db: Kysely<Database>, key: ChallengeKey): Promise<OtpChallenge | undefined> {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('mobile_no', '=', key.mobile_no)
    .where('purpose', '=', key.purpose)
    .where('requester', '=', key.requester)
    .executeTakeFirst();
}

/** The newest code asked from `address`, whoever asked. */
export async function findChallengeFromAddress(db: Kysely<Database>, mobileNo: string, purpose: string, address: string): Promise<OtpChallenge | undefined> {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('mobile_no', '=', mobileNo)
    .where('purpose', '=', purpose)
    .where('address', '=', address)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
}

export async function saveChallenge(db: Kysely<Database>, row: OtpChallenge): Promise<void> {
  await db
    .insertInto('otp_challenges')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['mobile_no', 'purpose', 'requester']).doUpdateSet({
        address: row.address,
        code_hash: row.code_hash,
        window_started_at: row.window_started_at,
        expires_at: row.expires_at,
        attempts: row.attempts,
      }),
    )
    .execute();
}

/** Counts one wrong try unless the code is already burned; returns the new count, or undefined if burned or gone. */
export async function countWrongTry(db: Kysely<Database>, key: ChallengeKey, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('mobile_no', '=', key.mobile_no)
    .where('purpose', '=', key.purpose)
    .where('requester', '=', key.requester)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/**
 * Uses the code: deletes the challenge only if it still holds this very code, unexpired and not
 * burned. Two requests with the right code race on this delete and only one wins (single use).
 */
export async function consumeChallenge(db: Kysely<Database>, key: ChallengeKey, c: { codeHash: string; now: number; maxAttempts: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('otp_challenges')
    .where('mobile_no', '=', key.mobile_no)
    .where('purpose', '=', key.purpose)
    .where('requester', '=', key.requester)
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
