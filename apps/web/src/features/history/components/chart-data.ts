import type uPlot from 'uplot';
import type { HistoryResponse } from '@tractorlink/domain/vehicles-api';

type Pair = readonly [number, number];

/** Level at `t` on the line through the fuel points (refuel and drop markers sit on the line). */
function levelAt(points: readonly Pair[], t: number): number | null {
  if (points.length === 0) return null;
  let prev: Pair | undefined;
  for (const p of points) {
    if (p[0] === t) return p[1];
    if (p[0] > t) {
      if (!prev) return p[1];
      return prev[1] + ((p[1] - prev[1]) * (t - prev[0])) / (p[0] - prev[0]);
    }
    prev = p;
  }
  return prev ? prev[1] : null;
}

/** x = every time any series has a value; the level line spans its gaps; markers are points only. */
export function fuelChartData(h: HistoryResponse): uPlot.AlignedData {
  const xs = [...new Set([...h.fuelLevel, ...h.refuels, ...h.drops].map((p) => p[0]))].sort((a, b) => a - b);
  const level = new Map(h.fuelLevel.map((p) => [p[0], p[1]]));
  const refuels = new Set(h.refuels.map((p) => p[0]));
  const drops = new Set(h.drops.map((p) => p[0]));
  return [
    xs,
    xs.map((x) => level.get(x) ?? null),
    xs.map((x) => (refuels.has(x) ? levelAt(h.fuelLevel, x) : null)),
    xs.map((x) => (drops.has(x) ? levelAt(h.fuelLevel, x) : null)),
  ];
}

const HALF_DAY_S = 12 * 60 * 60;

/**
 * The engine chart's x range: half a day either side of its first and last day, so each bar stands
 * on its day and a single day (the Day period) is a range at all (uPlot, given one x, made one up
 * around 1 January 1970: its labels read '1 Jan, 1 Jan, 1 Jan').
 */
export function dayRange(min: number | null, max: number | null): [number, number] {
  const first = min ?? 0;
  return [first - HALF_DAY_S, (max ?? first) + HALF_DAY_S];
}

/**
 * The ticks of a chart of days: the days themselves (never hours between them, which would repeat
 * a date), every one when there is room for its label, else every n-th, `minGapPx` apart at least.
 */
export function dayTicks(days: readonly number[], widthPx: number, minGapPx = 64): number[] {
  const room = Math.max(1, Math.floor(widthPx / minGapPx));
  const step = Math.ceil(days.length / room);
  return days.filter((_, i) => i % step === 0);
}

export function engineChartData(h: HistoryResponse): uPlot.AlignedData {
  const xs = [...new Set([...h.engineHoursPerDay, ...h.averageRpmPerDay].map((p) => p[0]))].sort((a, b) => a - b);
  const hours = new Map(h.engineHoursPerDay.map((p) => [p[0], p[1]]));
  const rpm = new Map(h.averageRpmPerDay.map((p) => [p[0], p[1]]));
  return [xs, xs.map((x) => hours.get(x) ?? null), xs.map((x) => rpm.get(x) ?? null)];
}

/** The figures the fuel chart shows, for the text beside it. */
export function fuelSummary(h: HistoryResponse) {
  const sum = (pairs: readonly Pair[]) => pairs.reduce((s, p) => s + p[1], 0);
  return {
    first: h.fuelLevel[0] ?? null,
    last: h.fuelLevel.at(-1) ?? null,
    refuelCount: h.refuels.length,
    refuelLitres: sum(h.refuels),
    dropCount: h.drops.length,
    dropLitres: sum(h.drops),
  };
}

/**
 * Engine figures of the period: total hours, days worked and the RPM averaged over the hours run on
 * days with an RPM reading (null when none had one: unknown, not 0 RPM).
 */
export function engineSummary(h: HistoryResponse): { hours: number; days: number; averageRpm: number | null } {
  const rpm = new Map(h.averageRpmPerDay.map((p) => [p[0], p[1]]));
  let hours = 0;
  let rpmHours = 0;
  let weighted = 0;
  let days = 0;
  for (const [day, hrs] of h.engineHoursPerDay) {
    hours += hrs;
    if (hrs > 0) days += 1;
    const dayRpm = rpm.get(day);
    if (dayRpm === undefined) continue;
    rpmHours += hrs;
    weighted += hrs * dayRpm;
  }
  return { hours, days, averageRpm: rpmHours > 0 ? Math.round(weighted / rpmHours) : null };
}
