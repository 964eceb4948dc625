import type { AlertRow } from '@tractorlink/domain/alert-rules/types';
import type { Reading } from '@tractorlink/domain/telemetry';
import type { UsageTotals } from '@tractorlink/domain/usage';

/** One stored record. */
export interface TelemetryRow {
  tractorId: string;
  reading: Reading;
  receivedAt: number;
  /** Fields the product does not model, kept as JSON (bounded by the protocol parsers). */
  attributes?: Record<string, string | number | boolean>;
  /** Litres in the tank from this record's sensor value, if any. */
  fuelL?: number;
}

export interface HourDelta {
  tractorId: string;
  hourStart: number;
  totals: UsageTotals;
}

export interface StateRow {
  tractorId: string;
  lastTime: number;
  lastSeenAt: number;
  lastReading: string;
  lastFix: string | null;
  processor: string;
  /** tractor_state.version to write (the ingestor's, so it knows what it committed); else the time of the write. */
  version?: number;
}

export interface DirtyDay {
  tractorId: string;
  dayStart: number;
}

/** A confirmed refuel of a tractor (refuels table). */
export interface RefuelRow {
  tractorId: string;
  start: number;
  litres: number;
}

/** What the processors derive from a batch's new rows, written in the same transaction. */
export interface Derived {
  hours: HourDelta[];
  states: StateRow[];
  dirtyDays: DirtyDay[];
  alerts: AlertRow[];
  refuels: RefuelRow[];
}

/** Writes a refuel; the same one confirmed again (a replay) keeps its newest litres. */
export const UPSERT_REFUEL =
  'INSERT INTO refuels (tractor_id, start_ms, litres) VALUES (?, ?, ?) ON CONFLICT (tractor_id, start_ms) DO UPDATE SET litres = excluded.litres';

export const TELEMETRY_COLUMNS = [
  'tractor_id',
  'device_time',
  'received_at',
  'lat',
  'lon',
  'speed_kmh',
  'heading',
  'altitude',
  'satellites',
  'ignition',
  'pto',
  'key_present',
  'fuel_l',
  'rpm',
  'coolant_c',
  'ext_v',
  'worktime_min',
  'odometer_m',
  'attributes',
  'movement',
  'oil_low',
  'air_filter',
  'batt_v',
  'fuel_used_l',
  'gsm',
] as const;

const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
const opt = <T>(v: T | undefined) => (v === undefined ? null : v);

/** Column values in TELEMETRY_COLUMNS order. */
export function telemetryValues(row: TelemetryRow): (string | number | null)[] {
  const r = row.reading;
  return [
    row.tractorId,
    r.time,
    row.receivedAt,
    opt(r.lat),
    opt(r.lon),
    opt(r.speedKmh),
    opt(r.heading),
    opt(r.altitude),
    opt(r.satellites),
    flag(r.ignition),
    flag(r.pto),
    flag(r.keyPresent),
    opt(row.fuelL),
    opt(r.rpm),
    opt(r.coolantC),
    opt(r.externalVoltage),
    opt(r.engineWorktimeMin),
    opt(r.odometerM),
    row.attributes && Object.keys(row.attributes).length > 0 ? JSON.stringify(row.attributes) : null,
    flag(r.movement),
    flag(r.oilPressureLow),
    flag(r.airFilterClogged),
    opt(r.batteryVoltage),
    opt(r.fuelUsedLitres),
    opt(r.gsmSignal),
  ];
}

/** The hourly rollup's columns (usage_hourly), each with its field of the domain's totals. */
export const USAGE_COLUMNS = {
  engine_s: 'engineS',
  pto_s: 'ptoS',
  idle_s: 'idleS',
  work_m: 'workM',
  area_m2: 'areaM2',
  road_m: 'roadM',
  distance_m: 'distanceM',
  rpm_weighted: 'rpmWeighted',
  rpm_s: 'rpmS',
  fuel_net_l: 'fuelNetChangeL',
  fuel_refuel_l: 'fuelRefuelL',
  fuel_counter_l: 'fuelCounterL',
} as const satisfies Record<string, keyof UsageTotals>;
/** Fails to compile if a field of the totals has no column (ingestion and the usage queries would drop it). @public (a compile-time check) */
export const USAGE_COLUMNS_COVER_TOTALS: [Exclude<keyof UsageTotals, (typeof USAGE_COLUMNS)[keyof typeof USAGE_COLUMNS]>] extends [never] ? true : never = true;
