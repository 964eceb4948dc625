import type { WatchedGeofence } from '@tractorlink/domain/alert-rules/types';
import type { CompiledArea } from '@tractorlink/domain/geofence-geometry';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { compileBoundary, compileCustom } from './area';
import { boundaryGeometries } from './boundaries/repo';
import { type WatchDetailRow, watchDetails, watchMeta, watchPairs } from './repo';

/** Re-read this often even without an invalidation (another instance may have changed a geofence). */
const TTL_MS = 5 * 60_000;
/** Most tractors whose lists are kept (as the alert settings cache). */
const MAX_TRACTORS = 20_000;
/** Compiled geofences and boundaries kept; past it the cache starts again (old revs pile up otherwise). */
const MAX_COMPILED = 20_000;
const NONE: readonly WatchedGeofence[] = [];

type Compiled = WatchedGeofence & { boundaryVersion: number | null };

/**
 * The active geofences each tractor watches, compiled, for the geofence rule: loaded before the
 * ingest transaction (prepare), read per position (forTractor). Lists are read with two small
 * queries (the pairs from the tractor index, then each geofence's active flag and rev); a
 * geofence is read and compiled once per rev, and a
 * state or district boundary once per version, shared by every geofence on it. So a batch costs no
 * query unless a tractor's list is due, and no compiling unless something changed; the service
 * drops the tractors a change touches.
 */
export class GeofenceWatch {
  private readonly tractors = new Map<string, { list: readonly WatchedGeofence[]; loadedAt: number }>();
  private readonly geofences = new Map<string, Compiled>();
  private readonly boundaries = new Map<string, CompiledArea>();
  /** Counts invalidations: one during a load may have come after its reads. */
  private epoch = 0;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      /** Told of each invalidation (the writer thread keeps lists of its own). */
      onInvalidate?: (tractorIds: readonly string[]) => void;
    },
  ) {}

  async prepare(tractorIds: readonly string[]): Promise<void> {
    const now = this.deps.clock.now();
    const missing = [...new Set(tractorIds)].filter((id) => {
      const entry = this.tractors.get(id);
      return !entry || now - entry.loadedAt > TTL_MS;
    });
    if (missing.length === 0) return;
    const epoch = this.epoch;
    if (this.geofences.size > MAX_COMPILED) this.geofences.clear();
    if (this.boundaries.size > MAX_COMPILED) this.boundaries.clear();
    const pairs = await watchPairs(this.deps.db, missing);
    const ids = [...new Set(pairs.map((p) => p.geofence_id))];
    const meta = new Map((ids.length === 0 ? [] : await watchMeta(this.deps.db, ids)).filter((m) => m.active === 1).map((m) => [m.id, m]));
    const stale = [...meta.values()].filter((m) => {
      const known = this.geofences.get(m.id);
      return !known || known.rev !== m.rev || known.boundaryVersion !== m.boundary_version;
    });
    if (stale.length > 0) await this.compile(stale.map((m) => m.id));
    // Each tractor's list oldest first, the same order every load (the stored state is keyed to it):
    // the geofences are sorted once and dealt out to their tractors in that order.
    const byGeofence = new Map<string, string[]>();
    for (const pair of pairs) {
      const tractors = byGeofence.get(pair.geofence_id);
      if (tractors) tractors.push(pair.tractor_id);
      else byGeofence.set(pair.geofence_id, [pair.tractor_id]);
    }
    const ordered = [...meta.values()].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const lists = new Map<string, WatchedGeofence[]>();
    for (const m of ordered) {
      // Gone between the reads: left out until the next load.
      const watched = this.geofences.get(m.id);
      if (!watched) continue;
      for (const tractorId of byGeofence.get(m.id) ?? []) {
        const list = lists.get(tractorId);
        if (list) list.push(watched);
        else lists.set(tractorId, [watched]);
      }
    }
    this.evict(missing.length, new Set(tractorIds));
    // A change while reading may not be in what was read: use it for this batch, read again for the next.
    const loadedAt = epoch === this.epoch ? now : -Infinity;
    for (const id of missing) {
      this.tractors.delete(id);
      this.tractors.set(id, { list: lists.get(id) ?? NONE, loadedAt });
    }
  }

  /** The tractor's active geofences (prepare first); none if it was not prepared. */
  forTractor(tractorId: string): readonly WatchedGeofence[] {
    return this.tractors.get(tractorId)?.list ?? NONE;
  }

  /** A geofence of these tractors changed: their lists are reloaded before their next batch. */
  invalidate(tractorIds: Iterable<string>): void {
    this.epoch++;
    const ids = [...tractorIds];
    for (const id of ids) this.tractors.delete(id);
    this.deps.onInvalidate?.(ids);
  }

  private async compile(ids: readonly string[]): Promise<void> {
    const details = await watchDetails(this.deps.db, ids);
    await this.compileBoundaries(details);
    for (const d of details) {
      const area = d.boundary_id ? this.boundaries.get(`${d.boundary_id}:${d.boundary_version}`) : compileCustom(d);
      // A boundary that could not be read is left out (never an empty area: that would read as "left").
      if (!area) continue;
      this.geofences.set(d.id, {
        id: d.id,
        name: d.name,
        rev: d.rev,
        alertOnEntry: d.alert_entry === 1,
        alertOnExit: d.alert_exit === 1,
        area,
        boundaryVersion: d.boundary_version,
      });
    }
  }

  /** State and district boundaries not compiled at their version: read (once) and compiled, under the version asked for. */
  private async compileBoundaries(details: readonly WatchDetailRow[]): Promise<void> {
    const wanted = new Map<string, Set<number | null>>();
    for (const d of details) {
      if (!d.boundary_id || this.boundaries.has(`${d.boundary_id}:${d.boundary_version}`)) continue;
      wanted.set(d.boundary_id, (wanted.get(d.boundary_id) ?? new Set()).add(d.boundary_version));
    }
    if (wanted.size === 0) return;
    for (const b of await boundaryGeometries(this.deps.db, [...wanted.keys()])) {
      const area = compileBoundary(b.geometry);
      for (const version of wanted.get(b.id) ?? []) this.boundaries.set(`${b.id}:${version}`, area);
    }
  }

  private evict(count: number, keep: Set<string>): void {
    for (const id of this.tractors.keys()) {
      if (this.tractors.size + count <= MAX_TRACTORS) return;
      if (!keep.has(id)) this.tractors.delete(id);
    }
  }
}
