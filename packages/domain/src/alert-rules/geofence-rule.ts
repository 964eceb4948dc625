import { GEOFENCE_BAND_M, GEOFENCE_CONFIRM_FIXES } from '../geofences';
import type { AlertRulesState, GeofenceTrack, GeofenceView, Grid, RuleContext, WatchedGeofence } from './types';

/** Fewer satellites than this give fixes tens of metres off (as for towing). */
const MIN_SATELLITES = 4;

/**
 * Geofence entry (A0109) and exit (A0110). Each position with its own fix is tested against the
 * tractor's active geofences: clearly inside is at least GEOFENCE_BAND_M inside the boundary,
 * clearly outside at least that far outside; in between the last state holds, so working along a
 * boundary does not flap. A change needs GEOFENCE_CONFIRM_FIXES clear positions in a row (one
 * stray fix is not an exit). The first clear position after a geofence is created, edited,
 * assigned or re-activated sets the state without an alert; after an edit, a first position in the
 * band keeps the side the tractor was on (it did not move: an exit that follows is alerted).
 *
 * Cheap per position with many geofences: a grid over the list finds the few small geofences
 * near the position (one the tractor is clearly outside and far from cannot change, so it is not
 * looked at); large ones and those the tractor is not clearly outside are always looked at, and an
 * anchor (the last fully measured position, with the distance within which the state cannot
 * change) settles a tractor working well inside or outside one without touching its edges.
 */
export function geofenceRule(state: AlertRulesState, ctx: RuleContext): void {
  const list = ctx.geofences;
  if (list.length === 0) {
    if (state.geofences) state.geofences = state.geofenceView = state.geofenceFingerprint = undefined;
    return;
  }
  const r = ctx.input.reading;
  if (r.lat === undefined || r.lon === undefined || (r.satellites ?? MIN_SATELLITES) < MIN_SATELLITES) return;
  const { lat, lon } = r;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return;
  const view = state.geofenceView?.list === list ? state.geofenceView : lineUp(state, list);
  view.stamp++;
  const { always, cells } = view.grid;
  for (let k = 0; k < always.length; k++) visit(view, always[k] as number, lat, lon, ctx);
  const near = cells.get(cellKey(lat, lon));
  if (near) for (let k = 0; k < near.length; k++) visit(view, near[k] as number, lat, lon, ctx);
  // The live list, compacted as it is walked (a track that went clearly outside drops out).
  const live = view.live;
  let kept = 0;
  for (let k = 0; k < live.length; k++) {
    const i = live[k] as number;
    visit(view, i, lat, lon, ctx);
    if ((view.tracks[i] as GeofenceTrack).live) live[kept++] = i;
  }
  live.length = kept;
}

/** Looks at geofence i once per position, and puts it on the live list when it is not clearly outside. */
function visit(view: GeofenceView, i: number, lat: number, lon: number, ctx: RuleContext): void {
  const t = view.tracks[i] as GeofenceTrack;
  if (t.seen === view.stamp) return;
  t.seen = view.stamp;
  const before = t.inside;
  test(view.list[i] as WatchedGeofence, t, lat, lon, ctx);
  if (t.inside !== before) view.encoded = undefined;
  const live = t.inside !== false || t.pending > 0;
  if (live && !t.live) view.live.push(i);
  t.live = live;
}

/** One geofence against one position: the state machine of the band and the confirmation. */
function test(g: WatchedGeofence, t: GeofenceTrack, lat: number, lon: number, ctx: RuleContext): void {
  const anchor = t.anchor;
  if (anchor && g.area.metersBetween(anchor.lat, anchor.lon, lat, lon) < anchor.r) return;
  // Beyond the box and the band: clearly outside, without looking at an edge.
  const sd = g.area.near(lat, lon, GEOFENCE_BAND_M) ? g.area.signedDistance(lat, lon) : -Infinity;
  const clear = sd >= GEOFENCE_BAND_M ? true : sd <= -GEOFENCE_BAND_M ? false : undefined;
  t.anchor = undefined;
  if (t.was !== undefined) {
    // Edited with the tractor near its new edge: still on the side it was (a clear position decides below).
    if (clear === undefined) t.inside = t.was;
    t.was = undefined;
  }
  if (clear === undefined || clear === t.inside) t.pending = 0;
  else if (t.inside === undefined) t.inside = clear;
  else if (++t.pending >= GEOFENCE_CONFIRM_FIXES) {
    t.inside = clear;
    t.pending = 0;
    if (clear ? g.alertOnEntry : g.alertOnExit) ctx.raise(clear ? 'A0109' : 'A0110', null, null, g);
    return;
  } else return;
  if (t.inside === undefined || !Number.isFinite(sd)) return;
  // Inside, it takes sd + band metres to get band metres outside; outside, band − sd to get band inside.
  const reach = t.inside ? sd + GEOFENCE_BAND_M : GEOFENCE_BAND_M - sd;
  if (reach <= 0) return;
  // The anchor object is reused: a tractor near an edge re-anchors often.
  const a = (t.spare ??= { lat, lon, r: reach });
  a.lat = lat;
  a.lon = lon;
  a.r = reach;
  t.anchor = a;
}

/**
 * A new list (the tractor's geofences were reloaded): its tracks in list order, a fresh one for a
 * geofence new to it or changed since (another rev); geofences it no longer watches (deleted,
 * unassigned or turned inactive) are forgotten.
 */
function lineUp(state: AlertRulesState, list: readonly WatchedGeofence[]): GeofenceView {
  const before = state.geofences ?? {};
  const fingerprint = fingerprintOf(list);
  // The same list as the stored tracks': one without a track was clearly outside (see codec.ts).
  const sameList = state.geofenceFingerprint === fingerprint;
  const byId: Record<string, GeofenceTrack> = {};
  const live: number[] = [];
  const tracks = list.map((g, i) => {
    const kept = before[g.id];
    const t: GeofenceTrack = kept && kept.rev === g.rev ? kept : { rev: g.rev, inside: sameList && !kept ? false : undefined, pending: 0 };
    // Edited: the side it was on holds only until a clear position says otherwise (no alert for the edit).
    if (kept && kept.rev !== g.rev && kept.inside !== undefined) t.was = kept.inside;
    t.live = t.inside !== false || t.pending > 0;
    if (t.live) live.push(i);
    byId[g.id] = t;
    return t;
  });
  state.geofences = byId;
  state.geofenceFingerprint = fingerprint;
  state.geofenceView = { list, tracks, live, stamp: 0, grid: gridOf(list) };
  return state.geofenceView;
}

// ── The list's grid ──────────────────────────────────────────────────────────────────────────

/** Cells of 0.02° (about 2 km); a geofence spanning more cells than this is looked at every time. */
const CELL_DEG = 0.02;
const MAX_CELLS = 64;
/** More than the band in degrees anywhere in India (25 m is under 0.0003° of longitude up to 37° N). */
const MARGIN_DEG = 0.001;

const cellKey = (lat: number, lon: number) => Math.floor(lat / CELL_DEG) * 65_536 + Math.floor(lon / CELL_DEG);
/** Grids by list fingerprint: an owner's tractors usually watch the same geofences, so they share one. */
const grids = new Map<number, { list: readonly WatchedGeofence[]; grid: Grid }>();
const GRIDS_MAX = 10_000;

const sameGeofences = (a: readonly WatchedGeofence[], b: readonly WatchedGeofence[]) => a.length === b.length && a.every((g, i) => g === b[i]);

function gridOf(list: readonly WatchedGeofence[]): Grid {
  const fingerprint = fingerprintOf(list);
  const cached = grids.get(fingerprint);
  if (cached && sameGeofences(cached.list, list)) return cached.grid;
  const grid: Grid = { always: [], cells: new Map() };
  for (const [i, g] of list.entries()) {
    const { south, west, north, east } = g.area.box;
    const [y0, y1] = [Math.floor((south - MARGIN_DEG) / CELL_DEG), Math.floor((north + MARGIN_DEG) / CELL_DEG)];
    const [x0, x1] = [Math.floor((west - MARGIN_DEG) / CELL_DEG), Math.floor((east + MARGIN_DEG) / CELL_DEG)];
    if ((y1 - y0 + 1) * (x1 - x0 + 1) > MAX_CELLS) {
      grid.always.push(i);
      continue;
    }
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const key = y * 65_536 + x;
        const cell = grid.cells.get(key);
        if (cell) cell.push(i);
        else grid.cells.set(key, [i]);
      }
    }
  }
  if (grids.size >= GRIDS_MAX) grids.clear();
  grids.set(fingerprint, { list, grid });
  return grid;
}

const fingerprints = new WeakMap<readonly WatchedGeofence[], number>();

/** FNV-1a (32 bits) of the list's ids and revs in order: equal lists, equal fingerprints. */
export function fingerprintOf(list: readonly WatchedGeofence[]): number {
  let hash = fingerprints.get(list);
  if (hash !== undefined) return hash;
  hash = 0x811c9dc5;
  for (const g of list) {
    const text = `${g.id}:${g.rev},`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  fingerprints.set(list, hash);
  return hash;
}
