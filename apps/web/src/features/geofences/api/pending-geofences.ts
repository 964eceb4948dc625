import { boundingBox, circleAreaM2, circleBox, normalizeRing, ringAreaM2, squareCorners } from '@tractorlink/domain/geofence-geometry';
import { toLatLon } from '@tractorlink/domain/geofences';
import type { Coordinate, Geofence, GeofenceDefinition, GeofenceListResponse } from '@tractorlink/domain/geofences';
import type { OutboxEntry } from '../../../lib/outbox/types';

/**
 * The owner's geofence writes still on the phone (the outbox), laid over what the server last said,
 * so the list and the details show them at once, after a reload and offline: a geofence made offline
 * (under its local id), an edit, a switch, tractors assigned, a deletion. Each step only sets what it
 * says, so laying it twice changes nothing (the cache may already hold it).
 */

export const geofenceTarget = (id: string): string => `geofence:${id}`;
const idOf = (e: OutboxEntry): string => e.target.slice('geofence:'.length);

/** A create's body: the definition with its tractors and switch. */
export type CreateGeofenceBody = GeofenceDefinition & { vins: string[]; active?: boolean };

/** The box and area the server would work out for a definition (enough for the list and the map's fit). */
function areaOf(d: GeofenceDefinition): Pick<Geofence, 'bounds' | 'areaM2'> {
  const points = (d.coordinates ?? []).map((c: Coordinate) => toLatLon(c));
  const none = { bounds: { south: 0, west: 0, north: 0, east: 0 }, areaM2: 0 };
  const first = points[0];
  if (d.type !== 'custom' || !first) return none;
  if (d.shape === 'circle') return { bounds: circleBox(first, d.radiusM ?? 0), areaM2: circleAreaM2(d.radiusM ?? 0) };
  if (d.shape === 'square') return { bounds: boundingBox(squareCorners(first, d.sideM ?? 0)) ?? none.bounds, areaM2: (d.sideM ?? 0) ** 2 };
  const ring = normalizeRing(points);
  return { bounds: boundingBox(ring) ?? none.bounds, areaM2: ringAreaM2(ring) };
}

/** A geofence with a new definition (the whole of it, as PUT geofences/{id} replaces it). */
function withDefinition(g: Geofence, d: GeofenceDefinition): Geofence {
  return {
    ...g,
    name: d.name,
    type: d.type,
    shape: d.type === 'custom' ? (d.shape ?? null) : null,
    coordinates: d.type === 'custom' ? (d.coordinates ?? []) : [],
    radiusM: d.radiusM ?? null,
    sideM: d.sideM ?? null,
    state: d.state ?? null,
    district: d.district ?? null,
    alertOnEntry: d.alertOnEntry ?? g.alertOnEntry,
    alertOnExit: d.alertOnExit ?? g.alertOnExit,
    ...areaOf(d),
  };
}

/** The geofence a create makes, as the phone knows it until the server answers. */
export function madeOnPhone(id: string, body: CreateGeofenceBody, createdAtMs: number): Geofence {
  const seconds = Math.floor(createdAtMs / 1000);
  const blank: Geofence = {
    id,
    name: body.name,
    type: body.type,
    shape: null,
    coordinates: [],
    radiusM: null,
    sideM: null,
    state: null,
    district: null,
    bounds: { south: 0, west: 0, north: 0, east: 0 },
    areaM2: 0,
    vins: body.vins,
    active: body.active ?? true,
    alertOnEntry: true,
    alertOnExit: true,
    createdAt: seconds,
    updatedAt: seconds,
  };
  return withDefinition(blank, body);
}

/** One geofence write laid over a geofence (undefined: it does not exist, or no longer). */
function step(g: Geofence | undefined, e: OutboxEntry): Geofence | undefined {
  if (e.kind === 'geofence.create') return g ?? madeOnPhone(e.localId ?? idOf(e), e.body as CreateGeofenceBody, e.createdAt);
  if (!g) return g;
  if (e.kind === 'geofence.delete') return undefined;
  if (e.kind === 'geofence.update') return withDefinition(g, e.body as GeofenceDefinition);
  if (e.kind === 'geofence.active') return { ...g, active: (e.body as { active: boolean }).active };
  if (e.kind === 'geofence.tractors') return { ...g, vins: (e.body as { vins: string[] }).vins };
  return g;
}

const geofenceWrites = (entries: readonly OutboxEntry[]) => entries.filter((e) => e.kind.startsWith('geofence.'));

/** The list with the phone's writes laid over it (new ones first, as the server lists newest first). */
export function overlayList(list: GeofenceListResponse, entries: readonly OutboxEntry[]): GeofenceListResponse {
  const writes = geofenceWrites(entries);
  if (writes.length === 0) return list;
  let data: Geofence[] = [...list.data];
  for (const e of writes) {
    const id = e.kind === 'geofence.create' ? (e.localId ?? idOf(e)) : idOf(e);
    const at = data.findIndex((g) => g.id === id);
    const next = step(at < 0 ? undefined : data[at], e);
    if (at < 0 && next) data = [next, ...data];
    else if (at >= 0 && !next) data = data.filter((g) => g.id !== id);
    else if (at >= 0 && next) data = data.map((g, i) => (i === at ? next : g));
  }
  return { ...list, data, total: list.total + (data.length - list.data.length) };
}

/** One geofence with the phone's writes on it laid over it. */
export function overlayOne(g: Geofence | undefined, id: string, entries: readonly OutboxEntry[]): Geofence | undefined {
  let out = g;
  for (const e of geofenceWrites(entries)) {
    if ((e.kind === 'geofence.create' ? (e.localId ?? idOf(e)) : idOf(e)) === id) out = step(out, e);
  }
  return out;
}
