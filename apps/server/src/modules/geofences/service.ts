import { randomBytes } from 'node:crypto';
import { boundingBox, type BoundingBox, circleBox } from '@tractorlink/domain/geofence-geometry';
import {
  type BoundaryOutlineResponse,
  type CreateGeofenceRequest,
  customArea,
  customAreaM2,
  type Geofence,
  type GeofenceDefinition,
  type GeofenceDistrictsResponse,
  type GeofenceListResponse,
  geofenceNameKey,
  GEOFENCES_PAGE_SIZE_DEFAULT,
  GEOFENCES_PER_OWNER_MAX,
  type GeofencesQuery,
  type GeofenceShape,
  type GeofenceStatesResponse,
  type GeofenceType,
  type PlaceNames,
  toCoordinate,
} from '@tractorlink/domain/geofences';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, GeofencesTable } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findOwnedTractor, normaliseId } from '../tractors/repo';
import { storeCoordinates, storedCoordinates } from './area';
import { OutlineCache } from './boundaries/outline';
import { nameKey } from './boundaries/parse';
import { findBoundary, findBoundaryWithGeometry, listBoundaries, listDistricts, statesWithDistrict, storedNames } from './boundaries/repo';
import {
  countGeofences,
  deleteGeofence,
  findOwnGeofence,
  type GeofenceRow,
  insertGeofence,
  listGeofences,
  nameTaken,
  replaceTractors,
  updateGeofence,
  watchedTractors,
} from './repo';
import type { GeofenceWatch } from './watch';
import { lockOwner } from '../../db/serialise';

/** Where a definition puts the geofence: the columns that follow from its shape or boundary. */
type Placement = Pick<
  GeofencesTable,
  'type' | 'shape' | 'coordinates' | 'radius_m' | 'side_m' | 'boundary_id' | 'state' | 'district' | 'south' | 'west' | 'north' | 'east' | 'area_m2'
>;

const seconds = (ms: number) => Math.floor(ms / 1000);
/**
 * 72 random bits as 12 URL-safe characters: as unguessable as needed, and short, because the
 * detection state of every tractor names the geofences it is inside with every commit.
 */
const geofenceId = () => randomBytes(9).toString('base64url');
const box = (b: BoundingBox) => ({ south: b.south, west: b.west, north: b.north, east: b.east });

function toGeofence(row: GeofenceRow, vins: readonly string[]): Geofence {
  return {
    id: row.id,
    name: row.name,
    type: row.type as GeofenceType,
    shape: (row.shape as GeofenceShape | null) ?? null,
    coordinates: storedCoordinates(row.coordinates).map(toCoordinate),
    radiusM: row.radius_m,
    sideM: row.side_m,
    state: row.state,
    district: row.district,
    bounds: box(row),
    areaM2: Math.round(row.area_m2),
    vins: [...vins],
    active: row.active === 1,
    alertOnEntry: row.alert_entry === 1,
    alertOnExit: row.alert_exit === 1,
    createdAt: seconds(row.created_at),
    updatedAt: seconds(row.updated_at),
  };
}

/**
 * Geofences of spec §3 / §7, all scoped to the signed-in owner: another owner's geofence, or a
 * VIN not theirs, is NOT_FOUND exactly like one that does not exist. Every change drops the
 * cached lists of the tractors it touches, so detection sees it from their next batch.
 */
export class GeofenceService {
  private readonly outlines = new OutlineCache();

  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; watch: GeofenceWatch }) {}

  async list(userId: string, q: GeofencesQuery): Promise<GeofenceListResponse> {
    const { db } = this.deps;
    const page = Number(q.page ?? 1);
    const pageSize = Number(q.pageSize ?? GEOFENCES_PAGE_SIZE_DEFAULT);
    let tractorId: string | undefined;
    if (q.vin !== undefined) {
      const tractor = await findOwnedTractor(db, userId, q.vin);
      if (!tractor) throw new AppError('NOT_FOUND');
      tractorId = tractor.id;
    }
    const active = q.active === undefined ? undefined : q.active === 'true';
    const { rows, total } = await listGeofences(db, { userId, tractorId, active, limit: pageSize, offset: (page - 1) * pageSize });
    const watched = await watchedTractors(
      db,
      rows.map((r) => r.id),
    );
    return {
      data: rows.map((r) =>
        toGeofence(
          r,
          (watched.get(r.id) ?? []).map((t) => t.vin),
        ),
      ),
      page,
      pageSize,
      total,
      limit: GEOFENCES_PER_OWNER_MAX,
    };
  }

  async get(userId: string, id: string): Promise<Geofence> {
    return this.answer(await this.own(userId, id));
  }

  async create(userId: string, body: CreateGeofenceRequest): Promise<Geofence> {
    const { db, clock } = this.deps;
    // A quick answer before the work below; the count under the owner's lock at the insert decides.
    if ((await countGeofences(db, userId)) >= GEOFENCES_PER_OWNER_MAX) throw new AppError('GEOFENCE_LIMIT');
    await this.checkName(userId, body.name);
    const placement = await this.place(body);
    const tractorIds = await this.ownedTractorIds(userId, body.vins ?? []);
    const now = clock.now();
    const row: GeofenceRow = {
      id: geofenceId(),
      user_id: userId,
      name: body.name,
      name_key: geofenceNameKey(body.name),
      ...placement,
      active: body.active ? 1 : 0,
      alert_entry: body.alertOnEntry ? 1 : 0,
      alert_exit: body.alertOnExit ? 1 : 0,
      rev: 1,
      created_at: now,
      updated_at: now,
    };
    try {
      await db.transaction().execute(async (tx) => {
        // Counted again under the owner's lock: parallel creates (on any instance) cannot all pass the cap.
        await lockOwner(tx, userId);
        if ((await countGeofences(tx, userId)) >= GEOFENCES_PER_OWNER_MAX) throw new AppError('GEOFENCE_LIMIT');
        await insertGeofence(tx, row, tractorIds);
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Two creates with one name at once: the unique key keeps one.
      await this.checkName(userId, body.name);
      throw err;
    }
    this.deps.watch.invalidate(tractorIds);
    return this.answer(row);
  }

  async update(userId: string, id: string, body: GeofenceDefinition): Promise<Geofence> {
    const row = await this.own(userId, id);
    await this.checkName(userId, body.name, id);
    const values = {
      name: body.name,
      name_key: geofenceNameKey(body.name),
      ...(await this.place(body)),
      alert_entry: body.alertOnEntry ? 1 : 0,
      alert_exit: body.alertOnExit ? 1 : 0,
      updated_at: this.deps.clock.now(),
    };
    try {
      await updateGeofence(this.deps.db, row, values);
    } catch (err) {
      await this.checkName(userId, body.name, id);
      throw err;
    }
    return this.changed(row.id, userId);
  }

  async remove(userId: string, id: string): Promise<void> {
    const row = await this.own(userId, id);
    const watched = (await watchedTractors(this.deps.db, [row.id])).get(row.id) ?? [];
    if (!(await deleteGeofence(this.deps.db, userId, id))) throw new AppError('NOT_FOUND');
    this.deps.watch.invalidate(watched.map((t) => t.id));
  }

  /** Which of the owner's tractors it watches (the list replaces the old one). */
  async assign(userId: string, id: string, vins: readonly string[]): Promise<Geofence> {
    const row = await this.own(userId, id);
    const tractorIds = await this.ownedTractorIds(userId, vins);
    const before = (await watchedTractors(this.deps.db, [row.id])).get(row.id) ?? [];
    await replaceTractors(this.deps.db, row, tractorIds, this.deps.clock.now());
    this.deps.watch.invalidate([...before.map((t) => t.id), ...tractorIds]);
    return this.changed(row.id, userId);
  }

  /** Spec §4: active or inactive. Setting what it already is changes nothing. */
  async setActive(userId: string, id: string, active: boolean): Promise<Geofence> {
    const row = await this.own(userId, id);
    if ((row.active === 1) === active) return this.answer(row);
    await updateGeofence(this.deps.db, row, { active: active ? 1 : 0, updated_at: this.deps.clock.now() });
    return this.changed(row.id, userId);
  }

  /** The states with loaded boundaries (an outline, districts, or both). */
  async states(): Promise<GeofenceStatesResponse> {
    const byState = new Map<string, { state: string; names: PlaceNames; boundary: boolean; districts: number }>();
    for (const b of await listBoundaries(this.deps.db)) {
      const entry = byState.get(b.state_key) ?? { state: b.state, names: {}, boundary: false, districts: 0 };
      if (b.district_key === '') {
        entry.boundary = true;
        entry.state = b.state;
        entry.names = storedNames(b.names);
      } else entry.districts++;
      byState.set(b.state_key, entry);
    }
    return { data: [...byState.values()].sort((a, b) => a.state.localeCompare(b.state, 'en')) };
  }

  /** Spec §5: the districts of the selected state only. NOT_FOUND for a state with nothing loaded. */
  async districts(state: string): Promise<GeofenceDistrictsResponse> {
    const { db } = this.deps;
    const [rows, outline] = await Promise.all([listDistricts(db, nameKey(state)), findBoundary(db, nameKey(state), '')]);
    if (rows.length === 0 && !outline) throw new AppError('NOT_FOUND');
    return {
      state: outline?.state ?? rows[0]?.state ?? state,
      data: rows.map((r) => ({ district: r.district, names: storedNames(r.names), bounds: box(r) })).sort((a, b) => a.district.localeCompare(b.district, 'en')),
    };
  }

  /** A boundary to draw (district undefined: the state's outline). */
  async outline(state: string, district?: string): Promise<BoundaryOutlineResponse> {
    const row = await findBoundaryWithGeometry(this.deps.db, nameKey(state), district === undefined ? '' : nameKey(district));
    if (!row) throw new AppError('NOT_FOUND');
    return this.outlines.get(row);
  }

  private async own(userId: string, id: string): Promise<GeofenceRow> {
    const row = await findOwnGeofence(this.deps.db, userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async answer(row: GeofenceRow): Promise<Geofence> {
    const watched = (await watchedTractors(this.deps.db, [row.id])).get(row.id) ?? [];
    return toGeofence(
      row,
      watched.map((t) => t.vin),
    );
  }

  /** After a change: the stored geofence, and its tractors told. */
  private async changed(id: string, userId: string): Promise<Geofence> {
    const row = await this.own(userId, id);
    const watched = (await watchedTractors(this.deps.db, [row.id])).get(row.id) ?? [];
    this.deps.watch.invalidate(watched.map((t) => t.id));
    return toGeofence(
      row,
      watched.map((t) => t.vin),
    );
  }

  private async checkName(userId: string, name: string, exceptId?: string): Promise<void> {
    if (await nameTaken(this.deps.db, userId, geofenceNameKey(name), exceptId)) throw new AppError('DUPLICATE_GEOFENCE_NAME');
  }

  /** Tractor ids of these VINs, all of which must be the owner's (one that is not: NOT_FOUND, nothing changed). */
  private async ownedTractorIds(userId: string, vins: readonly string[]): Promise<string[]> {
    const distinct = [...new Set(vins.map(normaliseId))];
    if (distinct.length === 0) return [];
    const rows = await this.deps.db.selectFrom('tractors').select('id').where('owner_user_id', '=', userId).where('vin', 'in', distinct).execute();
    if (rows.length !== distinct.length) throw new AppError('NOT_FOUND');
    return rows.map((r) => r.id);
  }

  /** The columns of a definition: a custom shape as drawn, or the loaded boundary it names. */
  private async place(d: GeofenceDefinition): Promise<Placement> {
    const none = { shape: null, coordinates: null, radius_m: null, side_m: null, boundary_id: null, state: null, district: null };
    const area = customArea(d);
    if (area) {
      const points = area.shape === 'polygon' ? area.ring : [area.center];
      const bounds = area.shape === 'circle' ? circleBox(area.center, area.radiusM) : (boundingBox(area.ring) as BoundingBox);
      return {
        ...none,
        type: 'custom',
        shape: area.shape,
        coordinates: storeCoordinates(points),
        radius_m: area.shape === 'circle' ? area.radiusM : null,
        side_m: area.shape === 'square' ? area.sideM : null,
        ...box(bounds),
        area_m2: customAreaM2(area),
      };
    }
    const stateKey = nameKey(d.state ?? '');
    const districtKey = d.type === 'district' ? nameKey(d.district ?? '') : '';
    const boundary = await findBoundary(this.deps.db, stateKey, districtKey);
    if (!boundary) {
      // The district exists, but in another state (spec §5: a district only from the selected state).
      if (districtKey !== '' && (await statesWithDistrict(this.deps.db, districtKey)).length > 0) {
        throw new AppError('VALIDATION_FAILED', { details: [{ path: 'district', code: 'DISTRICT_NOT_IN_STATE' }] });
      }
      throw new AppError('BOUNDARY_NOT_LOADED');
    }
    return {
      ...none,
      type: d.type,
      boundary_id: boundary.id,
      state: boundary.state,
      district: districtKey === '' ? null : boundary.district,
      ...box(boundary),
      area_m2: boundary.area_m2,
    };
  }
}
