/**
 * A device record normalised to what the product needs, whatever protocol brought it.
 * Every field but the time is optional: devices report what they have.
 */
export interface Reading {
  /** Device time, epoch ms. */
  time: number;
  lat?: number;
  lon?: number;
  speedKmh?: number;
  heading?: number;
  altitude?: number;
  satellites?: number;
  ignition?: boolean;
  movement?: boolean;
  /** PTO engaged. */
  pto?: boolean;
  /** Key in the ignition (a digital input on tractors wired for it). */
  keyPresent?: boolean;
  oilPressureLow?: boolean;
  airFilterClogged?: boolean;
  externalVoltage?: number;
  batteryVoltage?: number;
  fuelPercent?: number;
  fuelLitres?: number;
  /** Cumulative fuel used by the engine (CAN counter), litres. */
  fuelUsedLitres?: number;
  rpm?: number;
  coolantC?: number;
  odometerM?: number;
  /** Cumulative engine worktime counter, minutes. */
  engineWorktimeMin?: number;
  gsmSignal?: number;
}

/**
 * A reading with every field present and unset, always in this order: the readings decoded and checked
 * share one shape, so the code that reads them for every record (usage, fuel, the alert
 * rules, the row values) stays monomorphic; a reading built field by field in the order its
 * device sent them took one of dozens of shapes.
 */
export function blankReading(time: number): Reading {
  return {
    time,
    lat: undefined,
    lon: undefined,
    speedKmh: undefined,
    heading: undefined,
    altitude: undefined,
    satellites: undefined,
    ignition: undefined,
    movement: undefined,
    pto: undefined,
    keyPresent: undefined,
    oilPressureLow: undefined,
    airFilterClogged: undefined,
    externalVoltage: undefined,
    batteryVoltage: undefined,
    fuelPercent: undefined,
    fuelLitres: undefined,
    fuelUsedLitres: undefined,
    rpm: undefined,
    coolantC: undefined,
    odometerM: undefined,
    engineWorktimeMin: undefined,
    gsmSignal: undefined,
  } satisfies Required<Record<keyof Reading, unknown>>;
}

export type ReadingField = Exclude<keyof Reading, 'time' | 'lat' | 'lon' | 'speedKmh' | 'heading' | 'altitude' | 'satellites'>;

/** How one IO element becomes a reading field: value × multiplier (+ sign), or a 0/1 flag. */
export interface IoRule {
  id: number;
  field: ReadingField;
  kind: 'number' | 'flag';
  multiplier?: number;
  /** Two's-complement value of its wire size (e.g. coolant temperature). */
  signed?: boolean;
  /** For flags: the value meaning "true" is not 0 unless inverted (e.g. an active-low input). */
  inverted?: boolean;
}

/**
 * Default mapping for the Teltonika FMB family with an LV-CAN/ALL-CAN adapter
 * (shared/protocol/device-protocols.md §1.4). PTO, key, oil-pressure and air-filter switches are
 * wired to digital inputs on our fitment: DIN1 (id 1) PTO, DIN2 (id 2) key, DIN3 (id 3) oil
 * pressure switch (closed = low), DIN4 (id 4) air-filter vacuum switch (closed = clogged).
 * A model with other ids gets its own list in configuration; no code changes.
 */
export const FMB_DEFAULT_IO: IoRule[] = [
  { id: 239, field: 'ignition', kind: 'flag' },
  { id: 240, field: 'movement', kind: 'flag' },
  { id: 1, field: 'pto', kind: 'flag' },
  { id: 2, field: 'keyPresent', kind: 'flag' },
  { id: 3, field: 'oilPressureLow', kind: 'flag' },
  { id: 4, field: 'airFilterClogged', kind: 'flag' },
  { id: 66, field: 'externalVoltage', kind: 'number', multiplier: 0.001 },
  { id: 67, field: 'batteryVoltage', kind: 'number', multiplier: 0.001 },
  { id: 89, field: 'fuelPercent', kind: 'number' },
  { id: 84, field: 'fuelLitres', kind: 'number', multiplier: 0.1 },
  { id: 83, field: 'fuelUsedLitres', kind: 'number', multiplier: 0.1 },
  { id: 85, field: 'rpm', kind: 'number' },
  { id: 115, field: 'coolantC', kind: 'number', multiplier: 0.1, signed: true },
  { id: 16, field: 'odometerM', kind: 'number' },
  { id: 102, field: 'engineWorktimeMin', kind: 'number' },
  { id: 21, field: 'gsmSignal', kind: 'number' },
];

export interface RawIo {
  id: number;
  /** Bytes on the wire (1, 2, 4 or 8). */
  size: number;
  value: number | bigint | undefined;
}

function asSigned(value: number, size: number): number {
  if (size >= 8) return value;
  const bits = size * 8;
  return value >= 2 ** (bits - 1) ? value - 2 ** bits : value;
}

/** A model's rules indexed by IO id, built once per rule list (readIo runs for every record). */
const compiled = new WeakMap<readonly IoRule[], Map<number, IoRule[]>>();
function rulesById(rules: readonly IoRule[]): Map<number, IoRule[]> {
  let byId = compiled.get(rules);
  if (!byId) {
    byId = new Map();
    for (const rule of rules) byId.set(rule.id, [...(byId.get(rule.id) ?? []), rule]);
    compiled.set(rules, byId);
  }
  return byId;
}

/** Whether a model's rules map this IO id (unmapped ids are kept raw by the caller). */
export function isMappedIo(id: number, rules: readonly IoRule[]): boolean {
  return rulesById(rules).has(id);
}

/**
 * Applies a model's IO rules; unknown ids are ignored (kept raw by the caller if wanted). The fields
 * are written into `into` when given (a decoder's reading, saving a copy per record).
 */
export function readIo<T extends Partial<Reading>>(elements: readonly RawIo[], rules: readonly IoRule[], into?: T): T {
  const byId = rulesById(rules);
  const out = (into ?? {}) as Partial<Record<ReadingField, number | boolean>>;
  for (const element of elements) {
    const matching = byId.get(element.id);
    if (!matching || element.value === undefined) continue;
    const raw = typeof element.value === 'bigint' ? Number(element.value) : element.value;
    for (const rule of matching) {
      if (rule.kind === 'flag') {
        out[rule.field] = (raw !== 0) !== (rule.inverted ?? false);
      } else {
        const value = (rule.signed ? asSigned(raw, element.size) : raw) * (rule.multiplier ?? 1);
        out[rule.field] = Math.round(value * 1000) / 1000;
      }
    }
  }
  return out as T;
}
