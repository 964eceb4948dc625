import { type CompiledArea, compileMultiPolygon } from '@tractorlink/domain/geofence-geometry';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import type { WatchedGeofence } from '../alerts/rules/types';
import { compileBoundary, compileCustom } from './area';
import { boundaryGeometries } from './boundaries/repo';
import { type ActiveWatchRow, activeWatches } from './repo';

/** Re-read this often even without an invalidation (another instance may have changed a geofence). */
const TTL_MS = 5 * 60_000;
/** Most tractors whose lists are kept (as the alert settings cache). */
const MAX_TRACTORS = 20_000;
/** Compiled areas kept; past it the cache starts again (old revs pile up otherwise). */
const MAX_COMPILED = 20_000;
const NONE: readonly WatchedGeofence[] = [];

/**
 * The active geofences each tractor watches, compiled, for the geofence rule: loaded before the
 * ingest transaction (prepare), read per position (forTractor). A compiled area is kept per
 * geofence rev (custom) or boundary version (state, district: shared by every geofence on it), so
 * a batch costs no query and no compiling unless something changed; the service drops the
 * tractors a change touches.
 */
export class GeofenceWatch {
  private readonly tractors = new Map<string, { list: readonly WatchedGeofence[]; loadedAt: number }>();
  private readonly compiled = new Map<string, CompiledArea>();

  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  async prepare(tractorIds: readonly string[]): Promise<void> {
    const now = this.deps.clock.now();
    const missing = [...new Set(tractorIds)].filter((id) => {
      const entry = this.tractors.get(id);
      return !entry || now - entry.loadedAt > TTL_MS;
    });
    if (missing.length === 0) return;
    if (this.compiled.size > MAX_COMPILED) this.compiled.clear();
    const rows = await activeWatches(this.deps.db, missing);
    await this.compileBoundaries(rows);
    const byGeofence = new Map<string, WatchedGeofence>();
    const lists = new Map<string, WatchedGeofence[]>();
    for (const row of rows) {
      let watched = byGeofence.get(row.id);
      if (!watched) {
        watched = { id: row.id, name: row.name, rev: row.rev, alertOnEntry: row.alert_entry === 1, alertOnExit: row.alert_exit === 1, area: this.areaOf(row) };
        byGeofence.set(row.id, watched);
      }
      const list = lists.get(row.tractor_id) ?? [];
      list.push(watched);
      lists.set(row.tractor_id, list);
    }
    this.evict(missing.length, new Set(tractorIds));
    for (const id of missing) {
      this.tractors.delete(id);
      this.tractors.set(id, { list: lists.get(id) ?? NONE, loadedAt: now });
    }
  }

  /** The tractor's active geofences (prepare first); none if it was not prepared. */
  forTractor(tractorId: string): readonly WatchedGeofence[] {
    return this.tractors.get(tractorId)?.list ?? NONE;
  }

  /** A geofence of these tractors changed: their lists are reloaded before their next batch. */
  invalidate(tractorIds: Iterable<string>): void {
    for (const id of tractorIds) this.tractors.delete(id);
  }

  private key(row: ActiveWatchRow): string {
    return row.boundary_id ? `b:${row.boundary_id}:${row.boundary_version ?? 0}` : `c:${row.id}:${row.rev}`;
  }

  private areaOf(row: ActiveWatchRow): CompiledArea {
    const key = this.key(row);
    let area = this.compiled.get(key);
    if (!area) {
      // A boundary's area is compiled by compileBoundaries; one missing there (not found) holds nothing.
      area = row.boundary_id ? compileMultiPolygon([]) : compileCustom(row);
      this.compiled.set(key, area);
    }
    return area;
  }

  /** State and district areas not compiled yet: their geometry is read (once) and compiled. */
  private async compileBoundaries(rows: readonly ActiveWatchRow[]): Promise<void> {
    const wanted = new Map<string, string[]>();
    for (const r of rows) {
      const key = this.key(r);
      if (!r.boundary_id || this.compiled.has(key)) continue;
      wanted.set(r.boundary_id, [...(wanted.get(r.boundary_id) ?? []), key]);
    }
    if (wanted.size === 0) return;
    for (const b of await boundaryGeometries(this.deps.db, [...wanted.keys()])) {
      const area = compileBoundary(b.geometry);
      for (const key of wanted.get(b.id) ?? []) this.compiled.set(key, area);
    }
  }

  private evict(count: number, keep: Set<string>): void {
    for (const id of this.tractors.keys()) {
      if (this.tractors.size + count <= MAX_TRACTORS) return;
      if (!keep.has(id)) this.tractors.delete(id);
    }
  }
}
