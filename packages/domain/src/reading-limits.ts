import { blankReading, type Reading } from './telemetry';

/**
 * The physical range of every number a device may send. A value outside it (or not a finite
 * number) is a broken sensor, a decoder fault or a forged request, and one such value must not
 * poison a day's figures: the field is dropped and the rest of the record kept. A record whose time
 * is outside [now − 1 year, now + 10 minutes] cannot be placed and is dropped whole.
 */
type NumberField = { [K in keyof Reading]-?: Reading[K] extends number | undefined ? K : never }[keyof Reading];
type FlagField = { [K in keyof Reading]-?: Reading[K] extends boolean | undefined ? K : never }[keyof Reading];

export const READING_RANGES: Record<Exclude<NumberField, 'time'>, readonly [number, number]> = {
  lat: [-90, 90],
  lon: [-180, 180],
  speedKmh: [0, 300],
  heading: [0, 360],
  altitude: [-500, 9000],
  satellites: [0, 64],
  externalVoltage: [0, 60],
  batteryVoltage: [0, 60],
  fuelPercent: [0, 100],
  fuelLitres: [0, 2000],
  fuelUsedLitres: [0, 10_000_000],
  rpm: [0, 10_000],
  coolantC: [-50, 200],
  odometerM: [0, 10_000_000_000],
  engineWorktimeMin: [0, 100_000_000],
  gsmSignal: [0, 5],
};

const FLAGS = Object.keys({ ignition: 1, movement: 1, pto: 1, keyPresent: 1, oilPressureLow: 1, airFilterClogged: 1 } satisfies Record<
  FlagField,
  1
>) as FlagField[];

export const MAX_PAST_MS = 366 * 24 * 3600_000;
export const MAX_FUTURE_MS = 10 * 60_000;

export interface CheckedReading {
  /** The reading without its out-of-range fields; undefined when its time cannot be placed. */
  reading: Reading | undefined;
  /** "field: reason" for every field dropped (the time included). */
  dropped: string[];
}

// Listed once: checkReading runs for every record ingested.
const RANGE_ENTRIES = Object.entries(READING_RANGES) as [keyof typeof READING_RANGES, readonly [number, number]][];

const describe = (v: unknown): string => (typeof v === 'number' ? (Number.isNaN(v) ? 'NaN' : String(v)) : typeof v);

export function checkReading(input: Reading, now: number): CheckedReading {
  const dropped: string[] = [];
  const time = input.time;
  if (typeof time !== 'number' || !Number.isFinite(time) || time < now - MAX_PAST_MS || time > now + MAX_FUTURE_MS) {
    const when = typeof time === 'number' && Number.isFinite(time) ? (time < now ? 'more than a year ago' : 'in the future') : describe(time);
    return { reading: undefined, dropped: [`time: ${when}`] };
  }
  const out = blankReading(time);
  for (const [field, [min, max]] of RANGE_ENTRIES) {
    const v: unknown = input[field];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      dropped.push(`${field}: ${describe(v)} outside ${min}..${max}`);
      continue;
    }
    out[field] = v === 0 ? 0 : v; // −0 becomes 0
  }
  // A position needs both halves.
  if ((out.lat === undefined) !== (out.lon === undefined)) {
    if (out.lat !== undefined) dropped.push('lat: without its longitude');
    if (out.lon !== undefined) dropped.push('lon: without its latitude');
    out.lat = undefined;
    out.lon = undefined;
  }
  for (const field of FLAGS) {
    const v: unknown = input[field];
    if (v === undefined) continue;
    if (typeof v === 'boolean') out[field] = v;
    else dropped.push(`${field}: not a flag`);
  }
  return { reading: out, dropped };
}
