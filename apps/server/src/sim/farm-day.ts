import { fromLocalMeters, type LatLon, toLocalMeters } from '@tractorlink/domain/geo';
import { istMidnight } from '@tractorlink/domain/time';
import { between, seededRandom, seedOf } from './random';

/**
 * One plausible day of an Indian farm tractor, as the device on it would sample it: parked at home
 * overnight, warm-up idle, a road trip to the field at 15–30 km/h, field work at 3–8 km/h with the
 * PTO on in parallel passes one implement-width apart with headland turns, a lunch break, more
 * work, the trip home, a refuel. Seeded by IMEI and date, so a day is the same every time it is
 * generated. Events (theft, towing, faults) are injected for the alert work.
 */

export interface FieldPlot {
  /** One corner of the rectangle; passes run along `headingDeg` for `lengthM`, stepping across `widthM`. */
  corner: LatLon;
  lengthM: number;
  widthM: number;
  headingDeg: number;
  /**
   * How much a float sensor misreads on this field's slope, % of the tank: high on passes facing
   * uphill (along `headingDeg`), as much low on the way back, held for each whole pass.
   */
  slopePercent?: number;
}

export interface SimProfile {
  imei: string;
  home: LatLon;
  fields: FieldPlot[];
  implementWidthM: number;
  tankCapacityL: number;
  /**
   * A tractor that hauls instead of farming: round the clock in the crushing season, with two drivers,
   * it carries trolleys of cane from its `fields` (loaded alongside the harvester) to the factory.
   */
  haulage?: Haulage;
}

/** Cane haulage: where the trolleys are unloaded. */
export interface Haulage {
  /** The sugar factory's yard (weighbridge and unloading), with a diesel pump at its gate. */
  factory: LatLon;
}

/**
 * A farm of one sloping field 400 m east and 900 m north of `home`, worked with a 2 m implement from a
 * 60 L tank: 600 m passes, on which the float reads 8 % of the tank high going up and as much low coming
 * back (the ground the fuel audits test on).
 */
export function slopingFarm(imei: string, home: LatLon): SimProfile {
  return oneFieldFarm(imei, home, { eastM: 400, northM: 900, lengthM: 600, widthM: 80, headingDeg: 20, slopePercent: 8 });
}

/** One field, placed by its corner's metres east and north of home. */
export interface FieldAt extends Omit<FieldPlot, 'corner'> {
  eastM: number;
  northM: number;
}

/**
 * A farm of one field `field` (its corner in metres from `home`), worked by a tractor with a 2 m
 * implement and a 60 L tank unless `tractor` says otherwise.
 */
export function oneFieldFarm(
  imei: string,
  home: LatLon,
  { eastM, northM, ...plot }: FieldAt,
  tractor: Partial<Pick<SimProfile, 'implementWidthM' | 'tankCapacityL'>> = {},
): SimProfile {
  return {
    imei,
    home,
    fields: [{ corner: fromLocalMeters(home, eastM, northM), ...plot }],
    implementWidthM: tractor.implementWidthM ?? 2,
    tankCapacityL: tractor.tankCapacityL ?? 60,
  };
}

/** What carries from one day to the next. */
export interface SimCarry {
  fuelL: number;
  engineMin: number;
  odometerM: number;
  position: LatLon;
}

export type SimEventKind =
  | 'siphon'
  | 'towing'
  | 'start_without_key'
  | 'overheat'
  | 'high_rpm'
  | 'low_battery'
  | 'key_removed'
  | 'pto_off'
  /** Diesel poured in from cans where the tractor stands (brought to the field at lunch, say), over `durationMs`. */
  | 'cans';

export interface SimEvent {
  kind: SimEventKind;
  /** Epoch ms. Night events (siphon, towing, start_without_key) need the tractor parked then. */
  at: number;
  durationMs?: number;
  /** siphon: litres taken; cans: litres poured in (default 20). */
  litres?: number;
  /** towing: metres moved (default 800). */
  meters?: number;
}

export interface SimSample {
  time: number;
  lat: number;
  lon: number;
  speedKmh: number;
  heading: number;
  satellites: number;
  ignition: boolean;
  pto: boolean;
  keyPresent: boolean;
  rpm: number;
  /** True level in the tank, L (what the sensor tries to measure). */
  fuelL: number;
  /** What the float sensor reads, % of the tank, with slosh. */
  fuelSensorPercent: number;
  coolantC: number;
  externalVoltage: number;
  engineWorktimeMin: number;
  odometerM: number;
}

export interface Cadence {
  /** Seconds between samples while moving, standing with the engine on, and parked. */
  movingS: number;
  engineOnS: number;
  parkedS: number;
}

/** An FMB device's usual configuration. */
export const DEVICE_CADENCE: Cadence = { movingS: 10, engineOnS: 60, parkedS: 600 };
/** Coarser sampling for back-filled history (fewer rows, same shape of day). */
export const HISTORY_CADENCE: Cadence = { movingS: 30, engineOnS: 120, parkedS: 1800 };

/** Share of working days that end at lunch. */
const HALF_DAY_SHARE = 0.35;
/** The tank is filled at the evening stop at the pump when below this share: every two days or so of work. */
const REFUEL_BELOW = 0.45;

type Mode = 'parked' | 'idle' | 'road' | 'work' | 'turn' | 'towed' | 'refuel' | 'siphon';

interface Leg {
  mode: Mode;
  start: number;
  end: number;
  from: LatLon;
  to: LatLon;
  /** The sensor's misreading on this leg, % of the tank (a pass on a slope). */
  tiltPercent?: number;
  /** On a day of planned fields (hire work), which one this leg works. */
  field?: number;
}

const BURN_L_PER_H: Record<Mode, number> = { parked: 0, idle: 0.8, road: 2.5, work: 3.5, turn: 2.5, towed: 0, refuel: 0, siphon: 0 };
const SLOSH_PERCENT: Record<Mode, number> = { parked: 0.5, idle: 1, road: 3, work: 8, turn: 6, towed: 4, refuel: 1, siphon: 1 };

function headingBetween(a: LatLon, b: LatLon): number {
  const { x, y } = toLocalMeters(a, b);
  return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
}

function lerp(a: LatLon, b: LatLon, f: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f };
}

const travelMs = (a: LatLon, b: LatLon, kmh: number) => (Math.hypot(...Object.values(toLocalMeters(a, b))) / (kmh / 3.6)) * 1000;

/** What a day's planner writes with: the day's draws, its midnight, and the legs so far. */
interface DayPlan {
  random: () => number;
  midnight: number;
  /** Adds a leg from where and when the last one ended, until `until`, arriving at `to`. */
  push: (mode: Mode, until: number, to?: LatLon, tiltPercent?: number, field?: number) => void;
  /** When and where the last leg ended. */
  now: () => number;
  here: () => LatLon;
}

/** Builds the day's legs: what the tractor does when, and where. */
function planDay(profile: SimProfile, carry: SimCarry, date: string, events: readonly SimEvent[], planned: readonly FieldPlot[] = []): Leg[] {
  const random = seededRandom(seedOf(`${profile.imei}:${date}`));
  const midnight = istMidnight(date);
  const legs: Leg[] = [];
  let t = midnight;
  let at = carry.position;
  const push = (mode: Mode, until: number, to: LatLon = at, tiltPercent = 0, field?: number) => {
    // Device clocks tick in whole milliseconds; so do leg boundaries.
    const end = Math.round(until);
    if (end > t) legs.push({ mode, start: t, end, from: at, to, tiltPercent, ...(field === undefined ? {} : { field }) });
    t = Math.max(t, end);
    at = to;
  };
  const nightEvents = events
    .filter((e) => ['siphon', 'towing', 'start_without_key'].includes(e.kind) && e.at >= midnight && e.at < midnight + 6 * 3600_000)
    .sort((a, b) => a.at - b.at);
  for (const e of nightEvents) {
    push('parked', e.at);
    const duration = e.durationMs ?? 10 * 60_000;
    if (e.kind === 'siphon') push('siphon', e.at + duration);
    else if (e.kind === 'towing') {
      const angle = random() * 2 * Math.PI;
      const meters = e.meters ?? 800;
      const p = toLocalMeters(at, at);
      push('towed', e.at + (meters / (15 / 3.6)) * 1000, fromLocalMeters(at, p.x + Math.sin(angle) * meters, p.y + Math.cos(angle) * meters));
    } else push('idle', e.at + duration);
  }

  const plan: DayPlan = { random, midnight, push, now: () => t, here: () => at };
  if (profile.haulage && planned.length === 0) planHaulDay(profile, profile.haulage, plan);
  else if (planned.length > 0) planFieldsDay(profile, planned, plan);
  else planFarmDay(profile, date, plan);
  return legs;
}

/**
 * A day on the tractor's own fields (one in eight a rest day): one field, worked until late morning
 * and, unless the field needs only the morning, again after lunch.
 */
function planFarmDay(profile: SimProfile, date: string, plan: DayPlan): void {
  const { random, midnight, push, now, here } = plan;
  const restDay = random() < 0.12;
  const field = profile.fields[Math.floor(random() * profile.fields.length)] as FieldPlot;
  if (restDay || !field) {
    push('parked', midnight + 24 * 3600_000);
    return;
  }
  planWorkingDay(profile, plan, { leaveH: [6.25, 7.25], workKmh: [3, 8] }, (roadKmh, workKmh) => {
    push('road', now() + travelMs(here(), field.corner, roadKmh), field.corner);
    // When the field is done the next operation starts over it (cultivator, then rotavator, then sowing).
    let pass = 0;
    const workUntil = (end: number) => {
      pass = workPasses(profile, plan, { field, workKmh, from: pass, goOn: () => now() < end, slope: true });
    };
    workUntil(midnight + between(random, 10.75, 11.5) * 3600_000);
    // About one day in three the field needs only the morning (drawn apart, so the rest of the day
    // keeps its own draws).
    const halfDay = seededRandom(seedOf(`${profile.imei}:${date}:half`))() < HALF_DAY_SHARE;
    if (!halfDay) {
      push('parked', now() + between(random, 45, 75) * 60_000); // lunch under the neem tree
      push('idle', now() + 3 * 60_000);
      workUntil(midnight + between(random, 15, 16.5) * 3600_000);
    }
  });
}

/**
 * A day of hire work (issue 17): from home to each planned field in turn, each worked once over in
 * parallel passes (a customer's field is ploughed once, not again after lunch), a word with its owner
 * between fields, then home and the pump.
 */
function planFieldsDay(profile: SimProfile, fields: readonly FieldPlot[], plan: DayPlan): void {
  const { random, push, now, here } = plan;
  planWorkingDay(profile, plan, { leaveH: [6.25, 7.0], workKmh: [4, 7] }, (roadKmh, workKmh) => {
    fields.forEach((field, index) => {
      push('road', now() + travelMs(here(), field.corner, roadKmh), field.corner);
      workPasses(profile, plan, { field, workKmh, from: 0, goOn: (pass, passes) => pass < passes, slope: false, index });
      push('idle', now() + between(random, 5, 15) * 60_000);
    });
  });
}

/** What differs between working days out of the yard: the hours drawn from, and the fieldwork itself. */
interface WorkingDay {
  /** Leaves home between these hours after midnight. */
  leaveH: readonly [number, number];
  /** Works the fields at a speed between these, km/h. */
  workKmh: readonly [number, number];
}

/**
 * A working day out of the yard: parked until leaving, a warm-up idle, `fieldwork` (given the day's
 * road and field speeds), then the road home and a stop at the diesel pump; parked until midnight.
 */
function planWorkingDay(profile: SimProfile, plan: DayPlan, day: WorkingDay, fieldwork: (roadKmh: number, workKmh: number) => void): void {
  const { random, midnight, push, now, here } = plan;
  push('parked', midnight + between(random, ...day.leaveH) * 3600_000);
  push('idle', now() + between(random, 6, 12) * 60_000);
  const roadKmh = between(random, 15, 30);
  const workKmh = between(random, ...day.workKmh);
  fieldwork(roadKmh, workKmh);
  push('road', now() + travelMs(here(), profile.home, roadKmh), profile.home);
  push('idle', now() + 2 * 60_000);
  // A stop at the diesel pump; it fills up only when the tank is below REFUEL_BELOW (decided in simulateDay).
  push('refuel', now() + 4 * 60_000);
  push('parked', midnight + 24 * 3600_000);
}

/** A run of passes over a field, and what its legs carry. */
interface Passes {
  field: FieldPlot;
  workKmh: number;
  /** The pass to start at; past the last one passes start over at the first. */
  from: number;
  /** Whether to work pass `pass` (of the field's `passes`). */
  goOn: (pass: number, passes: number) => boolean;
  /** Whether the float misreads on the field's slope (the tractor's own fields; hire fields are taken as flat). */
  slope: boolean;
  /** On a day of planned fields, the field's index (for its truth). */
  index?: number;
}

/**
 * Works a field in passes back and forth along its heading, one implement width apart, turning onto
 * each; returns the pass to go on from.
 */
function workPasses(profile: SimProfile, plan: DayPlan, run: Passes): number {
  const { push, now, here } = plan;
  const { field, workKmh } = run;
  const rad = (field.headingDeg * Math.PI) / 180;
  const along = { x: Math.sin(rad), y: Math.cos(rad) };
  const across = { x: Math.cos(rad), y: -Math.sin(rad) };
  const point = (s: number, o: number) => fromLocalMeters(field.corner, along.x * s + across.x * o, along.y * s + across.y * o);
  const passes = Math.floor(field.widthM / profile.implementWidthM);
  let pass = run.from;
  while (passes > 0 && run.goOn(pass, passes)) {
    const offset = ((pass % passes) + 0.5) * profile.implementWidthM;
    const [s0, s1] = pass % 2 === 0 ? [0, field.lengthM] : [field.lengthM, 0];
    if (here() !== point(s0, offset)) push('turn', now() + travelMs(here(), point(s0, offset), 3), point(s0, offset));
    const tilt = run.slope ? (field.slopePercent ?? 0) * (pass % 2 === 0 ? 1 : -1) : 0;
    push('work', now() + (field.lengthM / (workKmh / 3.6)) * 1000, point(s1, offset), tilt, run.index);
    pass++;
  }
  return pass;
}

/** Longest stop of a hauling day, ms: the tractor is on the move again within this. */
export const HAUL_LONGEST_STOP_MS = 14 * 60_000;

/**
 * A day of cane haulage in the crushing season (the factory crushes round the clock; the owner's
 * trolley runs with two drivers, changing at the factory): a load at a time, from a cane field to the
 * factory and back. At the factory: the weighbridge and unloading, engine running (5–9 min), and a stop
 * at the pump by the gate (it fills up only when low). At the field: loading alongside the harvester,
 * creeping along the rows at 3–5 km/h with the PTO off. Loaded on the road at 12–20 km/h, empty at
 * 18–25. Every day starts and ends at the factory in the queue at the weighbridge, so the stop that
 * spans midnight is one stop across the two days and the track runs on (the first day of a history
 * drives there from home). No stop is longer than HAUL_LONGEST_STOP_MS.
 */
function planHaulDay(profile: SimProfile, haulage: Haulage, plan: DayPlan): void {
  const { random, midnight, push, now, here } = plan;
  const end = midnight + 24 * 3600_000;
  const minutes = (from: number, to: number) => between(random, from, to) * 60_000;
  const distance = (a: LatLon, b: LatLon) => Math.hypot(...Object.values(toLocalMeters(a, b)));
  if (distance(here(), haulage.factory) > 50) {
    // Not at the factory (the first day of a history, from home): warm up and drive there empty.
    push('idle', now() + minutes(2, 4));
    push('road', now() + travelMs(here(), haulage.factory, between(random, 18, 25)), haulage.factory);
  }
  // The rest of the queue at the weighbridge, from the day before.
  push('idle', now() + minutes(2, 5));
  const fields = profile.fields;
  // The day's loads are drawn first, as many as fit before midnight; the time left over is shared
  // among them (the harvester's pace), so the last one reaches the factory 3–7 min before midnight.
  const trips: { stopMs: number; field: FieldPlot; outKmh: number; backKmh: number; loadKmh: number; loadMs: number }[] = [];
  const margin = minutes(3, 7);
  let cursor = now();
  for (;;) {
    const field = fields[Math.floor(random() * fields.length)];
    if (!field) break;
    const trip = {
      stopMs: trips.length === 0 ? 0 : minutes(5, 9) + 4 * 60_000,
      field,
      outKmh: between(random, 18, 25),
      backKmh: between(random, 12, 20),
      loadKmh: between(random, 3, 5),
      loadMs: minutes(20, 40),
    };
    const duration = trip.stopMs + travelMs(haulage.factory, field.corner, trip.outKmh) + trip.loadMs + travelMs(field.corner, haulage.factory, trip.backKmh);
    if (cursor + duration > end - margin) break;
    trips.push(trip);
    cursor += duration;
  }
  const fixedMs = (trip: (typeof trips)[number]) =>
    trip.stopMs + travelMs(haulage.factory, trip.field.corner, trip.outKmh) + travelMs(trip.field.corner, haulage.factory, trip.backKmh);
  for (const [index, trip] of trips.entries()) {
    if (index > 0) {
      push('idle', now() + trip.stopMs - 4 * 60_000); // weighbridge, then tipping the trolley
      push('refuel', now() + 4 * 60_000); // the pump by the gate; fills only when low (simulateDay)
    }
    const field = trip.field;
    push('road', now() + travelMs(here(), field.corner, trip.outKmh), field.corner);
    // Along the rows and back beside the harvester, a lane 3 m over each time.
    const rad = (field.headingDeg * Math.PI) / 180;
    const lanes = Math.max(1, Math.floor(field.widthM / 3));
    const point = (lane: number, s: number) =>
      fromLocalMeters(field.corner, Math.sin(rad) * s + Math.cos(rad) * lane * 3, Math.cos(rad) * s - Math.sin(rad) * lane * 3);
    const rowMs = (field.lengthM / (trip.loadKmh / 3.6)) * 1000;
    // This load's share of the time left over (recomputed each load, so the last arrives on time).
    const later = trips.slice(index + 1).reduce((sum, next) => sum + fixedMs(next) + next.loadMs, 0);
    const back = travelMs(field.corner, haulage.factory, trip.backKmh);
    const extraMs = (end - margin - now() - trip.loadMs - back - later) / (trips.length - index);
    const loadEnd = now() + trip.loadMs + extraMs;
    for (let k = 0; now() < loadEnd - 1000; k++) {
      const lane = k % lanes;
      const [s0, s1] = k % 2 === 0 ? [0, field.lengthM] : [field.lengthM, 0];
      const start = point(lane, s0);
      if (k > 0) push('turn', now() + travelMs(here(), start, 3), start);
      const share = Math.min(1, (loadEnd - now()) / rowMs);
      push('turn', now() + rowMs * share, lerp(start, point(lane, s1), share));
    }
    push('road', now() + travelMs(here(), haulage.factory, trip.backKmh), haulage.factory);
  }
  // In the queue at the weighbridge at midnight; the next day goes on from there.
  push('idle', end);
}

/** What really happened in a simulated day, to check derived figures against. */
export interface DayTruth {
  /** Field area worked, m² (the same strip worked twice in a day counts once). */
  workM2: number;
  /** Driven on the road, m (not field work, not turns, not towing). */
  roadM: number;
  /** Driven in all, m: road, field passes and turns (not towing). */
  drivenM: number;
  engineS: number;
  /** PTO engaged (field passes), s. */
  ptoS: number;
  /** Engine running while standing with the PTO off, s. */
  idleS: number;
  /** Burnt by the engine, L. */
  burntL: number;
  refuels: { time: number; litres: number }[];
  siphons: { time: number; litres: number }[];
}

/** On a day of planned fields, what was worked in each: its area, m², and when its work began and ended. */
export interface FieldTruth {
  workM2: number;
  start: number;
  end: number;
}

/** Litres poured in from cans between two times (each pour spread evenly over its duration). */
function pouredBetween(events: readonly SimEvent[], from: number, to: number): number {
  let litres = 0;
  for (const e of events) {
    if (e.kind !== 'cans') continue;
    const duration = e.durationMs ?? 5 * 60_000;
    const overlap = Math.min(to, e.at + duration) - Math.max(from, e.at);
    if (overlap > 0) litres += ((e.litres ?? 20) * overlap) / duration;
  }
  return litres;
}

/** Generates the day's samples (ascending time) and returns what carries to the next day. */
export function simulateDay(
  profile: SimProfile,
  carry: SimCarry,
  date: string,
  options: { events?: readonly SimEvent[]; cadence?: Cadence; fields?: readonly FieldPlot[] } = {},
): { samples: SimSample[]; carry: SimCarry; truth: DayTruth; fields?: FieldTruth[] } {
  const events = options.events ?? [];
  const cadence = options.cadence ?? DEVICE_CADENCE;
  const random = seededRandom(seedOf(`${profile.imei}:${date}:samples`));
  const legs = planDay(profile, carry, date, events, options.fields);
  const samples: SimSample[] = [];
  let { fuelL, engineMin, odometerM } = carry;
  let position = carry.position;
  let coolant = 30;
  const refuelTarget = profile.tankCapacityL * between(random, 0.9, 0.98);
  const active = (kind: SimEventKind, time: number) => events.some((e) => e.kind === kind && time >= e.at && time < e.at + (e.durationMs ?? 10 * 60_000));
  // GPS error drifts rather than jumps: each fix keeps most of the last one's error (about 1.5 m
  // typical, up to 4 m), as a receiver's does over seconds; independent jumps would zig-zag a
  // field pass across its neighbours.
  const drift = { x: 0, y: 0 };
  const noise = (axis: 'x' | 'y') => (drift[axis] = drift[axis] * 0.9 + (random() + random() + random() - 1.5) * 0.9);
  const truth: DayTruth = { workM2: 0, roadM: 0, drivenM: 0, engineS: 0, ptoS: 0, idleS: 0, burntL: 0, refuels: [], siphons: [] };
  const fields: FieldTruth[] | undefined = options.fields?.length
    ? options.fields.map(() => ({ workM2: 0, start: Number.POSITIVE_INFINITY, end: 0 }))
    : undefined;
  const strips = new Set<string>();

  for (const leg of legs) {
    const moving = leg.mode === 'road' || leg.mode === 'work' || leg.mode === 'turn' || leg.mode === 'towed';
    const engineOn = leg.mode === 'idle' || (moving && leg.mode !== 'towed');
    // Events are sampled densely, as a device configured to report on change would.
    const step = (moving || leg.mode === 'siphon' || leg.mode === 'refuel' ? cadence.movingS : engineOn ? cadence.engineOnS : cadence.parkedS) * 1000;
    const duration = leg.end - leg.start;
    const meters = Math.hypot(...Object.values(toLocalMeters(leg.from, leg.to)));
    const kmh = moving && duration > 0 ? (meters / (duration / 1000)) * 3.6 : 0;
    let last = leg.start;
    const refuelFrom = fuelL;
    const refuels = leg.mode === 'refuel' && fuelL < profile.tankCapacityL * REFUEL_BELOW;
    if (engineOn) truth.engineS += duration / 1000;
    if (leg.mode === 'work') truth.ptoS += duration / 1000;
    if (leg.mode === 'idle') truth.idleS += duration / 1000;
    if (leg.mode === 'road') truth.roadM += meters;
    if (moving && leg.mode !== 'towed') truth.drivenM += meters;
    const strip = [leg.from, leg.to]
      .map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`)
      .sort()
      .join('|');
    if (leg.mode === 'work' && !strips.has(strip)) {
      strips.add(strip);
      truth.workM2 += meters * profile.implementWidthM;
    }
    const worked = leg.field === undefined ? undefined : fields?.[leg.field];
    if (worked && leg.mode === 'work') {
      worked.workM2 += meters * profile.implementWidthM;
      worked.start = Math.min(worked.start, leg.start);
      worked.end = Math.max(worked.end, leg.end);
    }
    if (refuels) truth.refuels.push({ time: leg.start, litres: Math.max(0, refuelTarget - fuelL) });
    for (const e of events)
      if (e.kind === 'cans' && e.at >= leg.start && e.at < leg.end)
        truth.refuels.push({ time: e.at, litres: Math.min(e.litres ?? 20, profile.tankCapacityL - fuelL) });
    if (leg.mode === 'siphon')
      truth.siphons.push({ time: leg.start, litres: Math.min(fuelL, events.find((e) => e.kind === 'siphon' && e.at === leg.start)?.litres ?? 20) });
    const advance = (until: number) => {
      const hours = (until - last) / 3600_000;
      fuelL = Math.min(profile.tankCapacityL, fuelL + pouredBetween(events, last, until));
      last = until;
      if (moving) odometerM += (kmh / 3.6) * hours * 3600;
      if (engineOn) engineMin += hours * 60;
      truth.burntL += Math.min(fuelL, BURN_L_PER_H[leg.mode] * hours);
      fuelL = Math.max(0, fuelL - BURN_L_PER_H[leg.mode] * hours);
      return hours;
    };
    for (let time = leg.start; time < leg.end; time += step) {
      const hours = advance(time);
      const f = duration > 0 ? (time - leg.start) / duration : 0;
      const p = lerp(leg.from, leg.to, f);
      if (refuels) fuelL = Math.min(refuelTarget, refuelFrom + (refuelTarget - refuelFrom) * Math.min(1, (f + step / duration) * 1.25));
      if (leg.mode === 'siphon') {
        const e = events.find((x) => x.kind === 'siphon' && time >= x.at && time <= x.at + (x.durationMs ?? 10 * 60_000));
        fuelL = Math.max(0, fuelL - ((e?.litres ?? 20) * step) / duration);
      }
      coolant = engineOn ? Math.min(88, coolant + hours * 240) : Math.max(30, coolant - hours * 60);
      const overheat = engineOn && active('overheat', time);
      const highRpm = engineOn && active('high_rpm', time);
      const lowBattery = engineOn && active('low_battery', time);
      const baseRpm =
        leg.mode === 'work'
          ? between(random, 1750, 1950)
          : leg.mode === 'road'
            ? between(random, 1400, 1700)
            : leg.mode === 'turn'
              ? between(random, 1200, 1400)
              : between(random, 750, 850);
      const slosh = (random() - 0.5) * 2 * SLOSH_PERCENT[leg.mode] + (leg.tiltPercent ?? 0);
      const pos = fromLocalMeters(p, noise('x'), noise('y'));
      position = leg.to;
      samples.push({
        time,
        lat: Math.round(pos.lat * 1e7) / 1e7,
        lon: Math.round(pos.lon * 1e7) / 1e7,
        speedKmh: moving ? Math.max(0, Math.round(kmh + (random() - 0.5) * 1.5)) : random() < 0.1 ? 1 : 0,
        heading: moving ? Math.round(headingBetween(leg.from, leg.to)) : 0,
        satellites: 8 + Math.floor(random() * 6),
        ignition: engineOn || (leg.mode === 'idle' && active('start_without_key', time)),
        pto: leg.mode === 'work' && !active('pto_off', time),
        keyPresent: engineOn && !active('key_removed', time) && !active('start_without_key', time),
        rpm: engineOn ? Math.round(highRpm ? between(random, 2550, 2750) : baseRpm) : 0,
        fuelL: Math.round(fuelL * 100) / 100,
        fuelSensorPercent: Math.min(100, Math.max(0, Math.round(((fuelL / profile.tankCapacityL) * 100 + slosh) * 10) / 10)),
        coolantC: Math.round((overheat ? between(random, 106, 112) : coolant) * 10) / 10,
        externalVoltage:
          Math.round((engineOn ? (lowBattery ? between(random, 11.0, 11.4) : between(random, 13.6, 14.1)) : between(random, 12.3, 12.6)) * 1000) / 1000,
        engineWorktimeMin: Math.floor(engineMin),
        odometerM: Math.round(odometerM),
      });
    }
    advance(leg.end);
  }
  return { samples, carry: { fuelL, engineMin, odometerM, position }, truth, ...(fields ? { fields } : {}) };
}
