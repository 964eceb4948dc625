import { GEOFENCE_BAND_M, GEOFENCE_CONFIRM_FIXES } from '@tractorlink/domain/geofences';
import type { AlertRulesState, GeofenceTrack, RuleContext, WatchedGeofence } from './types';

/** Fewer satellites than this give fixes tens of metres off (as for towing). */
const MIN_SATELLITES = 4;

/**
 * Geofence entry (A0109) and exit (A0110). Each position with its own fix is tested against the
 * tractor's active geofences: clearly inside is at least GEOFENCE_BAND_M inside the boundary,
 * clearly outside at least that far outside; in between the last state holds, so working along a
 * boundary does not flap. A change needs GEOFENCE_CONFIRM_FIXES clear positions in a row (one
 * stray fix is not an exit). The first clear position after a geofence is created, edited,
 * assigned or re-activated sets the state without an alert.
 *
 * Cheap per position with many geofences: a box test settles most (a geofence far away), and an
 * anchor (the last fully measured position, with the distance within which the state cannot
 * change) settles a tractor working well inside or outside one without touching its edges.
 */
export function geofenceRule(state: AlertRulesState, ctx: RuleContext): void {
  const list = ctx.geofences;
  if (list.length === 0) {
    if (state.geofences) state.geofences = undefined;
    return;
  }
  const r = ctx.input.reading;
  if (r.lat === undefined || r.lon === undefined || (r.satellites ?? MIN_SATELLITES) < MIN_SATELLITES) return;
  const { lat, lon } = r;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return;
  const tracks = (state.geofences ??= {});
  if (state.geofenceList !== list) {
    prune(tracks, list);
    state.geofenceList = list;
  }
  for (const g of list) {
    let t = tracks[g.id];
    if (!t || t.rev !== g.rev) t = tracks[g.id] = { rev: g.rev, inside: undefined, pending: 0 };
    const anchor = t.anchor;
    if (anchor && g.area.metersBetween(anchor.lat, anchor.lon, lat, lon) < anchor.r) continue;
    // Beyond the box and the band: clearly outside, without looking at an edge.
    const sd = g.area.near(lat, lon, GEOFENCE_BAND_M) ? g.area.signedDistance(lat, lon) : -Infinity;
    decide(t, sd, lat, lon);
    if (t.pending >= GEOFENCE_CONFIRM_FIXES) {
      t.inside = !t.inside;
      t.pending = 0;
      if (t.inside ? g.alertOnEntry : g.alertOnExit) ctx.raise(t.inside ? 'A0109' : 'A0110', null, null, g);
    }
  }
}

function decide(t: GeofenceTrack, sd: number, lat: number, lon: number): void {
  const clear = sd >= GEOFENCE_BAND_M ? true : sd <= -GEOFENCE_BAND_M ? false : undefined;
  t.anchor = undefined;
  if (clear === undefined || clear === t.inside) t.pending = 0;
  else if (t.inside === undefined) t.inside = clear;
  else {
    t.pending++;
    return;
  }
  if (t.inside === undefined || !Number.isFinite(sd)) return;
  // Inside, it takes sd + band metres to get band metres outside; outside, band − sd to get band inside.
  const r = t.inside ? sd + GEOFENCE_BAND_M : GEOFENCE_BAND_M - sd;
  if (r > 0) t.anchor = { lat, lon, r };
}

/** Forgets geofences the tractor no longer watches (deleted, unassigned or turned inactive). */
function prune(tracks: Record<string, GeofenceTrack>, list: readonly WatchedGeofence[]): void {
  const ids = new Set(list.map((g) => g.id));
  for (const id of Object.keys(tracks)) if (!ids.has(id)) delete tracks[id];
}
