/**
 * Diesel level from a bouncing tank sensor. A rolling median over the last minutes removes slosh
 * (a rough field or a slope swings a float sensor by ±8 % or more); rises of at least a refuel's
 * size on the smoothed level are refuels. Totals are additive: consumed over any period =
 * refuels − net change of the smoothed level, so a refuel never reads as negative consumption.
 * The state is plain data, so the server persists it and a restart resumes where it left off.
 */

export interface DieselOptions {
  tankCapacityL: number;
  /** Median over the samples of this many last ms. */
  windowMs?: number;
  /** Smallest rise counted as a refuel, L (default: the larger of 6 L and 10 % of the tank). */
  refuelMinL?: number;
  /** A refuel is over when the level has not risen for this long. */
  settleMs?: number;
}

export interface DieselState {
  samples: [number, number][];
  smoothedL?: number;
  /** Lowest smoothed level lately, the reference a refuel rises from. */
  low?: [number, number];
  refuel?: { start: number; fromL: number; peakL: number; lastRise: number };
}

export interface DieselStep {
  smoothedL: number;
  netChangeL: number;
  refuelL: number;
  /** A refuel that has just settled: when it began and how much went in. */
  refuelDone?: { start: number; litres: number };
}

const DEFAULT_WINDOW_MS = 10 * 60_000;
const MAX_SAMPLES = 15;
/** How long the "lowest level lately" is remembered. */
const LOW_MEMORY_MS = 30 * 60_000;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The median of the samples' litres, sorted in place in a scratch array (it runs for every record). */
const scratch = new Float64Array(MAX_SAMPLES);
function medianLitres(samples: readonly [number, number][]): number {
  const n = samples.length;
  for (let i = 0; i < n; i++) {
    const v = (samples[i] as [number, number])[1];
    let j = i;
    for (; j > 0 && (scratch[j - 1] as number) > v; j--) scratch[j] = scratch[j - 1] as number;
    scratch[j] = v;
  }
  const mid = n >> 1;
  return n % 2 ? (scratch[mid] as number) : ((scratch[mid - 1] as number) + (scratch[mid] as number)) / 2;
}

export class DieselTracker {
  readonly state: DieselState;
  private readonly windowMs: number;
  private readonly refuelMinL: number;
  private readonly settleMs: number;

  constructor(options: DieselOptions, state?: DieselState) {
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.refuelMinL = options.refuelMinL ?? Math.max(6, options.tankCapacityL * 0.1);
    this.settleMs = options.settleMs ?? this.windowMs;
    this.state = state ?? { samples: [] };
  }

  /** Adds a reading (time ascending); returns the smoothed level and this step's changes. */
  push(time: number, litres: number): DieselStep {
    const s = this.state;
    s.samples.push([time, litres]);
    while (s.samples.length > MAX_SAMPLES || (s.samples[0] && s.samples[0][0] < time - this.windowMs)) s.samples.shift();
    const smoothedL = medianLitres(s.samples);
    const netChangeL = s.smoothedL === undefined ? 0 : smoothedL - s.smoothedL;
    s.smoothedL = smoothedL;
    const step: DieselStep = { smoothedL, netChangeL, refuelL: 0 };

    if (s.refuel) {
      if (smoothedL > s.refuel.peakL) {
        step.refuelL = smoothedL - s.refuel.peakL;
        s.refuel.peakL = smoothedL;
        s.refuel.lastRise = time;
      } else if (time - s.refuel.lastRise >= this.settleMs) {
        step.refuelDone = { start: s.refuel.start, litres: s.refuel.peakL - s.refuel.fromL };
        s.refuel = undefined;
        s.low = [time, smoothedL];
      }
      return step;
    }

    if (!s.low || smoothedL <= s.low[1] || time - s.low[0] > LOW_MEMORY_MS) s.low = [time, smoothedL];
    const rise = smoothedL - s.low[1];
    if (rise >= this.refuelMinL) {
      step.refuelL = rise;
      s.refuel = { start: s.low[0], fromL: s.low[1], peakL: smoothedL, lastRise: time };
    }
    return step;
  }
}
