import { MOVING_MIN_KMH } from '@tractorlink/domain/vehicle-state';
import { below, sustained } from './hold';
import type { AlertRulesState, RuleContext } from './types';

/**
 * Fuel events, all on the smoothed level (DieselTracker's rolling median), never on a raw sample:
 * a float sensor swinging ±8 % in a rough field or on a slope moves the median by a litre or two,
 * and every event needs a minimum volume well above that.
 */

/** After parking, the smoothed level still holds samples from the drive: wait before taking the reference. */
const THEFT_SETTLE_MS = 2 * 60_000;
/** One point of the running window per this step (keeps the persisted state small). */
const RUN_WINDOW_STEP_MS = 30_000;
/** Low fuel must read low this long (a fresh median of few samples can dip). */
const LOW_FUEL_HOLD_MS = 2 * 60_000;
/** Percentage points above the threshold before low fuel re-arms (a refuel). */
const LOW_FUEL_BAND = 5;

const round1 = (v: number) => Math.round(v * 10) / 10;

export function fuelRules(state: AlertRulesState, ctx: RuleContext): void {
  const { reading: r, fuel } = ctx.input;
  const f = (state.fuel ??= {});
  const parked = r.ignition === false && (r.speedKmh ?? 0) < MOVING_MIN_KMH;
  if (!parked) {
    f.parkedSince = undefined;
    f.theftPeakL = undefined;
    f.theftFired = undefined;
  } else {
    f.parkedSince ??= r.time;
  }
  if (r.ignition !== true) {
    f.run = undefined;
    f.dropFired = undefined;
  }
  if (!fuel) return;

  if (fuel.refuelDone) {
    const min = ctx.profile.setting('A0104').threshold ?? 0;
    if (fuel.refuelDone.litres >= min) ctx.raise('A0104', round1(fuel.refuelDone.litres), min);
  }
  if (parked) theft(f, ctx, r.time, fuel.smoothedL);
  if (r.ignition === true) suddenDrop(f, ctx, r.time, fuel.smoothedL, fuel.refueling);

  const percent = (fuel.smoothedL / ctx.profile.tankCapacityL) * 100;
  const lowAt = ctx.profile.setting('A0103').threshold ?? 0;
  if (sustained(state, 'A0103', below(percent, lowAt, LOW_FUEL_BAND), r.time, LOW_FUEL_HOLD_MS)) ctx.raise('A0103', Math.round(percent), lowAt);
}

/** Fuel theft: the level falls by the threshold from the highest level seen since parking (ignition off, standing). */
function theft(f: NonNullable<AlertRulesState['fuel']>, ctx: RuleContext, time: number, levelL: number) {
  if (time - (f.parkedSince ?? time) < THEFT_SETTLE_MS) return;
  f.theftPeakL = Math.max(f.theftPeakL ?? levelL, levelL);
  const threshold = ctx.profile.setting('A0100').threshold ?? Infinity;
  const lost = f.theftPeakL - levelL;
  if (!f.theftFired && lost >= threshold) {
    f.theftFired = true;
    ctx.raise('A0100', round1(lost), threshold);
  }
}

/**
 * Sudden fuel drop: while the engine runs, the level falls by the threshold within the window
 * (A0111's duration). Once per engine run, unless a refuel re-arms it.
 */
function suddenDrop(f: NonNullable<AlertRulesState['fuel']>, ctx: RuleContext, time: number, levelL: number, refueling: boolean) {
  const setting = ctx.profile.setting('A0111');
  const windowMs = (setting.durationS ?? 0) * 1000;
  const run = (f.run ??= []);
  if (refueling) {
    // A rising level is no drop; the window restarts from the new level.
    run.length = 0;
    f.dropFired = undefined;
  }
  const last = run.at(-1);
  if (!last || time - last[0] >= RUN_WINDOW_STEP_MS) run.push([time, levelL]);
  else if (levelL > last[1]) last[1] = levelL;
  while (run.length > 0 && (run[0] as [number, number])[0] < time - windowMs) run.shift();
  let peak = levelL;
  for (const [, l] of run) if (l > peak) peak = l;
  const threshold = setting.threshold ?? Infinity;
  if (!f.dropFired && peak - levelL >= threshold) {
    f.dropFired = true;
    ctx.raise('A0111', round1(peak - levelL), threshold);
  }
}
