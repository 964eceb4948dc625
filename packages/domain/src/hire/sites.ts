import { type LatLon, toLocalMeters } from '../geo';
import { impliedSpeedKmh, type ImpliedSpeedState } from '../implied-speed';
import type { Reading } from '../telemetry';
import { MAX_INTERVAL_S } from '../usage';
import { isWorking } from '../work';

/**
 * Where a tractor worked in a day (issue 17 proposals): a **place** starts at a working fix (PTO on
 * at working speed; see workPlaces for a device without a PTO input) more than about a cell away from everything it worked earlier that day, on a
 * grid of PLACE_CELL_M cells; a **visit** is a stretch of work at one place until work at another
 * place begins (a lunch break or a headland turn does not end it). A place becomes a job proposal;
 * a running job ends with its visit.
 */
export const PLACE_CELL_M = 50;
/** A place with less work than this (a PTO test at home, a stray fix) is no place. */
export const MIN_PLACE_WORK_S = 180;
/**
 * A device without a PTO input (no reading of the day carries the field) cannot tell a field's work
 * from a slow road: there a place's work counts as a field's when its track is at least this many
 * times its extent's diagonal (passes up and down a field: 10–40 times; a road, even a winding one,
 * under 2).
 */
export const FIELD_PATH_RATIO = 3;

export interface Visit {
  /** Index into the places. */
  place: number;
  /** First working fix, ms. */
  start: number;
  /** Last working fix, ms. */
  lastWork: number;
  /** The fix after the last working one (the interval it closes is still work), else lastWork. */
  end: number;
}

export interface WorkPlace {
  /** The first working fix: where the work started. */
  anchor: LatLon;
  start: number;
  lastWork: number;
  /** Working time there, s. */
  workS: number;
  /** Its first visit's end. */
  firstVisitEnd: number;
}

export interface DayWork {
  places: WorkPlace[];
  visits: Visit[];
}

/** A place's track while it is being found: its extent and length, local metres. */
interface Extent {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  x: number;
  y: number;
  pathM: number;
}

/**
 * A no-PTO place's passes come back over a cell this long after leaving it (the next pass, or the one
 * after); a road crossed on the way in is not come back to so soon (on the way out, if ever, hours later).
 */
const PASS_RETURN_MIN_MS = 60_000;
const PASS_RETURN_MAX_MS = 15 * 60_000;

/**
 * When a no-PTO place's passes begin: the first fix in a cell the tractor came back to as a next pass
 * does (PASS_RETURN_*). A slow road that runs on into the field joins the field's place (its cells
 * touch), and would otherwise start it on the road, with the road's minutes in its work. Undefined
 * when no cell is come back to (a field within a cell or two): the place starts at its first fix.
 */
function passesStart(fixes: readonly { time: number; cell: string }[]): number | undefined {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  let start: number | undefined;
  for (const { time, cell } of fixes) {
    const before = last.get(cell);
    if (before === undefined) first.set(cell, time);
    else if (time - before >= PASS_RETURN_MIN_MS && time - before <= PASS_RETURN_MAX_MS) start = Math.min(start ?? time, first.get(cell) ?? time);
    last.set(cell, time);
  }
  return start;
}

/** Whether a no-PTO place's track goes up and down a field rather than along a road. */
const fieldLike = (e: Extent) => e.pathM >= FIELD_PATH_RATIO * Math.hypot(e.maxX - e.minX, e.maxY - e.minY);

/**
 * Places and visits in a day's readings (time order). Only places with MIN_PLACE_WORK_S of work count.
 * On a device without a PTO input (the same rule as measureWindow's), work is the engine running at
 * working speed, and only places whose track is field-like (FIELD_PATH_RATIO) count.
 */
export function workPlaces(readings: readonly Reading[]): DayWork {
  const ptoReported = readings.some((r) => r.pto !== undefined);
  const implied: ImpliedSpeedState = { fixes: [] };
  const withSpeed = readings.map((r) => {
    if (r.speedKmh !== undefined) return r;
    const speedKmh = impliedSpeedKmh(implied, r);
    return speedKmh === undefined ? r : { ...r, speedKmh };
  });
  const origin = withSpeed.find((r) => r.lat !== undefined && r.lon !== undefined);
  if (!origin) return { places: [], visits: [] };
  const o = { lat: origin.lat as number, lon: origin.lon as number };

  // First pass: each working fix's place (by cell), and the work time each place saw.
  const cellPlace = new Map<string, number>();
  const found: WorkPlace[] = [];
  const extents: Extent[] = [];
  const placeOf: (number | undefined)[] = new Array(withSpeed.length);
  /** Each place's working fixes (index, cell, seconds of work the fix's interval counts). */
  const fixesOf: { i: number; time: number; cell: string; workS: number }[][] = [];
  for (let i = 0; i < withSpeed.length; i++) {
    const r = withSpeed[i] as Reading;
    const working = ptoReported ? isWorking(r) : isWorking({ ignition: r.ignition, rpm: r.rpm, speedKmh: r.speedKmh, pto: true });
    if (!working || r.lat === undefined || r.lon === undefined) continue;
    const { x, y } = toLocalMeters(o, { lat: r.lat, lon: r.lon });
    const cx = Math.floor(x / PLACE_CELL_M);
    const cy = Math.floor(y / PLACE_CELL_M);
    let place: number | undefined;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const p = cellPlace.get(`${cx + dx},${cy + dy}`);
        if (p !== undefined && (place === undefined || p > place)) place = p;
      }
    if (place === undefined) {
      place = found.length;
      found.push({ anchor: { lat: r.lat, lon: r.lon }, start: r.time, lastWork: r.time, workS: 0, firstVisitEnd: r.time });
      extents.push({ minX: x, maxX: x, minY: y, maxY: y, x, y, pathM: 0 });
      fixesOf.push([]);
    }
    const e = extents[place] as Extent;
    e.pathM += Math.hypot(x - e.x, y - e.y);
    e.x = x;
    e.y = y;
    e.minX = Math.min(e.minX, x);
    e.maxX = Math.max(e.maxX, x);
    e.minY = Math.min(e.minY, y);
    e.maxY = Math.max(e.maxY, y);
    if (!cellPlace.has(`${cx},${cy}`)) cellPlace.set(`${cx},${cy}`, place);
    placeOf[i] = place;
    const p = found[place] as WorkPlace;
    p.lastWork = r.time;
    const next = withSpeed[i + 1];
    const workS = next ? Math.min((next.time - r.time) / 1000, MAX_INTERVAL_S) : 0;
    p.workS += workS;
    fixesOf[place]?.push({ i, time: r.time, cell: `${cx},${cy}`, workS });
  }

  // A no-PTO place starts where its passes start (passesStart): the road that led into it is left out.
  if (!ptoReported)
    found.forEach((p, place) => {
      const fixes = fixesOf[place] ?? [];
      const start = passesStart(fixes);
      if (start === undefined || start <= p.start) return;
      const from = fixes.findIndex((f) => f.time >= start);
      for (const f of fixes.slice(0, from)) placeOf[f.i] = undefined;
      const kept = fixes.slice(from);
      const anchor = withSpeed[kept[0]?.i ?? -1];
      if (anchor?.lat !== undefined && anchor.lon !== undefined) p.anchor = { lat: anchor.lat, lon: anchor.lon };
      p.start = start;
      p.workS = kept.reduce((sum, f) => sum + f.workS, 0);
    });

  // Second pass: visits of the places that count, renumbered.
  const renumber = new Map<number, number>();
  const places: WorkPlace[] = [];
  found.forEach((p, i) => {
    if (p.workS < MIN_PLACE_WORK_S || (!ptoReported && !fieldLike(extents[i] as Extent))) return;
    renumber.set(i, places.length);
    places.push({ ...p, lastWork: p.start, firstVisitEnd: p.start });
  });
  const visits: Visit[] = [];
  for (let i = 0; i < withSpeed.length; i++) {
    const raw = placeOf[i];
    const place = raw === undefined ? undefined : renumber.get(raw);
    if (place === undefined) continue;
    const time = (withSpeed[i] as Reading).time;
    const end = (withSpeed[i + 1] as Reading | undefined)?.time ?? time;
    const last = visits.at(-1);
    if (last && last.place === place) {
      last.lastWork = time;
      last.end = end;
    } else visits.push({ place, start: time, lastWork: time, end });
    (places[place] as WorkPlace).lastWork = time;
  }
  const seen = new Set<number>();
  for (const v of visits) {
    if (seen.has(v.place)) continue;
    seen.add(v.place);
    (places[v.place] as WorkPlace).firstVisitEnd = v.end;
  }
  return { places, visits };
}

/**
 * When a job running since `jobStart` ends by itself: at the end of the visit it covers (the first
 * visit ending after its start) once another place's visit follows; undefined while none has.
 */
export function endOfJobVisit(day: DayWork, jobStart: number): number | undefined {
  const index = day.visits.findIndex((v) => v.end > jobStart);
  if (index < 0) return undefined;
  return index + 1 < day.visits.length ? (day.visits[index] as Visit).end : undefined;
}
