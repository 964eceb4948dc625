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
}

export const emptyImpliedSpeed = (): ImpliedSpeedState => ({ fixes: [] });

/**
 * The speed a reading without one implies, km/h, updating `state`; undefined for a reading without
 * a plausible fix. Readings come in time order.
 */
export function impliedSpeedKmh(state: ImpliedSpeedState, r: Reading): number | undefined {
  if (r.lat === undefined || r.lon === undefined || !isPlausibleFix({ lat: r.lat, lon: r.lon })) return undefined;
  const fix = { time: r.time, lat: r.lat, lon: r.lon };
  const { fixes } = state;
  // Keep the newest fix at least a window old as the baseline, and everything after it.
  while (fixes.length > 1 && (fixes[1] as Fix).time <= r.time - SPEED_WINDOW_MS) fixes.shift();
  const baseline = fixes[0];
  const last = fixes.at(-1);
  if (!last || r.time - last.time >= KEEP_EVERY_MS) fixes.push(fix);
  if (!baseline || r.time - baseline.time > MAX_BASELINE_AGE_MS || r.time <= baseline.time) return 0;
  const meters = distanceMeters(baseline, fix);
  if (meters < STANDING_RADIUS_M) return 0;
  // Until a fix a whole window old exists (the tracker just started), the displacement is still
  // taken over a window: wander in the first seconds would otherwise read as speed.
  return (meters / (Math.max(r.time - baseline.time, SPEED_WINDOW_MS) / 1000)) * 3.6;
}
