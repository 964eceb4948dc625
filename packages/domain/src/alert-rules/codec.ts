import type { AlertRulesState, GeofenceTrack, Held, WatchedGeofence } from './types';

/**
 * The rules' state as it is stored in tractor_state.processor: rewritten with every committed
 * batch of every tractor, so it is kept short (short keys, tuples, defaults left out). In memory
 * the rules work on the readable AlertRulesState; only this file knows the stored shape.
 *
 *   v  version (1)
 *   e  engine seconds (left out when 0)
 *   k  key flags: 1 wired, 2 seen this ignition session
 *   h  held conditions: { typeId: [since, fired 0|1] }
 *   p  PTO: [session 0|1, onSince, offSince, sessionStart] (0: none)
 *   f  fuel: [parkedSince, theftPeakL, theftFired 0|1, dropFired 0|1, run, theft [since|0, peak settled L, low L since alerted?],
 *      dropSeen [since, peak L, settled L]] (0 / null: none; the last two left out when none)
 *   t  towing: [far, fired 0|1, anchor lat, anchor lon, last lat, last lon, last time, anchored 0|1] (null: none)
 *   s  service: [dueAt, stage, nextAt, seen?] (seen: a stage the counter reached once, not yet confirmed)
 *   g  geofences: [fingerprint of the watched list, { geofenceId: rev × 2 + (1 inside | 0 not known yet) }];
 *      a geofence of that list left out is one the tractor is clearly outside (most of them)
 */
export interface EncodedRulesState {
  v: 1;
  e?: number;
  k?: number;
  h?: Record<string, [number, 0 | 1]>;
  p?: [0 | 1, number, number, number];
  f?: [number, number | null, 0 | 1, 0 | 1, [number, number][] | null, ([number, number] | [number, number, number] | null)?, [number, number, number]?];
  t?: [number, 0 | 1, number | null, number | null, number | null, number | null, number | null, (0 | 1)?];
  s?: [number, number, number, number?];
  g?: [number, Record<string, number>];
}

const orZero = (v: number | undefined) => v ?? 0;
const round2 = (v: number) => Math.round(v * 100) / 100;
const orUndefined = (v: number) => (v === 0 ? undefined : v);

export function encodeRulesState(s: AlertRulesState): EncodedRulesState {
  const out: EncodedRulesState = { v: 1 };
  if (s.engineS > 0) out.e = Math.round(s.engineS);
  const k = (s.keyWired ? 1 : 0) | (s.keySeen ? 2 : 0);
  if (k !== 0) out.k = k;
  let held: EncodedRulesState['h'];
  for (const [id, h] of Object.entries(s.held)) if (h) (held ??= {})[id] = [h.since, h.fired ? 1 : 0];
  if (held) out.h = held;
  if (s.pto && (s.pto.session || s.pto.onSince !== undefined))
    out.p = [s.pto.session ? 1 : 0, orZero(s.pto.onSince), orZero(s.pto.offSince), orZero(s.pto.sessionStart)];
  const f = s.fuel;
  if (f && (f.parkedSince !== undefined || f.run?.length || f.dropFired || f.dropSeen)) {
    out.f = [
      orZero(f.parkedSince),
      f.theftPeakL === undefined ? null : Math.round(f.theftPeakL * 100) / 100,
      f.theftFired ? 1 : 0,
      f.dropFired ? 1 : 0,
      f.run?.length ? f.run : null,
    ];
    // The settled level's high since parking and losses waiting for confirmation: a restart in
    // between must neither lose nor delay them.
    const theftSettled: [number, number] | [number, number, number] | null =
      f.theftPeakSettledL === undefined
        ? null
        : f.theftLowL === undefined
          ? [orZero(f.theftSince), round2(f.theftPeakSettledL)]
          : [orZero(f.theftSince), round2(f.theftPeakSettledL), round2(f.theftLowL)];
    if (theftSettled || f.dropSeen) out.f.push(theftSettled);
    if (f.dropSeen) out.f.push([f.dropSeen.since, f.dropSeen.peakL, round2(f.dropSeen.settledL ?? f.dropSeen.peakL)]);
  }
  const t = s.tow;
  if (t) {
    out.t = [t.far, t.fired ? 1 : 0, t.anchor?.lat ?? null, t.anchor?.lon ?? null, t.lastFix?.lat ?? null, t.lastFix?.lon ?? null, t.lastFix?.time ?? null];
    if (t.anchored) out.t.push(1);
  }
  if (s.service) {
    out.s = [s.service.dueAt, s.service.stage, s.service.nextAt];
    if (s.service.seen !== undefined) out.s.push(s.service.seen);
  }
  if (s.geofences && s.geofenceFingerprint !== undefined) out.g = [s.geofenceFingerprint, encodeTracks(s)];
  return out;
}

/** Geofence tracks not clearly outside, as id → rev × 2 + inside. Kept on the view until one changes: this runs with every commit. */
function encodeTracks(s: AlertRulesState): Record<string, number> {
  const view = s.geofenceView;
  if (view?.encoded) return view.encoded;
  const tracks: Record<string, number> = {};
  const code = (id: string, t: GeofenceTrack) => {
    if (t.inside !== false) tracks[id] = t.rev * 2 + (t.inside ? 1 : 0);
  };
  if (view) view.tracks.forEach((t, i) => code((view.list[i] as WatchedGeofence).id, t));
  else for (const [id, t] of Object.entries(s.geofences ?? {})) code(id, t);
  if (view) view.encoded = tracks;
  return tracks;
}

/** The saved state back (undefined or unreadable: a fresh state, with `engineS` of history). */
export function decodeRulesState(saved: unknown, engineS = 0): AlertRulesState {
  const state: AlertRulesState = { held: {}, engineS };
  if (!saved || typeof saved !== 'object' || (saved as { v?: unknown }).v !== 1) return state;
  const e = saved as EncodedRulesState;
  state.engineS = e.e ?? 0;
  if (e.k) {
    if (e.k & 1) state.keyWired = true;
    if (e.k & 2) state.keySeen = true;
  }
  for (const [id, [since, fired]] of Object.entries(e.h ?? {})) state.held[id] = { since, fired: fired === 1 } satisfies Held;
  if (e.p) state.pto = { session: e.p[0] === 1, onSince: orUndefined(e.p[1]), offSince: orUndefined(e.p[2]), sessionStart: orUndefined(e.p[3]) };
  if (e.f) {
    const [parkedSince, theftPeakL, theftFired, dropFired, run, theft, dropSeen] = e.f;
    state.fuel = {
      parkedSince: orUndefined(parkedSince),
      theftPeakL: theftPeakL ?? undefined,
      theftFired: theftFired === 1 || undefined,
      dropFired: dropFired === 1 || undefined,
      run: run ?? undefined,
    };
    if (theft) {
      state.fuel.theftPeakSettledL = theft[1];
      state.fuel.theftSince = orUndefined(theft[0]);
      if (theft[2] !== undefined) state.fuel.theftLowL = theft[2];
    }
    if (dropSeen) state.fuel.dropSeen = { since: dropSeen[0], peakL: dropSeen[1], settledL: dropSeen[2] };
  }
  if (e.t) {
    const [far, fired, aLat, aLon, lLat, lLon, lTime, anchored] = e.t;
    state.tow = { far, fired: fired === 1 };
    if (anchored === 1) state.tow.anchored = true;
    if (aLat !== null && aLon !== null) state.tow.anchor = { lat: aLat, lon: aLon };
    if (lLat !== null && lLon !== null && lTime !== null) state.tow.lastFix = { lat: lLat, lon: lLon, time: lTime };
  }
  if (e.s) {
    state.service = { dueAt: e.s[0], stage: e.s[1], nextAt: e.s[2] };
    if (e.s[3] !== undefined) state.service.seen = e.s[3];
  }
  if (e.g) {
    state.geofenceFingerprint = e.g[0];
    state.geofences = {};
    for (const [id, code] of Object.entries(e.g[1])) state.geofences[id] = { rev: Math.floor(code / 2), inside: code % 2 === 1 ? true : undefined, pending: 0 };
  }
  return state;
}
