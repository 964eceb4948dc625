import { distanceMeters, isPlausibleFix } from './geo';
import type { Reading } from './telemetry';

/**
 * Speed for trackers that send none (a phone running an OsmAnd client, a cheap GPS unit). The step
 * between two consecutive fixes is no measure: a parked phone's fix wanders 5–30 m every few
 * seconds, which reads as walking or driving pace. Instead the speed is the displacement over the
 * last minute: wandering stays within a few tens of metres of where it started, so it reads as
 * standing; real travel covers that in seconds. The same drift and jump filters then apply as for
 * a reported speed (usage.ts).
 */

/** The baseline: the displacement is measured from a fix at least this old (when there is one). */
export const SPEED_WINDOW_MS = 60_000;
/** Within this of the baseline fix the tractor is taken as standing (GPS wander of a parked phone). */
export const STANDING_RADIUS_M = 30;
/**
 * A tracker whose fixes are precise (a receiver, not a phone indoors) gets a shorter window and a
 * smaller standing radius: a minute-long window reads a field's headland U-turns (there and back
 * within it) as standing, and loses about 5 % of the distance worked.
 */
export const PRECISE_WINDOW_MS = 30_000;
export const PRECISE_STANDING_RADIUS_M = 15;
/** Fixes are precise while their typical wobble (below) stays under this. */
const PRECISE_NOISE_M = 4;
/** The wobble starts high: a tracker earns the short window by its fixes. */
const INITIAL_NOISE_M = 20;
/** A baseline older than this says nothing of the present (the tracker was silent). */
export const MAX_BASELINE_AGE_MS = 3 * 60_000;
/** Fixes closer in time than this to the last kept one are not kept (a baseline needs no more), so
 * the state stays a dozen fixes whatever the record rate. */
const KEEP_EVERY_MS = 5_000;

interface Fix {
  time: number;
  lat: number;
  lon: number;
}

/** What is kept between readings: the fixes of the last window, oldest first. */
export interface ImpliedSpeedState {
  fixes: Fix[];
  /**
   * The fixes' wobble, m: a running mean of how far each fix lies from the straight continuation of
   * the two before it (a steady drive gives about 0, a wandering phone 20 m and more).
   */
  noiseM?: number;
  /** The last two fixes seen (every one, not only the kept ones), for the wobble. */
  recent?: Fix[];
}

export const emptyImpliedSpeed = (): ImpliedSpeedState => ({ fixes: [] });

/** Updates the wobble with a new fix, when the last three are evenly spaced in time. */
function trackNoise(state: ImpliedSpeedState, fix: Fix): number {
  const recent = (state.recent ??= []);
  const noise = state.noiseM ?? INITIAL_NOISE_M;
  const [a, b] = recent;
  let next = noise;
  if (a && b) {
    const dt1 = b.time - a.time;
    const dt2 = fix.time - b.time;
    if (dt1 > 0 && dt2 > 0 && dt2 <= 30_000 && Math.abs(dt1 - dt2) <= 0.2 * dt2) {
      // Where the fix would be had the tractor kept its course and pace, and how far it is from there.
      const expected = { lat: 2 * b.lat - a.lat, lon: 2 * b.lon - a.lon };
      next = noise * 0.9 + Math.min(distanceMeters(expected, fix), 50) * 0.1;
    }
  }
  recent.push(fix);
  if (recent.length > 2) recent.shift();
  state.noiseM = next;
  return next;
}

/**
 * The speed a reading without one implies, km/h, updating `state`; undefined for a reading without
 * a plausible fix. Readings come in time order.
 */
export function impliedSpeedKmh(state: ImpliedSpeedState, r: Reading): number | undefined {
  if (r.lat === undefined || r.lon === undefined || !isPlausibleFix({ lat: r.lat, lon: r.lon })) return undefined;
  const fix = { time: r.time, lat: r.lat, lon: r.lon };
  const { fixes } = state;
  const precise = trackNoise(state, fix) < PRECISE_NOISE_M;
  const windowMs = precise ? PRECISE_WINDOW_MS : SPEED_WINDOW_MS;
  const standingM = precise ? PRECISE_STANDING_RADIUS_M : STANDING_RADIUS_M;
  // Keep the newest fix at least a window old as the baseline, and everything after it (a whole
  // long window's worth: the tracker may lose its precision and need it).
  while (fixes.length > 1 && (fixes[1] as Fix).time <= r.time - SPEED_WINDOW_MS) fixes.shift();
  const baseline = [...fixes].reverse().find((f) => f.time <= r.time - windowMs) ?? fixes[0];
  const last = fixes.at(-1);
  if (!last || r.time - last.time >= KEEP_EVERY_MS) fixes.push(fix);
  if (!baseline || r.time - baseline.time > MAX_BASELINE_AGE_MS || r.time <= baseline.time) return 0;
  const meters = distanceMeters(baseline, fix);
  if (meters < standingM) return 0;
  // Until a fix a whole window old exists (the tracker just started), the displacement is still
  // taken over a window: wander in the first seconds would otherwise read as speed.
  return (meters / (Math.max(r.time - baseline.time, windowMs) / 1000)) * 3.6;
}
