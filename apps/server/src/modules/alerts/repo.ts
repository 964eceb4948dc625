import type { Kysely, Selectable } from 'kysely';
import type { AlertRow } from '@tractorlink/domain/alert-rules/types';
import { alertId } from '../../crypto/alert-id';
import type { AlertsTable, Database } from '../../db/types';
import { alertWriter } from './alert-writer';

/** An alert with the tractor fields the API shows beside it. */
export type AlertWithTractor = Selectable<AlertsTable> & { vin: string; reg_no: string; veh_name: string; model: string };

export interface AlertFilter {
  userId: string;
  tractorId?: string;
  fromMs: number;
  toMs: number;
  status?: 'read' | 'unread';
  typeIds?: readonly string[];
  limit: number;
  offset: number;
}

/** The owner's alerts: only tractors they own now (a tractor's alerts follow it to a new owner). */
function ownedAlerts(db: Kysely<Database>, f: Omit<AlertFilter, 'limit' | 'offset'>) {
  let q = db
    .selectFrom('alerts')
    .innerJoin('tractors', 'tractors.id', 'alerts.tractor_id')
    .where('tractors.owner_user_id', '=', f.userId)
    .where('alerts.time_ms', '>=', f.fromMs)
    .where('alerts.time_ms', '<=', f.toMs);
  if (f.tractorId !== undefined) q = q.where('alerts.tractor_id', '=', f.tractorId);
  if (f.status === 'read') q = q.where('alerts.read_at', 'is not', null);
  if (f.status === 'unread') q = q.where('alerts.read_at', 'is', null);
  // Never empty: the service answers an impossible filter without asking.
  if (f.typeIds !== undefined) q = q.where('alerts.type_id', 'in', f.typeIds);
  return q;
}

export async function listAlerts(db: Kysely<Database>, f: AlertFilter): Promise<{ rows: AlertWithTractor[]; total: number }> {
  const [rows, count] = await Promise.all([
    ownedAlerts(db, f)
      .selectAll('alerts')
      .select(['tractors.vin', 'tractors.reg_no', 'tractors.veh_name', 'tractors.model'])
      .orderBy('alerts.time_ms', 'desc')
      .orderBy('alerts.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    ownedAlerts(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findOwnedAlert(db: Kysely<Database>, userId: string, alertId: string): Promise<AlertWithTractor | undefined> {
  return db
    .selectFrom('alerts')
    .innerJoin('tractors', 'tractors.id', 'alerts.tractor_id')
    .selectAll('alerts')
    .select(['tractors.vin', 'tractors.reg_no', 'tractors.veh_name', 'tractors.model'])
    .where('alerts.id', '=', alertId)
    .where('tractors.owner_user_id', '=', userId)
    .executeTakeFirst();
}

/** How many of `ids` (distinct) are alerts of tractors `userId` owns. */
export async function countOwned(db: Kysely<Database>, userId: string, ids: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .innerJoin('tractors', 'tractors.id', 'alerts.tractor_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('alerts.id', 'in', ids)
    .where('tractors.owner_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the caller's unread alerts among `ids` read. */
export async function markRead(db: Kysely<Database>, userId: string, ids: readonly string[], now: number): Promise<number> {
  const result = await db
    .updateTable('alerts')
    .set({ read_at: now })
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .where('tractor_id', 'in', (eb) => eb.selectFrom('tractors').select('id').where('owner_user_id', '=', userId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countUnread(db: Kysely<Database>, tractorId: string, typeIds: readonly string[], sinceMs: number, untilMs: number): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tractor_id', '=', tractorId)
    .where('time_ms', '>=', sinceMs)
    .where('time_ms', '<=', untilMs)
    .where('read_at', 'is', null)
    .where('type_id', 'in', typeIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An alert raised outside ingestion (AlertService.raiseAlert), with its outbox entry, in one transaction. */
export async function insertAlert(db: Kysely<Database>, alert: Omit<AlertRow, 'id'>): Promise<AlertRow> {
  const a: AlertRow = { id: alertId(alert.createdAt), ...alert };
  await db.transaction().execute((tx) => alertWriter.write(tx, [a]));
  return a;
}
