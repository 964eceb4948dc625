import { randomUUID } from 'node:crypto';
import { type PlaceNames, placeNames } from '@tractorlink/domain/geofences';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, GeofenceBoundariesTable } from '../../../db/types';
import { type ParsedBoundary, toGeoJsonCoordinates } from './parse';

export type BoundaryRow = Selectable<GeofenceBoundariesTable>;
/** A boundary without its geometry (lists). */
export type BoundarySummary = Omit<BoundaryRow, 'geometry'>;

const SUMMARY = [
  'id',
  'state',
  'district',
  'state_key',
  'district_key',
  'vertices',
  'area_m2',
  'south',
  'west',
  'north',
  'east',
  'source',
  'version',
  'names',
] as const;

/** The stored `names` column as the API gives it; anything unreadable counts as no names. */
export function storedNames(json: string): PlaceNames {
  try {
    const parsed = placeNames.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Inserts or replaces (same state and district names, any case) a boundary; the id stays, the version moves on. */
export async function upsertBoundary(db: Kysely<Database>, b: ParsedBoundary, source: string): Promise<void> {
  const values = {
    state: b.state,
    district: b.district,
    geometry: JSON.stringify(toGeoJsonCoordinates(b.area)),
    vertices: b.vertices,
    area_m2: b.areaM2,
    south: b.box.south,
    west: b.box.west,
    north: b.box.north,
    east: b.box.east,
    source,
    names: JSON.stringify(b.names),
  };
  await db
    .insertInto('geofence_boundaries')
    .values({ id: randomUUID(), state_key: b.stateKey, district_key: b.districtKey, version: 1, ...values })
    .onConflict((oc) => oc.columns(['state_key', 'district_key']).doUpdateSet({ ...values, version: sql`geofence_boundaries.version + 1` }))
    .execute();
}

export async function countBoundaries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('geofence_boundaries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listBoundaries(db: Kysely<Database>): Promise<BoundarySummary[]> {
  return db.selectFrom('geofence_boundaries').select(SUMMARY).orderBy('state_key').orderBy('district_key').execute();
}

export function listDistricts(db: Kysely<Database>, stateKey: string): Promise<BoundarySummary[]> {
  return db
    .selectFrom('geofence_boundaries')
    .select(SUMMARY)
    .where('state_key', '=', stateKey)
    .where('district_key', '!=', '')
    .orderBy('district_key')
    .execute();
}

export function findBoundary(db: Kysely<Database>, stateKey: string, districtKey: string): Promise<BoundarySummary | undefined> {
  return db.selectFrom('geofence_boundaries').select(SUMMARY).where('state_key', '=', stateKey).where('district_key', '=', districtKey).executeTakeFirst();
}

export function findBoundaryWithGeometry(db: Kysely<Database>, stateKey: string, districtKey: string): Promise<BoundaryRow | undefined> {
  return db.selectFrom('geofence_boundaries').selectAll().where('state_key', '=', stateKey).where('district_key', '=', districtKey).executeTakeFirst();
}

/** States that have a district of this name. */
export async function statesWithDistrict(db: Kysely<Database>, districtKey: string): Promise<string[]> {
  const rows = await db.selectFrom('geofence_boundaries').select('state').where('district_key', '=', districtKey).execute();
  return rows.map((r) => r.state);
}

export function boundaryGeometries(db: Kysely<Database>, ids: readonly string[]): Promise<Pick<BoundaryRow, 'id' | 'version' | 'geometry'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('geofence_boundaries').select(['id', 'version', 'geometry']).where('id', 'in', ids).execute();
}

/** Drops the bundled demo shapes no geofence uses (real data has arrived). */
export async function removeUnusedDemoBoundaries(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('geofence_boundaries')
    .where('source', '=', 'demo')
    .where('id', 'not in', (eb) => eb.selectFrom('geofences').select('boundary_id').where('boundary_id', 'is not', null).$narrowType<{ boundary_id: string }>())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
