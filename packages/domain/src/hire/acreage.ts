import type { LatLon } from '../geo';
import { impliedSpeedKmh, type ImpliedSpeedState } from '../implied-speed';
import type { Reading } from '../telemetry';
import { counterRunAfter, measureInterval } from '../usage';
import { coveredAreaM2 } from './job-coverage';

/** What a job's track measured inside its window. */
export interface WindowFigures {
  /** Ground the implement covered, overlaps counted once within the window, m². */
  coveredM2: number;
  /** PTO-engaged time, s; null when the device sent no PTO field in the window (not measured, not 0). */
  ptoS: number | null;
  /** Engine time, s. */
  engineS: number;
  /** The working stretches, for the worked-area outline. */
  swaths: { from: LatLon; to: LatLon }[];
}

/**
 * Strips narrower than this between worked passes count as worked in a job. A hire job is one
 * operation over a field, each strip passed once, so every GPS gap between neighbouring passes stays
 * open (the day's field-work figure sees the same ground worked again by the next operation, which
 * closes most of them: 2 m is right there). On the simulator's single-pass fields of 3–5 acres
 * (90 fields, drifting GPS error ≈ 1.5 m), 2 m read 4.1 % low on average (−10.5 … +0.5 %), 2.5 m
 * 1.7 % low, 3 m 0.4 % low (−3.7 … +3.5 %, 87 of 90 within 3 %).
 */
export const HIRE_GAP_FILL_M = 3;

/**
 * Measures a tractor's readings (time order) between `fromMs` and `toMs` by the usage rules of the
 * field-work figure (usage.ts measureInterval: PTO on at working speed; what it counts as work is
 * swept at the implement's width on FieldCoverage's 0.5 m grid, job-coverage.ts), on a coverage of its
 * own, so ground worked twice within the window counts once. An interval counts when both its readings lie
 * in the window. Readings without a speed (phone trackers) get the one their fixes imply, as
 * ingestion gives them.
 *
 * A device without a PTO input (a phone tracker, a device without the wire: no reading in the window
 * has the PTO field) cannot say when the implement worked; inside a job's window the owner declared
 * the work, so passes at working speed (WORK_MIN_KMH–WORK_MAX_KMH) with the engine running count as
 * work, and the PTO time is not measured (null). A device that reports the PTO, even only off, keeps
 * the PTO rule.
 */
export function measureWindow(readings: readonly Reading[], implementWidthM: number, fromMs: number, toMs: number): WindowFigures {
  const ptoReported = reportsPto(readings, fromMs, toMs);
  const out: WindowFigures = { coveredM2: 0, ptoS: ptoReported ? 0 : null, engineS: 0, swaths: [] };
  const spec = { implementWidthM };
  const implied: ImpliedSpeedState = { fixes: [] };
  let prev: Reading | undefined;
  let counterRunS: number | undefined;
  for (const raw of readings) {
    if (raw.time < fromMs) continue;
    if (raw.time > toMs) break;
    const r = raw.speedKmh !== undefined ? raw : withImpliedSpeed(implied, raw);
    if (prev) {
      // Without a PTO input, the work is what measureInterval counts with the PTO taken as on.
      const totals = measureInterval(ptoReported ? prev : { ...prev, pto: true }, r, spec, undefined, counterRunS);
      counterRunS = counterRunAfter(prev, r, counterRunS);
      if (out.ptoS !== null) out.ptoS += totals.ptoS ?? 0;
      out.engineS += totals.engineS ?? 0;
      // Work has fixes at both ends (measureInterval counts no distance otherwise).
      if ((totals.workM ?? 0) > 0)
        out.swaths.push({ from: { lat: prev.lat as number, lon: prev.lon as number }, to: { lat: r.lat as number, lon: r.lon as number } });
    }
    prev = r;
  }
  // The swaths are all known now: their area on bitmaps of their own extent (job-coverage.ts), in track order.
  out.coveredM2 = coveredAreaM2(out.swaths, implementWidthM, HIRE_GAP_FILL_M);
  return out;
}

/** Whether any reading in the window carries the PTO field (on or off). */
function reportsPto(readings: readonly Reading[], fromMs: number, toMs: number): boolean {
  for (const r of readings) {
    if (r.time < fromMs) continue;
    if (r.time > toMs) break;
    if (r.pto !== undefined) return true;
  }
  return false;
}

function withImpliedSpeed(state: ImpliedSpeedState, r: Reading): Reading {
  const speedKmh = impliedSpeedKmh(state, r);
  return speedKmh === undefined ? r : { ...r, speedKmh };
}
