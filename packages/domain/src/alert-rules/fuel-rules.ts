import { DIESEL_WINDOW_MS } from '../diesel';
import { MOVING_MIN_KMH } from '../vehicle-state';
import { below, sustained } from './hold';
import type { AlertRulesState, RuleContext } from './types';

/**
 * Fuel events, all on the smoothed level (DieselTracker's trimmed mean of ten minutes), never on a
 * raw sample: a float sensor swinging ±8 % in a rough field moves it by a litre or two, and every
 * event needs a minimum volume well above that; a slope's swing that reverses is not an event.
 */

/** After parking, the smoothed level still holds samples from the drive: wait before taking the reference. */
const THEFT_SETTLE_MS = 2 * 60_000;
/** At most one point of the running window per this step (keeps the persisted state small). */
const RUN_WINDOW_STEP_MS = 60_000;
/** Low fuel must read low this long (a fresh median of few samples can dip). */
const LOW_FUEL_HOLD_MS = 2 * 60_000;
/** Percentage points above the threshold before low fuel re-arms: a refuel, not a slope's swing (up to 8). */
const LOW_FUEL_BAND = 10;
/**
 * A loss seen on the ten-minute level is confirmed once the half hour's settled level has followed it
 * (by this share of the threshold): a sensor stuck low, or dropped out, for up to a quarter of an hour
 * never moves it. A sudden drop it has not followed within LOSS_CONFIRM_MS was the sensor.
 */
const SETTLED_SHARE = 0.5;
const LOSS_CONFIRM_MS = 30 * 60_000;

const round1 = (v: number) => Math.round(v * 10) / 10;

export function fuelRules(state: AlertRulesState, ctx: RuleContext): void {
  const { reading: r, fuel } = ctx.input;
  const f = (state.fuel ??= {});
  const parked = r.ignition === false && (r.speedKmh ?? 0) < MOVING_MIN_KMH;
  if (!parked) {
    f.parkedSince = undefined;
    f.theftPeakL = undefined;
    f.theftFired = undefined;
    f.theftPeakSettledL = undefined;
    f.theftSince = undefined;
    f.theftLowL = undefined;
  } else {
    f.parkedSince ??= r.time;
  }
  if (r.ignition !== true) {
    f.run = undefined;
    f.dropFired = undefined;
    f.dropSeen = undefined;
  }
  if (!fuel) return;

  const L = ctx.profile.limits;
  // Dated when the level began to rise: the refuel event the diesel page lists, at the same time.
  if (fuel.refuelDone && fuel.refuelDone.litres >= L.refillL) ctx.raise('A0104', round1(fuel.refuelDone.litres), L.refillL, undefined, fuel.refuelDone.start);
  const settledL = fuel.settledL ?? fuel.smoothedL;
  if (parked)
    theft(
      f,
      ctx,
      r.time,
      fuel.smoothedL,
      settledL,
      fuel.refueling,
      fuel.drivenInLevel === true ? Math.min(fuel.smoothedL, fuel.meanL ?? fuel.smoothedL) : fuel.smoothedL,
    );
  if (r.ignition === true) suddenDrop(f, ctx, r.time, fuel.smoothedL, settledL, fuel.refueling);

  const percent = (fuel.smoothedL / ctx.profile.tankCapacityL) * 100;
  // Working a field on a slope, each pass reads the tank up to 8 % high (uphill) or low (downhill) for
  // many minutes, and the ten minutes' level follows it: low fuel alerted at 19 % on the way down, and
  // again a quarter of an hour later once a pass uphill had read past the band. The passes cancel in the
  // half hour's mean: at field work it must be low too, and it must have risen past the band to re-arm
  // (a refuel lifts both).
  const meanLow = below(((fuel.meanL ?? fuel.smoothedL) / ctx.profile.tankCapacityL) * 100, L.lowFuelPercent, LOW_FUEL_BAND);
  let low = below(percent, L.lowFuelPercent, LOW_FUEL_BAND);
  if ((low === 'off' && meanLow !== 'off') || (low === 'on' && r.pto === true && meanLow !== 'on')) low = 'keep';
  if ((low === 'on' || state.held.A0103) && sustained(state, 'A0103', low, r.time, LOW_FUEL_HOLD_MS)) ctx.raise('A0103', Math.round(percent), L.lowFuelPercent);
}

/**
 * Fuel theft: the level falls by the threshold from the highest level seen since parking (ignition
 * off, standing), and the settled level has fallen by SETTLED_SHARE of it from its own highest since
 * parking: a sensor stuck low, or dropped out, for up to a quarter of an hour never moves that one.
 * Measured from the highs, not from the moment the loss was seen, so a tractor reporting every ten
 * minutes (whose settled level has already followed by then) is confirmed at once. Dated when the
 * loss was first seen.
 */
/**
 * `referenceL`: the level a loss may be measured from at this reading. While the level still averages
 * the drive before parking (at a parked device's 10-minute rate for up to 40 minutes), a last pass uphill
 * on a slope reads it up to 8 % high and the parked level after it looked like a theft of 3–5 L: there it
 * is bounded by the half hour's mean, in which passes up and down cancel.
 */
function theft(
  f: NonNullable<AlertRulesState['fuel']>,
  ctx: RuleContext,
  time: number,
  levelL: number,
  settledL: number,
  refueling: boolean,
  referenceL: number,
) {
  if (time - (f.parkedSince ?? time) < THEFT_SETTLE_MS) return;
  // A rise not yet confirmed as a refuel (a sensor stuck high, say) never becomes the level a loss is measured from.
  if (!refueling || f.theftPeakL === undefined) {
    f.theftPeakL = Math.max(f.theftPeakL ?? referenceL, referenceL);
    f.theftPeakSettledL = Math.max(f.theftPeakSettledL ?? settledL, settledL);
  }
  const threshold = ctx.profile.limits.theftL;
  if (f.theftFired) {
    // Diesel put back while still parked (cans, or a refill seen across a gap) re-arms it: a second theft is a new one.
    f.theftLowL = Math.min(f.theftLowL ?? levelL, levelL);
    if (levelL - f.theftLowL < threshold) return;
    f.theftFired = undefined;
    f.theftLowL = undefined;
    f.theftPeakL = levelL;
    f.theftPeakSettledL = settledL;
  }
  const lost = f.theftPeakL - levelL;
  if (lost < threshold) {
    f.theftSince = undefined;
    return;
  }
  f.theftSince ??= time;
  if ((f.theftPeakSettledL ?? settledL) - settledL < threshold * SETTLED_SHARE) return;
  f.theftFired = true;
  ctx.raise('A0100', round1(lost), threshold, undefined, f.theftSince);
  f.theftSince = undefined;
}

/**
 * Sudden fuel drop: while the engine runs, the level falls by the threshold within the window
 * (A0111's duration). Once per engine run, unless a refuel re-arms it.
 */
function suddenDrop(f: NonNullable<AlertRulesState['fuel']>, ctx: RuleContext, time: number, levelL: number, settledL: number, refueling: boolean) {
  const { dropL: threshold, dropWindowMs: windowMs } = ctx.profile.limits;
  const run = (f.run ??= []);
  if (refueling) {
    // A rising level is no drop; the window restarts from the new level.
    run.length = 0;
    f.dropFired = undefined;
    f.dropSeen = undefined;
  }
  // The highest level of the window, kept as a descending queue: a point lower than a newer one
  // can never be the peak again, so the head is always the peak and the state stays small.
  const level = Math.round(levelL * 100) / 100;
  while (run.length > 0 && (run[run.length - 1] as [number, number])[1] <= level) run.pop();
  const last = run.at(-1);
  if (!last || time - last[0] >= RUN_WINDOW_STEP_MS) run.push([time, level]);
  while (run.length > 1 && (run[0] as [number, number])[0] < time - windowMs) run.shift();
  const peak = run.length > 0 && (run[0] as [number, number])[0] >= time - windowMs ? (run[0] as [number, number])[1] : level;
  if (f.dropFired) return;
  if (!f.dropSeen) {
    if (peak - level >= threshold) f.dropSeen = { since: time, peakL: peak, settledL };
    return;
  }
  // Passes up and down a slope swing the level by litres for minutes: a drop counts only once the
  // lower level has held for the level's whole window, and the settled level has followed it; one
  // that comes back (or that the settled level never follows) was the sensor.
  if (time - f.dropSeen.since < DIESEL_WINDOW_MS) return;
  const lost = f.dropSeen.peakL - level;
  if (lost < threshold || time - f.dropSeen.since > LOSS_CONFIRM_MS) {
    f.dropSeen = undefined;
    return;
  }
  if ((f.dropSeen.settledL ?? settledL) - settledL < threshold * SETTLED_SHARE) return;
  f.dropFired = true;
  ctx.raise('A0111', round1(lost), threshold, undefined, f.dropSeen.since);
  f.dropSeen = undefined;
}
