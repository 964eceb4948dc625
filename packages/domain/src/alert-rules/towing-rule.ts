import { distanceMeters, isPlausibleFix } from '../geo';
import { IMPOSSIBLE_KMH } from '../usage';
import type { AlertRulesState, RuleContext } from './types';

/** Fewer satellites than this give fixes tens of metres off. */
const MIN_SATELLITES = 4;
/** Consecutive fixes beyond the threshold before it is towing (one wild fix is not). */
const FAR_FIXES = 2;

/**
 * Vehicle towing: with the ignition off the tractor is found the threshold's distance from where
 * it was parked (its first plausible fix with the ignition off: devices report at ignition off,
 * receiver still warm), on two plausible fixes in a row. Jitter of a parked receiver (metres, a
 * rare wild fix of a hundred or two) never gets there twice. Once per parking.
 */
export function towingRule(state: AlertRulesState, ctx: RuleContext): void {
  const r = ctx.input.reading;
  if (r.ignition !== false) {
    if (state.tow) state.tow = undefined;
    return;
  }
  const tow = (state.tow ??= { far: 0, fired: false });
  if (tow.fired || r.lat === undefined || r.lon === undefined || (r.satellites ?? MIN_SATELLITES) < MIN_SATELLITES) return;
  const fix = { lat: r.lat, lon: r.lon };
  if (!isPlausibleFix(fix)) return;
  const threshold = ctx.profile.limits.towM;
  // The anchor counts once a second fix agrees with it: a wild first fix after ignition off would
  // otherwise make every true fix after it read as the tractor moved away.
  if (!tow.anchor || (!tow.anchored && distanceMeters(tow.anchor, fix) >= threshold)) {
    tow.anchor = fix;
    tow.lastFix = { ...fix, time: r.time };
    return;
  }
  tow.anchored = true;
  // A fix further from the previous one than a tractor could go is a bad fix: skip it.
  if (tow.lastFix && r.time > tow.lastFix.time && (distanceMeters(tow.lastFix, fix) / ((r.time - tow.lastFix.time) / 1000)) * 3.6 > IMPOSSIBLE_KMH) return;
  tow.lastFix = { ...fix, time: r.time };
  const moved = distanceMeters(tow.anchor, fix);
  tow.far = moved >= threshold ? tow.far + 1 : 0;
  if (tow.far >= FAR_FIXES) {
    tow.fired = true;
    ctx.raise('A0101', Math.round(moved), threshold);
  }
}
