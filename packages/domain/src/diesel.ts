/**
 * Diesel level from a bouncing tank sensor. A float sensor swings with slosh (±8 % in a rough
 * field) and, on a slope or a tilted field, reads high facing uphill and low facing downhill for a
 * whole pass (minutes). The level is a trimmed mean over the last ten minutes of time buckets:
 * - buckets make the window a span of time, whatever the record rate (1 s or 60 s);
 * - trimming the highest and lowest fifth removes spikes, as a median would;
 * - averaging the rest keeps alternating uphill and downhill passes from pulling the level to
 *   either side, where a median jumps to whichever side held the longer part of the window.
 *
 * A rise of at least a refuel's size is a refuel only when the tractor stood still (or the engine
 * was off) during the rise, and only once the new level has held for a settle period: rises while
 * working at field speed are the slope, not a pump. Totals are additive: consumed over any period =
 * refuels − net change of the level, so a refuel never reads as negative consumption. The state is
 * plain data, so the server persists it and a restart resumes where it left off.
 */

export interface DieselOptions {
  tankCapacityL: number;
  /** The level averages this many last ms. */
  windowMs?: number;
  /** Smallest rise counted as a refuel, L (default: the larger of 6 L and 10 % of the tank). */
  refuelMinL?: number;
  /** A refuel is confirmed when the level has not risen for this long and still holds. */
  settleMs?: number;
}

/**
 * [time, reference L, slot number, level L]: the reference is the level, raised by a margin when the
 * window held driving or field work (a slope's pass may have pulled it low), so a rise from it must
 * be larger to count.
 */
export type LowSlot = [number, number, number, number];

/** [bucket start ms, Σ litres, samples]. */
export type DieselBucket = [number, number, number];

export interface DieselState {
  buckets?: DieselBucket[];
  /** The first version's raw samples; read once after an upgrade, then replaced by buckets. */
  samples?: [number, number][];
  smoothedL?: number;
  /** Lowest level lately, the reference a refuel rises from. */
  low?: [number, number];
  /** The lowest level of each of the last ten-minute slots. */
  lows?: LowSlot[];
  /** Newest time the tractor stood still or had its engine off. */
  stoodAt?: number;
  /** Newest time it moved or worked. */
  movedAt?: number;
  refuel?: { start: number; fromL: number; peakL: number; lastRise: number; markL?: number; settledFromL?: number };
  /** The tank input has read above zero: it is wired (an unwired input reads 0 forever). */
  wired?: boolean;
  /** Since when the input has read 0 while the tank held diesel (a sensor unplugged, or a dropout). */
  zeroSince?: number;
}

export interface DieselStep {
  smoothedL: number;
  netChangeL: number;
  /** Litres of a refuel confirmed at this step (its whole volume), else 0. */
  refuelL: number;
  /** A refuel confirmed at this step: when it began and how much went in. */
  refuelDone?: { start: number; litres: number };
  /**
   * The level the tank has held over the last half hour (a time-weighted median): a sensor stuck or
   * dropped out for up to a quarter of an hour never moves it, so events are confirmed on it.
   */
  settledL: number;
  /**
   * The time-weighted mean level of the same half hour: passes up and down a slope read high and low
   * for minutes each, and cancel in it (a median, or the ten minutes' level, follows whichever pass).
   */
  meanL: number;
  /** The level still averages readings from when the tractor last moved (a pass on a slope reads 8 % off). */
  drivenInLevel: boolean;
}

export const DIESEL_WINDOW_MS = 10 * 60_000;
/** Samples within one bucket are averaged first, so a fast device does not outweigh a slow one. */
const BUCKET_MS = 30_000;
/** The share of buckets dropped at each end before averaging. */
const TRIM = 0.2;
/** A refuel still going in raises the level by more than this between settle checks. */
const RISE_STEP_L = 1;
/** A level read while driving or working may be this share of the tank off (a slope's 8 % and slosh). */
const MOVING_MARGIN = 0.1;
/** How long the "lowest level lately" is remembered, in slots of ten minutes. */
const LOW_MEMORY_MS = 30 * 60_000;
const LOW_SLOT_MS = 10 * 60_000;
/** The settled level's span: a sensor fault held for up to half of it never moves it. */
export const SETTLED_MS = 30 * 60_000;
/** Buckets kept: the settled level's span at the densest rate (also the level before a rise). */
const KEPT_BUCKETS = SETTLED_MS / BUCKET_MS;
/** The level averages at least this many buckets: a sparse (parked, 10-minute) rate still trims one glitch. */
const MIN_BUCKETS = 5;
/** How far back the level may reach for its MIN_BUCKETS. */
const MIN_BUCKETS_MS = 60 * 60_000;
/** A bucket stands for the time until the next one, at most this (a gap is not the last value held). */
const MAX_WEIGHT_MS = 10 * 60_000;
/** A reading of 0 while the tank held more than this is a dropout until it has lasted ZERO_HOLD_MS. */
const ZERO_HOLD_MS = 15 * 60_000;
/** A rise the settled level has not followed within this of its end was the sensor, not a pump. */
const REFUEL_CONFIRM_MS = 30 * 60_000;
/** The level before a refuel is read over this span before its rise. */
const PRE_RISE_MS = 4 * 60_000;

/** The mean of the values without the lowest and highest fifth. */
export function trimmedMean(values: readonly number[]): number {
  const into = scratchOf(values.length);
  for (let i = 0; i < values.length; i++) into[i] = values[i] as number;
  return trimmedMeanOf(into, values.length);
}

// Reused for every reading: the level is taken at each one, and copies, filters and sorts of arrays
// there were the second source of garbage on the writer thread.
let scratch = new Float64Array(128);
const scratchOf = (n: number): Float64Array => {
  if (scratch.length < n) scratch = new Float64Array(n * 2);
  return scratch;
};

// settled()'s bucket means and weights, reused the same way.
const settledValues = new Float64Array(KEPT_BUCKETS);
const settledWeights = new Float64Array(KEPT_BUCKETS);

/** trimmedMean of the first `n` values of `values`, which it sorts in place. */
function trimmedMeanOf(values: Float64Array, n: number): number {
  const sorted = values.subarray(0, n).sort();
  const drop = Math.floor(n * TRIM);
  let sum = 0;
  for (let i = drop; i < n - drop; i++) sum += sorted[i] as number;
  return sum / (n - 2 * drop);
}

export class DieselTracker {
  readonly state: DieselState;
  private readonly windowMs: number;
  private readonly refuelMinL: number;
  private readonly settleMs: number;
  private readonly movingMarginL: number;
  /** settled()'s last answer, and the newest bucket it was taken at. */
  private settledBucket?: number;
  private settledL = 0;
  private meanL = 0;

  constructor(options: DieselOptions, state?: DieselState) {
    this.windowMs = options.windowMs ?? DIESEL_WINDOW_MS;
    this.refuelMinL = options.refuelMinL ?? Math.max(6, options.tankCapacityL * 0.1);
    this.settleMs = options.settleMs ?? this.windowMs / 2;
    this.movingMarginL = options.tankCapacityL * MOVING_MARGIN;
    this.state = state ?? {};
    if (this.state.samples) {
      this.state.buckets = this.state.samples.map(([t, l]) => [t - (t % BUCKET_MS), l, 1]);
      delete this.state.samples;
    }
  }

  /**
   * Whether a reading is a tank level at all (call before push, in time order). An input that has
   * never read above zero is not wired: a tractor without a fuel sensor shows no level rather than
   * an empty tank. A 0 from a tank that held diesel is a sensor unplugged or a dropout, skipped until
   * it has lasted ZERO_HOLD_MS (a tank drained through a theft falls through the litres between first).
   */
  admit(time: number, litres: number): boolean {
    const s = this.state;
    if (litres > 0) {
      s.wired = true;
      s.zeroSince = undefined;
      return true;
    }
    if (!s.wired && s.smoothedL === undefined && s.buckets === undefined) return false;
    if ((s.smoothedL ?? 0) < this.refuelMinL) return true;
    s.zeroSince ??= time;
    return time - s.zeroSince >= ZERO_HOLD_MS;
  }

  /**
   * Adds a reading (time ascending); returns the level and this step's changes. `standing`: the
   * tractor stood still or its engine was off at this reading (unknown counts as standing).
   */
  push(time: number, litres: number, standing = true): DieselStep {
    const s = this.state;
    const smoothedL = this.level(time, litres);
    const settledL = this.settled(time);
    const meanL = this.meanL;
    const netChangeL = s.smoothedL === undefined ? 0 : smoothedL - s.smoothedL;
    s.smoothedL = smoothedL;
    if (standing) s.stoodAt = time;
    else s.movedAt = time;
    const drivenInLevel = s.movedAt !== undefined && this.levelFrom <= s.movedAt;
    const step: DieselStep = { smoothedL, netChangeL, refuelL: 0, settledL, meanL, drivenInLevel };

    if (s.refuel) {
      if (smoothedL > s.refuel.peakL) s.refuel.peakL = smoothedL;
      // Creeping up by less than a litre since the last mark is the window filling, not diesel going in.
      if (smoothedL > (s.refuel.markL ?? s.refuel.peakL) + RISE_STEP_L) {
        s.refuel.lastRise = time;
        s.refuel.markL = smoothedL;
      } else if (time - s.refuel.lastRise >= this.settleMs) {
        const { start, fromL, peakL, lastRise } = s.refuel;
        const settledFromL = s.refuel.settledFromL ?? fromL;
        // The new level still holds, and the half hour's level has followed it: diesel went in. A
        // rise that fell back, or that the settled level never followed, was the sensor (stuck, or
        // coming back from a dropout to where the tank stood all along).
        const holds = smoothedL - fromL >= this.refuelMinL;
        const followed = settledL - settledFromL >= this.refuelMinL / 2;
        // The newest readings must show the new level too: at a parked device's 10-minute rate two
        // wild readings (a sensor at full scale after a power cut) carry both the level and the
        // half hour's level, and only the reading after them says the tank never rose.
        const newest = (s.buckets ?? []).at(-1);
        const reads = newest !== undefined && newest[1] / newest[2] - fromL >= this.refuelMinL / 2;
        if (holds && (!followed || !reads) && time - lastRise < REFUEL_CONFIRM_MS) return step;
        s.refuel = undefined;
        s.lows = [];
        const reference = this.lowest(time, smoothedL);
        s.low = [reference[0], reference[3]];
        if (holds && followed && reads) {
          const litres = peakL - fromL;
          step.refuelL = litres;
          step.refuelDone = { start, litres };
        }
      }
      return step;
    }

    const reference = this.lowest(time, smoothedL);
    s.low = [reference[0], reference[3]];
    const rise = smoothedL - reference[1];
    // A pump needs the tractor standing: the rise must have had a standing moment since the low.
    const stoodDuringRise = s.stoodAt !== undefined && s.stoodAt >= s.low[0] - this.windowMs / 2;
    if (rise >= this.refuelMinL && stoodDuringRise) {
      const start = this.riseStart(s.low[1], smoothedL);
      const fromL = this.levelBefore(start, s.low[1]);
      // The level the tank held before: a rise back to it (after a dropout) is no refuel.
      s.refuel = { start, fromL, peakL: smoothedL, lastRise: time, markL: smoothedL, settledFromL: Math.max(fromL, this.settledBefore(start)) };
    }
    return step;
  }

  /** A refuel has begun and is not yet confirmed. */
  get refueling(): boolean {
    return this.state.refuel !== undefined;
  }

  /**
   * When a rise from `lowL` to `nowL` began: from the first bucket past the middle of the rise, back
   * over the buckets that each stand clearly above the one before (the pump's flow). The level
   * itself lags (the trimmed ends hold the first buckets of a rise back), the buckets do not.
   */
  private riseStart(lowL: number, nowL: number): number {
    const buckets = this.state.buckets ?? [];
    const means = buckets.map(([, sum, n]) => sum / n);
    let i = means.findIndex((m, k) => m >= (lowL + nowL) / 2 && (buckets[k] as DieselBucket)[0] >= (this.state.low as [number, number])[0] - this.windowMs);
    if (i < 0) return (this.state.low as [number, number])[0];
    while (
      i > 0 &&
      (buckets[i] as DieselBucket)[0] - (buckets[i - 1] as DieselBucket)[0] <= 4 * BUCKET_MS &&
      (means[i] as number) - (means[i - 1] as number) > RISE_STEP_L * 1.5
    )
      i--;
    return (buckets[i] as DieselBucket)[0];
  }

  /**
   * The level just before a rise began: the trimmed mean of the buckets of the few minutes before it.
   * The lowest level of the window may still hold the last downhill pass of a slope and read litres low.
   * At a parked device's 10-minute rate those minutes hold one reading at most: then the readings since
   * the tractor last moved (the window's level still held the last pass, uphill, and a can refuel at
   * lunch on a sloping field read 5 L short).
   */
  private levelBefore(start: number, lowL: number): number {
    const buckets = this.state.buckets ?? [];
    const before = buckets.filter(([t]) => t < start && t >= start - PRE_RISE_MS).map(([, sum, n]) => sum / n);
    if (before.length >= 2) return Math.min(trimmedMean(before), lowL + this.movingMarginL);
    const movedAt = this.state.movedAt;
    const still = buckets.filter(([t]) => movedAt !== undefined && t > movedAt && t < start && t >= start - SETTLED_MS).map(([, sum, n]) => sum / n);
    return still.length > 0 ? Math.min(trimmedMean(still), lowL + this.movingMarginL) : lowL;
  }

  /**
   * The lowest level of the last half hour (and when it was): the minimum of each ten-minute slot,
   * so an old low ages out slot by slot instead of all at once in the middle of a rise.
   */
  private lowest(time: number, levelL: number): LowSlot {
    const lows = (this.state.lows ??= []);
    const slot = Math.floor(time / LOW_SLOT_MS);
    const settled = this.state.movedAt === undefined || time - this.state.movedAt >= this.windowMs;
    const reference = levelL + (settled ? 0 : this.movingMarginL);
    const last = lows.at(-1);
    if (last && last[2] === slot) {
      if (reference <= last[1]) {
        last[0] = time;
        last[1] = reference;
        last[3] = levelL;
      }
    } else lows.push([time, reference, slot, levelL]);
    while ((lows[0] as LowSlot)[2] <= slot - LOW_MEMORY_MS / LOW_SLOT_MS) lows.shift();
    let low = lows[0] as LowSlot;
    for (const l of lows) if (l[1] <= low[1]) low = l;
    return low;
  }

  /** Adds the sample to its bucket and returns the trimmed mean of the window's buckets. */
  private level(time: number, litres: number): number {
    const buckets = (this.state.buckets ??= []);
    const start = time - (time % BUCKET_MS);
    const last = buckets.at(-1);
    if (last && last[0] === start) {
      last[1] += litres;
      last[2] += 1;
    } else buckets.push([start, litres, 1]);
    // Older buckets stay a while (by count) for reading the level before a rise seen late.
    while (buckets.length > KEPT_BUCKETS) buckets.shift();
    const means = scratchOf(buckets.length);
    let n = 0;
    let from = buckets.length;
    // The window's buckets, or at a sparse rate the last MIN_BUCKETS of the last hour.
    while (from > 0) {
      const t = (buckets[from - 1] as DieselBucket)[0];
      const inWindow = t + BUCKET_MS > time - this.windowMs;
      if (!inWindow && (buckets.length - from >= MIN_BUCKETS || t + BUCKET_MS <= time - MIN_BUCKETS_MS)) break;
      from--;
    }
    for (let i = from; i < buckets.length; i++) {
      const [, sum, count] = buckets[i] as DieselBucket;
      means[n++] = sum / count;
    }
    this.levelFrom = (buckets[from] as DieselBucket)[0];
    return trimmedMeanOf(means, n);
  }

  /**
   * The time-weighted median of the bucket means of the last SETTLED_MS. Taken once a bucket (the
   * readings of one bucket barely move a half hour's median), into reused arrays: at a reading a
   * second it would otherwise cost more than the rest of the level.
   */
  private settled(time: number): number {
    const buckets = this.state.buckets ?? [];
    const newest = buckets.at(-1)?.[0];
    if (newest !== undefined && newest === this.settledBucket) return this.settledL;
    const median = this.medianOf(time, buckets.length);
    this.settledBucket = newest;
    this.settledL = median;
    this.meanL = this.lastMean;
    return median;
  }

  /**
   * The settled level as it stood when a rise began: the buckets before `start` only. At a parked
   * device's 10-minute rate the half hour holds three or four readings, so by the time the ten
   * minutes' level has risen enough to start a refuel the settled level has already moved to the new
   * level; the rise must be measured from where it stood before.
   */
  private settledBefore(start: number): number {
    const buckets = this.state.buckets ?? [];
    let end = buckets.length;
    while (end > 0 && (buckets[end - 1] as DieselBucket)[0] >= start) end--;
    return end === 0 ? (this.state.smoothedL ?? 0) : this.medianOf(start - BUCKET_MS, end);
  }

  /** medianOf's time-weighted mean, of the same buckets. */
  private lastMean = 0;
  /** The oldest bucket the last level averaged. */
  private levelFrom = 0;

  /**
   * The time-weighted median of the means of the first `end` buckets, over the SETTLED_MS up to
   * `time` (their time-weighted mean is left in lastMean).
   */
  private medianOf(time: number, end: number): number {
    const buckets = this.state.buckets ?? [];
    const values = settledValues;
    const weights = settledWeights;
    let n = 0;
    let total = 0;
    for (let i = 0; i < end; i++) {
      const [t, sum, count] = buckets[i] as DieselBucket;
      if (t + BUCKET_MS <= time - SETTLED_MS) continue;
      const next = i + 1 < end ? (buckets[i + 1] as DieselBucket)[0] : time + BUCKET_MS;
      const weight = Math.min(Math.max(next - Math.max(t, time - SETTLED_MS), BUCKET_MS), MAX_WEIGHT_MS);
      // Insertion by value: at most KEPT_BUCKETS of them.
      let j = n++;
      for (; j > 0 && (values[j - 1] as number) > sum / count; j--) {
        values[j] = values[j - 1] as number;
        weights[j] = weights[j - 1] as number;
      }
      values[j] = sum / count;
      weights[j] = weight;
      total += weight;
    }
    let median = this.state.smoothedL ?? 0;
    let weighted = 0;
    for (let i = 0; i < n; i++) weighted += (values[i] as number) * (weights[i] as number);
    this.lastMean = total > 0 ? weighted / total : median;
    for (let i = 0, acc = 0; i < n; i++) {
      acc += weights[i] as number;
      if (acc >= total / 2) {
        median = values[i] as number;
        break;
      }
    }
    return median;
  }
}
