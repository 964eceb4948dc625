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
}

export interface DirtyDay {
  tractorId: string;
  dayStart: number;
}

/** An alert the rules raised, written with an outbox entry for its delivery. */
export interface AlertRow {
  id: string;
  tractorId: string;
  typeId: string;
  /** Device time of the reading that confirmed it, epoch ms. */
  time: number;
  lat: number | null;
  lon: number | null;
  value: number | null;
  threshold: number | null;
  configBy: 'oem' | 'user';
  createdAt: number;
  geofenceId?: string | null;
  geofenceName?: string | null;
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
export const UPSERT_REFUEL = 'INSERT INTO refuels (tractor_id, start_ms, litres) VALUES (?, ?, ?) ON CONFLICT (tractor_id, start_ms) DO UPDATE SET litres = excluded.litres';

export const ALERT_COLUMNS = ['id', 'tractor_id', 'type_id', 'time_ms', 'lat', 'lon', 'value', 'threshold', 'config_by', 'created_at', 'geofence_id', 'geofence_name'] as const;

/** Column values in ALERT_COLUMNS order. */
export const alertValues = (a: AlertRow) => [a.id, a.tractorId, a.typeId, a.time, a.lat, a.lon, a.value, a.threshold, a.configBy, a.createdAt, a.geofenceId ?? null, a.geofenceName ?? null];

export const OUTBOX_COLUMNS = ['id', 'alert_id', 'kind', 'target', 'attempts', 'next_at', 'created_at'] as const;

/** The delivery of a new alert starts as one 'fanout' entry, due at once (same id as the alert: one per alert). */
export const fanoutValues = (a: AlertRow) => [a.id, a.id, 'fanout', null, 0, a.createdAt, a.createdAt];

export const TELEMETRY_COLUMNS = [
  'tractor_id', 'device_time', 'received_at', 'lat', 'lon', 'speed_kmh', 'heading', 'altitude', 'satellites', 'ignition', 'pto',
  'key_present', 'fuel_l', 'rpm', 'coolant_c', 'ext_v', 'worktime_min', 'odometer_m', 'attributes',
  'movement', 'oil_low', 'air_filter', 'batt_v', 'fuel_used_l', 'gsm',
] as const;

const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
const opt = <T>(v: T | undefined) => (v === undefined ? null : v);

/** Column values in TELEMETRY_COLUMNS order. */
export function telemetryValues(row: TelemetryRow): (string | number | null)[] {
  const r = row.reading;
  return [
    row.tractorId, r.time, row.receivedAt, opt(r.lat), opt(r.lon), opt(r.speedKmh), opt(r.heading), opt(r.altitude), opt(r.satellites),
    flag(r.ignition), flag(r.pto), flag(r.keyPresent), opt(row.fuelL), opt(r.rpm), opt(r.coolantC), opt(r.externalVoltage),
    opt(r.engineWorktimeMin), opt(r.odometerM), row.attributes && Object.keys(row.attributes).length > 0 ? JSON.stringify(row.attributes) : null,
    flag(r.movement), flag(r.oilPressureLow), flag(r.airFilterClogged), opt(r.batteryVoltage), opt(r.fuelUsedLitres), opt(r.gsmSignal),
  ];
}

/** The hourly rollup's columns (usage_hourly), each with its field of the domain's totals. */
export const USAGE_COLUMNS = {
  engine_s: 'engineS', pto_s: 'ptoS', idle_s: 'idleS', work_m: 'workM', area_m2: 'areaM2', road_m: 'roadM', distance_m: 'distanceM',
  rpm_weighted: 'rpmWeighted', rpm_s: 'rpmS', fuel_net_l: 'fuelNetChangeL', fuel_refuel_l: 'fuelRefuelL', fuel_counter_l: 'fuelCounterL',
} as const satisfies Record<string, keyof UsageTotals>;
/** Fails to compile if a field of the totals has no column (ingestion and the usage queries would drop it). */
export const USAGE_COLUMNS_COVER_TOTALS: [Exclude<keyof UsageTotals, (typeof USAGE_COLUMNS)[keyof typeof USAGE_COLUMNS]>] extends [never] ? true : never = true;
