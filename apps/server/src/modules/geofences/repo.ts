import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, GeofencesTable } from '../../db/types';

export type GeofenceRow = Selectable<GeofencesTable>;

export interface GeofenceFilter {
  userId: string;
  /** Only those watching this tractor. */
  tractorId?: string;
  active?: boolean;
  limit: number;
  offset: number;
}

function owned(db: Kysely<Database>, f: Omit<GeofenceFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('geofences').where('geofences.user_id', '=', f.userId);
  if (f.active !== undefined) q = q.where('geofences.active', '=', f.active ? 1 : 0);
  if (f.tractorId !== undefined) {
    const tractorId = f.tractorId;
    q = q.where('geofences.id', 'in', (eb) => eb.selectFrom('geofence_tractors').select('geofence_id').where('tractor_id', '=', tractorId));
  }
  return q;
}

/** The owner's geofences, newest first. */
export async function listGeofences(db: Kysely<Database>, f: GeofenceFilter): Promise<{ rows: GeofenceRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    owned(db, f).selectAll('geofences').orderBy('geofences.created_at', 'desc').orderBy('geofences.id').limit(f.limit).offset(f.offset).execute(),
    owned(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function countGeofences(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('geofences')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The geofence with this id if `userId` made it; anyone else's is undefined. */
export function findOwnGeofence(db: Kysely<Database>, userId: string, id: string): Promise<GeofenceRow | undefined> {
  return db.selectFrom('geofences').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Another of the owner's geofences with this name (any case). */
export async function nameTaken(db: Kysely<Database>, userId: string, nameKey: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('geofences').select('id').where('user_id', '=', userId).where('name_key', '=', nameKey);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** In the caller's transaction (with the owner's cap counted under lockOwner). */
export async function insertGeofence(tx: Kysely<Database>, row: Insertable<GeofencesTable>, tractorIds: readonly string[]): Promise<void> {
  await tx.insertInto('geofences').values(row).execute();
  if (tractorIds.length > 0)
    await tx
      .insertInto('geofence_tractors')
      .values(tractorIds.map((tractor_id) => ({ geofence_id: row.id, tractor_id })))
      .execute();
}

/** Changes a geofence and moves its rev on (detection restarts for it). */
export async function updateGeofence(db: Kysely<Database>, row: GeofenceRow, values: Updateable<GeofencesTable>): Promise<void> {
  await db
    .updateTable('geofences')
    .set({ ...values, rev: row.rev + 1 })
    .where('id', '=', row.id)
    .execute();
}

/** Replaces the tractors it watches, and moves its rev on. */
export async function replaceTractors(db: Kysely<Database>, row: GeofenceRow, tractorIds: readonly string[], now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('geofence_tractors').where('geofence_id', '=', row.id).execute();
    if (tractorIds.length > 0)
      await tx
        .insertInto('geofence_tractors')
        .values(tractorIds.map((tractor_id) => ({ geofence_id: row.id, tractor_id })))
        .execute();
    await tx
      .updateTable('geofences')
      .set({ rev: row.rev + 1, updated_at: now })
      .where('id', '=', row.id)
      .execute();
  });
}

export async function deleteGeofence(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('geofences').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The tractors (id and VIN) each geofence watches. */
export async function watchedTractors(db: Kysely<Database>, geofenceIds: readonly string[]): Promise<Map<string, { id: string; vin: string }[]>> {
  const out = new Map<string, { id: string; vin: string }[]>(geofenceIds.map((id) => [id, []]));
  if (geofenceIds.length === 0) return out;
  const rows = await db
    .selectFrom('geofence_tractors')
    .innerJoin('tractors', 'tractors.id', 'geofence_tractors.tractor_id')
    .select(['geofence_tractors.geofence_id', 'tractors.id', 'tractors.vin'])
    .where('geofence_tractors.geofence_id', 'in', geofenceIds)
    .orderBy('tractors.vin')
    .execute();
  for (const r of rows) out.get(r.geofence_id)?.push({ id: r.id, vin: r.vin });
  return out;
}

/** Which geofences watch these tractors: one small row per pair, straight from the tractor index. */
export function watchPairs(db: Kysely<Database>, tractorIds: readonly string[]) {
  return db.selectFrom('geofence_tractors').select(['tractor_id', 'geofence_id']).where('tractor_id', 'in', tractorIds).execute();
}

/** What decides whether a cached compiled geofence is still right: active, rev, boundary version (and the list order). */
export function watchMeta(db: Kysely<Database>, ids: readonly string[]) {
  return db
    .selectFrom('geofences as g')
    .leftJoin('geofence_boundaries as b', 'b.id', 'g.boundary_id')
    .select(['g.id', 'g.rev', 'g.active', 'g.created_at', 'b.version as boundary_version'])
    .where('g.id', 'in', ids)
    .execute();
}

/** What detection needs of these geofences (their boundary's geometry apart). */
export function watchDetails(db: Kysely<Database>, ids: readonly string[]) {
  return db
    .selectFrom('geofences as g')
    .leftJoin('geofence_boundaries as b', 'b.id', 'g.boundary_id')
    .select([
      'g.id',
      'g.name',
      'g.rev',
      'g.shape',
      'g.coordinates',
      'g.radius_m',
      'g.side_m',
      'g.boundary_id',
      'g.alert_entry',
      'g.alert_exit',
      'b.version as boundary_version',
    ])
    .where('g.id', 'in', ids)
    .execute();
}
export type WatchDetailRow = Awaited<ReturnType<typeof watchDetails>>[number];
