import type { Kysely, Selectable } from 'kysely';
import type { AlertOutboxTable, Database } from '../../../db/types';

export type OutboxRow = Selectable<AlertOutboxTable>;
export type DeliveryKind = 'push' | 'sms';

/**
 * What a channel made of an entry: done with (sent, refused for good, or nothing left to send), or to
 * be tried again after `afterMs` (the push service's wait) or the usual backoff; `context` is logged.
 */
export type EntryOutcome = { kind: 'done' } | { kind: 'retry'; afterMs?: number | undefined; context: Record<string, unknown> };
export const DONE: EntryOutcome = { kind: 'done' };

/**
 * Claims up to `limit` entries due by `now` for `lockMs` (one UPDATE … RETURNING, so two
 * instances never take the same entry); an entry whose claimant died is free again after that.
 */
export async function claimDue(db: Kysely<Database>, now: number, limit: number, lockMs: number): Promise<OutboxRow[]> {
  const due = await db
    .selectFrom('alert_outbox')
    .select('id')
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_at')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  return db
    .updateTable('alert_outbox')
    .set({ locked_until: now + lockMs })
    .where(
      'id',
      'in',
      due.map((r) => r.id),
    )
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returningAll()
    .execute();
}

/** When the next entry falls due (undefined: nothing left). */
export async function nextDueAt(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('alert_outbox')
    .select((eb) => eb.fn.min<number>('next_at').as('next'))
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/** Removes the entries done with. */
export async function finishAll(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('alert_outbox').where('id', 'in', ids).execute();
}

export async function retryLater(db: Kysely<Database>, id: string, attempts: number, nextAt: number): Promise<void> {
  await db.updateTable('alert_outbox').set({ attempts, next_at: nextAt, locked_until: null }).where('id', '=', id).execute();
}

/**
 * Adds one entry per target of a 'fanout' entry (which the caller then removes). Target entries
 * have ids derived from the alert and target, so doing it twice (a crash before the fanout entry
 * is removed) adds nothing twice.
 */
export async function expand(db: Kysely<Database>, fanout: OutboxRow, targets: readonly { kind: DeliveryKind; target: string }[], now: number): Promise<void> {
  if (targets.length > 0) {
    await db
      .insertInto('alert_outbox')
      .values(
        targets.map((t) => ({
          id: `${fanout.alert_id}:${t.kind}:${t.target}`,
          alert_id: fanout.alert_id,
          kind: t.kind,
          target: t.target,
          attempts: 0,
          next_at: now,
          locked_until: null,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
