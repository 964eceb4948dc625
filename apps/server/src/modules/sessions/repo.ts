import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../../db/types';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSession(db: Kysely<Database>, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRefreshToken(db: Kysely<Database>, row: { tokenHash: string; sessionId: string; createdAt: number }): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: row.tokenHash, session_id: row.sessionId, created_at: row.createdAt, used_at: null, replaced_by: null })
    .execute();
}

export async function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.used_at',
      'refresh_tokens.replaced_by',
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.remember_me',
      'sessions.expires_at',
      'sessions.revoked_at',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used and names its successor; false if it was already used (a parallel rotation won). */
export async function markRefreshTokenUsed(db: Kysely<Database>, tokenHash: string, now: number, successorHash: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now, replaced_by: successorHash })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Whether a refresh token has been used (an unknown one, not yet inserted by a rotation in flight, has not). */
export async function refreshTokenUsed(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const row = await db.selectFrom('refresh_tokens').select('used_at').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.used_at !== null && row?.used_at !== undefined;
}

export async function revokeSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: Kysely<Database>, userId: string, now: number, exceptId?: string): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Deletes sessions that expired or were revoked before `before` (their refresh tokens go with them). */
export async function deleteSessionsEndedBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
