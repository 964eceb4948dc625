import type { FieldCoverage } from './field-coverage';
import { distanceMeters, isPlausibleFix, SQUARE_METERS_PER_ACRE } from './geo';
import type { Reading } from './telemetry';
import { HOUR_MS, istHour, istHourStart } from './time';

/**
 * Usage figures (issue 3 "derived figures"), measured between consecutive readings of a tractor
 * and kept as additive totals so hourly rollups can be summed into any period.
 */
export interface UsageTotals {
  /** Engine running time, s (worktime counter when the device has one, ignition-on time otherwise). */
  engineS: number;
  ptoS: number;
  /** Engine on, standing, PTO off. */
  idleS: number;
  /** Distance covered while working (PTO on at working speed), m. */
  workM: number;
  /** Field area newly covered (overlapping passes counted once within the day), m². */
  areaM2: number;
  /** Distance travelled not working above 5 km/h, m. */
  roadM: number;
  /** All plausible distance, m. */
  distanceM: number;
  /** Σ rpm × s and Σ s while the engine runs: average RPM = rpmWeighted / rpmS. */
  rpmWeighted: number;
  rpmS: number;
  /** Σ change of the smoothed diesel level, L (negative when burning). */
  fuelNetChangeL: number;
  /** Σ detected refuels, L. Consumed = refuels − net change. */
  fuelRefuelL: number;
  /** Litres the engine's fuel-used counter (CAN, IO 83) measured; when present it is the consumption. */
  fuelCounterL: number;
}

/**
 * Strips narrower than this between two worked passes are counted as worked: passes laid an
 * implement width apart leave such gaps only through GPS error (a metre or two, different on each
 * pass); measured on the simulated month, 2 m brings the acres from 14 % low to about 1 %.
 */
export const GPS_GAP_FILL_M = 2;

export const USAGE_FIELDS = [
  'engineS',
  'ptoS',
  'idleS',
  'workM',
  'areaM2',
  'roadM',
  'distanceM',
  'rpmWeighted',
  'rpmS',
  'fuelNetChangeL',
  'fuelRefuelL',
  'fuelCounterL',
] as const satisfies readonly (keyof UsageTotals)[];

export const emptyTotals = (): UsageTotals => ({
  engineS: 0,
  ptoS: 0,
  idleS: 0,
  workM: 0,
  areaM2: 0,
  roadM: 0,
  distanceM: 0,
  rpmWeighted: 0,
  rpmS: 0,
  fuelNetChangeL: 0,
  fuelRefuelL: 0,
  fuelCounterL: 0,
});

// Field by field rather than a loop over USAGE_FIELDS: it runs for every record ingested, and a
// property named at each site is read through its own inline cache (the loop's keyed reads were
// the processor's largest cost after field coverage).
export function addTotals(into: UsageTotals, add: Partial<UsageTotals>): UsageTotals {
  into.engineS += add.engineS ?? 0;
  into.ptoS += add.ptoS ?? 0;
  into.idleS += add.idleS ?? 0;
  into.workM += add.workM ?? 0;
  into.areaM2 += add.areaM2 ?? 0;
  into.roadM += add.roadM ?? 0;
  into.distanceM += add.distanceM ?? 0;
  into.rpmWeighted += add.rpmWeighted ?? 0;
  into.rpmS += add.rpmS ?? 0;
  into.fuelNetChangeL += add.fuelNetChangeL ?? 0;
  into.fuelRefuelL += add.fuelRefuelL ?? 0;
  into.fuelCounterL += add.fuelCounterL ?? 0;
  return into;
}

/** Below this a position change is GPS drift, not travel. */
export const DRIFT_MAX_KMH = 1;
/** Faster than any tractor: a jump between two fixes this fast is a bad fix. */
export const IMPOSSIBLE_KMH = 80;
/** Working speeds with the PTO on (rotavator 2–4, cultivator 5–8, sowing up to 10). */
export const WORK_MIN_KMH = 1;
export const WORK_MAX_KMH = 15;
/** Travel above this, not working, is on-road. */
export const ROAD_MIN_KMH = 5;
/** A silence longer than this says nothing about what happened in it; time counts up to it only. */
export const MAX_INTERVAL_S = 15 * 60;

export interface TractorSpec {
  implementWidthM: number;
}

/** More diesel an hour than the largest farm tractor burns at full load. */
const MAX_BURN_L_PER_H = 40;

/**
 * Whether the engine ran from `prev` to `cur`. The ignition input says so; a device without one
 * (it reports none) is read by the engine's RPM. An input that reads off while the RPM is live
 * (above 0 at both ends and changing) is a loose wire, not a stopped engine: a CAN bus may hold its
 * last RPM after the engine stops, but a held value does not change.
 */
export function engineRunning(prev: Reading, cur: Reading): boolean {
  if (prev.ignition === true) return true;
  const rpm = prev.rpm ?? 0;
  if (prev.ignition === undefined) return rpm > 0;
  return rpm > 0 && (cur.rpm ?? 0) > 0 && cur.rpm !== rpm;
}

/**
 * Usage between two consecutive readings (prev.time < cur.time); state rules follow `prev`.
 * `counterRunS`: engine seconds since the worktime counter last moved, before this interval (see
 * TractorProcessor): a counter coarser than the record rate steps by that much at once.
 */
export function measureInterval(prev: Reading, cur: Reading, spec: TractorSpec, coverage?: FieldCoverage, counterRunS = 0): Partial<UsageTotals> {
  const dt = (cur.time - prev.time) / 1000;
  if (!(dt > 0)) return {};
  const out: Partial<UsageTotals> = {};
  const counted = Math.min(dt, MAX_INTERVAL_S);
  const engineOn = engineRunning(prev, cur);

  if (prev.engineWorktimeMin !== undefined && cur.engineWorktimeMin !== undefined) {
    const minutes = cur.engineWorktimeMin - prev.engineWorktimeMin;
    // A counter reset or a jump beyond the elapsed time is not engine time. A counter coarser than the
    // records (a CAN bus's 0.05 h: a 3-minute step every 3 minutes of running, records every 10 s)
    // steps by as long as the engine ran since it last moved, which bounds it instead.
    const ranS = Math.max(dt, counterRunS + (engineOn ? counted : 0));
    if (minutes > 0 && minutes * 60 <= ranS + 60) out.engineS = minutes * 60;
  } else if (engineOn) {
    out.engineS = counted;
  }
  if (engineOn && prev.pto) out.ptoS = counted;
  if (prev.fuelUsedLitres !== undefined && cur.fuelUsedLitres !== undefined) {
    const used = cur.fuelUsedLitres - prev.fuelUsedLitres;
    // A counter reset, or more than an engine can burn in the time, is not consumption.
    if (used >= 0 && used <= (dt / 3600) * MAX_BURN_L_PER_H + 0.5) out.fuelCounterL = used;
  }
  if (engineOn && (prev.rpm ?? 0) > 0) {
    out.rpmWeighted = (prev.rpm ?? 0) * counted;
    out.rpmS = counted;
  }

  const haveFixes = prev.lat !== undefined && prev.lon !== undefined && cur.lat !== undefined && cur.lon !== undefined;
  const from = haveFixes ? { lat: prev.lat as number, lon: prev.lon as number } : undefined;
  const to = haveFixes ? { lat: cur.lat as number, lon: cur.lon as number } : undefined;
  let meters = from && to && isPlausibleFix(from) && isPlausibleFix(to) ? distanceMeters(from, to) : 0;
  const impliedKmh = (meters / dt) * 3.6;
  const reportedKmh = prev.speedKmh !== undefined && cur.speedKmh !== undefined ? (prev.speedKmh + cur.speedKmh) / 2 : undefined;
  const speedKmh = reportedKmh ?? impliedKmh;
  if (impliedKmh > IMPOSSIBLE_KMH || speedKmh < DRIFT_MAX_KMH || impliedKmh < DRIFT_MAX_KMH || dt > MAX_INTERVAL_S) meters = 0;

  if (engineOn && speedKmh < DRIFT_MAX_KMH && !prev.pto) out.idleS = counted;
  if (meters > 0) {
    out.distanceM = meters;
    const working = engineOn && prev.pto === true && speedKmh >= WORK_MIN_KMH && speedKmh <= WORK_MAX_KMH;
    if (working) {
      out.workM = meters;
      if (coverage && from && to) out.areaM2 = coverage.addSwath(from, to, spec.implementWidthM, GPS_GAP_FILL_M);
    } else if (speedKmh > ROAD_MIN_KMH) {
      out.roadM = meters;
    }
  }
  return out;
}

/**
 * Engine seconds since the worktime counter last moved, after the interval prev → cur (undefined once
 * it moves): measureInterval's `counterRunS` for the next interval.
 */
export function counterRunAfter(prev: Reading, cur: Reading, runS: number | undefined): number | undefined {
  if (prev.engineWorktimeMin === undefined || cur.engineWorktimeMin === undefined) return runS;
  if (cur.engineWorktimeMin !== prev.engineWorktimeMin) return undefined;
  return engineRunning(prev, cur) ? (runS ?? 0) + Math.min((cur.time - prev.time) / 1000, MAX_INTERVAL_S) : runS;
}

/**
 * Splits an interval's totals over the IST hours it spans, in proportion to the time in each, so
 * a stretch across 12:00 lands partly in the forenoon and partly in the afternoon.
 */
export function splitByHour(start: number, end: number, totals: Partial<UsageTotals>): { hourStart: number; totals: Partial<UsageTotals> }[] {
  const first = istHourStart(start);
  if (end <= start || istHourStart(end - 1) === first) return [{ hourStart: first, totals }];
  const parts: { hourStart: number; totals: Partial<UsageTotals> }[] = [];
  for (let h = first; h < end; h += HOUR_MS) {
    const share = (Math.min(end, h + HOUR_MS) - Math.max(start, h)) / (end - start);
    const part: Partial<UsageTotals> = {};
    for (const f of USAGE_FIELDS) if (totals[f] !== undefined) part[f] = (totals[f] as number) * share;
    parts.push({ hourStart: h, totals: part });
  }
  return parts;
}

/** Forenoon is 00:00–11:59 IST, afternoon 12:00–23:59 IST (spec §2 usage summaries). */
export function isForenoon(hourStart: number): boolean {
  return istHour(hourStart) < 12;
}

/** The usage report values of spec §3, rounded for display. */
export interface UsageReport {
  fieldWorkAcres: number;
  onRoadKm: number;
  engineHours: number;
  engineMinutes: number;
  ptoHours: number;
  averageRpm: number;
  dieselConsumedL: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function usageReport(t: UsageTotals): UsageReport {
  const engineMinutesTotal = Math.round(t.engineS / 60);
  return {
    fieldWorkAcres: round(t.areaM2 / SQUARE_METERS_PER_ACRE, 2),
    onRoadKm: round(t.roadM / 1000, 1),
    engineHours: Math.floor(engineMinutesTotal / 60),
    engineMinutes: engineMinutesTotal % 60,
    ptoHours: round(t.ptoS / 3600, 1),
    averageRpm: t.rpmS > 0 ? Math.round(t.rpmWeighted / t.rpmS) : 0,
    // The engine's own fuel-used counter when the device has one; else the net fall of the level
    // plus what was poured in, never negative (a refuel is not negative use).
    dieselConsumedL: round(t.fuelCounterL > 0 ? t.fuelCounterL : Math.max(0, t.fuelRefuelL - t.fuelNetChangeL), 1),
  };
}

/**
 * What a tractor's device has shown it can measure. A figure from a source it lacks is unknown
 * (null), never 0: "0 L used" for a tractor without a fuel sensor misleads the owner.
 */
export interface UsageSources {
  /** It has had a GPS fix. */
  gps: boolean;
  /** It reports a PTO input (its last record carried one, or it has read on): a device without the field has no PTO figures. */
  pto: boolean;
  /** It has reported the engine's RPM. */
  rpm: boolean;
  /** Its tank input has read above 0, or it reports the engine's fuel-used counter. */
  fuel: boolean;
}

/** The usage report with each figure null whose source the tractor lacks. */
export type KnownUsageReport = Omit<UsageReport, 'fieldWorkAcres' | 'onRoadKm' | 'ptoHours' | 'averageRpm' | 'dieselConsumedL'> & {
  fieldWorkAcres: number | null;
  onRoadKm: number | null;
  ptoHours: number | null;
  averageRpm: number | null;
  dieselConsumedL: number | null;
};

/**
 * Engine time stays a number: it is counted from the ignition when there is no worktime counter,
 * and a tractor that never reported has no usage at all (the report says so as a whole).
 */
export function knownUsageReport(t: UsageTotals, sources: UsageSources): KnownUsageReport {
  const r = usageReport(t);
  return {
    ...r,
    fieldWorkAcres: sources.gps && sources.pto ? r.fieldWorkAcres : null,
    onRoadKm: sources.gps ? r.onRoadKm : null,
    ptoHours: sources.pto ? r.ptoHours : null,
    averageRpm: sources.rpm ? r.averageRpm : null,
    dieselConsumedL: sources.fuel ? r.dieselConsumedL : null,
  };
}
