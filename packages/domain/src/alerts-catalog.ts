/**
 * The alert catalogue (spec §3 "Alert types", §9 "Counted alert types"), the owner's settings of a
 * type, and the bounds of the alert API. Constants only, no zod: a web bundle imports them without
 * the schemas (those are in alerts-api.ts, receivers-api.ts and push-api.ts).
 *
 * Ids: the spec names the counted ones (A0001 … A0111, service due A0102 and its pre-reminders
 * A0102P1 … A0102P5) without saying which is which; engine health is A00xx, fuel, security and
 * service A01xx. The web translates a type with `alert.<id>.name` and `alert.<id>.description`.
 */

/** alertSeverity of spec §3 ('MEDIUM' is the spec's example); the alerts screen filters high / low on it. */
export const ALERT_SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Unit of an alert's alertValue and alertthresholdvalue (web key `alert.unit.<unit>`). */
export type AlertUnit = 'V' | 'C' | 'rpm' | 'percent' | 'L' | 'm' | 'min' | 'h';

/** A setting the owner may change per tractor, within safe bounds. */
export interface AlertBound {
  default: number;
  min: number;
  max: number;
  /** Finest step the web offers (values are not refused for being off-step). */
  step: number;
}

export interface AlertType {
  id: string;
  /** Machine name, for logs and code. */
  key: string;
  /** The alerts screen's "critical" tab; the rest are "others". Critical pushes are sent with urgency high. */
  critical: boolean;
  severity: AlertSeverity;
  /** Counts in the unread badge (spec §9, exactly that list). */
  counted: boolean;
  /** Unit of alertValue / alertthresholdvalue; null when the alert is a plain event. */
  unit: AlertUnit | null;
  /** The owner's threshold (in `unit`), when the rule has one. */
  threshold?: AlertBound;
  /** How long the condition must hold (or the window it is measured over), seconds. */
  duration?: AlertBound;
  /** Who detects it: the telemetry rules, the geofence feature, or the service schedule. */
  source: 'telemetry' | 'geofence' | 'service';
  /**
   * Off until the owner turns it on: a notification some owners want (PTO engaged or idle while
   * working), not an alert that something is wrong — on by default they were three in four of all
   * alerts and buried the ones that matter.
   */
  offByDefault?: true;
}

const t = <const T extends AlertType>(v: T) => v;
const seconds = (def: number, min: number, max: number, step = 5): AlertBound => ({ default: def, min, max, step });

/** Every alert type, in the order the configuration screen lists them. */
export const ALERT_TYPES = [
  t({ id: 'A0001', key: 'low_oil_pressure', critical: true, severity: 'HIGH', counted: true, unit: null, duration: seconds(15, 5, 300), source: 'telemetry' }),
  t({
    id: 'A0003',
    key: 'high_engine_temperature',
    critical: true,
    severity: 'HIGH',
    counted: true,
    unit: 'C',
    threshold: { default: 105, min: 95, max: 120, step: 1 },
    duration: seconds(60, 10, 600),
    source: 'telemetry',
  }),
  t({
    id: 'A0005',
    key: 'battery_not_charging',
    critical: false,
    severity: 'HIGH',
    counted: true,
    unit: 'V',
    threshold: { default: 12.8, min: 11.5, max: 13.5, step: 0.1 },
    duration: seconds(120, 30, 1800, 30),
    source: 'telemetry',
  }),
  t({
    id: 'A0007',
    key: 'high_engine_rpm',
    critical: false,
    severity: 'MEDIUM',
    counted: false,
    unit: 'rpm',
    threshold: { default: 2500, min: 1800, max: 3500, step: 50 },
    duration: seconds(60, 10, 600),
    source: 'telemetry',
  }),
  t({
    id: 'A0009',
    key: 'excessive_idling',
    critical: false,
    severity: 'LOW',
    counted: false,
    unit: 'min',
    duration: seconds(1200, 300, 7200, 60),
    source: 'telemetry',
  }),
  t({
    id: 'A0011',
    key: 'air_filter_clog',
    critical: false,
    severity: 'MEDIUM',
    counted: true,
    unit: null,
    duration: seconds(60, 10, 600),
    source: 'telemetry',
  }),
  t({
    id: 'A0013',
    key: 'pto_engaged',
    critical: false,
    severity: 'LOW',
    counted: false,
    unit: null,
    duration: seconds(30, 0, 600),
    source: 'telemetry',
    offByDefault: true,
  }),
  t({
    id: 'A0014',
    key: 'pto_disengaged',
    critical: false,
    severity: 'LOW',
    counted: false,
    unit: 'min',
    duration: seconds(300, 60, 3600, 60),
    source: 'telemetry',
    offByDefault: true,
  }),
  t({
    id: 'A0100',
    key: 'fuel_theft',
    critical: true,
    severity: 'HIGH',
    counted: true,
    unit: 'L',
    threshold: { default: 10, min: 3, max: 100, step: 1 },
    source: 'telemetry',
  }),
  t({
    id: 'A0101',
    key: 'vehicle_towing',
    critical: true,
    severity: 'HIGH',
    counted: true,
    unit: 'm',
    threshold: { default: 300, min: 100, max: 5000, step: 50 },
    source: 'telemetry',
  }),
  t({ id: 'A0102', key: 'service_due', critical: false, severity: 'MEDIUM', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P1', key: 'service_pre_reminder_1', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P2', key: 'service_pre_reminder_2', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P3', key: 'service_pre_reminder_3', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P4', key: 'service_pre_reminder_4', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P5', key: 'service_pre_reminder_5', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({
    id: 'A0103',
    key: 'low_fuel',
    critical: false,
    severity: 'MEDIUM',
    counted: false,
    unit: 'percent',
    threshold: { default: 15, min: 5, max: 50, step: 1 },
    source: 'telemetry',
  }),
  t({
    id: 'A0104',
    key: 'fuel_refill',
    critical: false,
    severity: 'LOW',
    counted: false,
    unit: 'L',
    threshold: { default: 10, min: 5, max: 200, step: 1 },
    source: 'telemetry',
  }),
  t({
    id: 'A0105',
    key: 'engine_start_without_key',
    critical: true,
    severity: 'HIGH',
    counted: true,
    unit: null,
    duration: seconds(10, 0, 120),
    source: 'telemetry',
  }),
  t({ id: 'A0107', key: 'key_removed', critical: false, severity: 'MEDIUM', counted: true, unit: null, duration: seconds(10, 0, 120), source: 'telemetry' }),
  t({ id: 'A0109', key: 'geofence_entry', critical: false, severity: 'LOW', counted: false, unit: null, source: 'geofence' }),
  t({ id: 'A0110', key: 'geofence_exit', critical: false, severity: 'HIGH', counted: true, unit: null, source: 'geofence' }),
  t({
    id: 'A0111',
    key: 'sudden_fuel_drop',
    critical: true,
    severity: 'HIGH',
    counted: true,
    unit: 'L',
    threshold: { default: 10, min: 5, max: 100, step: 1 },
    duration: seconds(900, 300, 3600, 60),
    source: 'telemetry',
  }),
] as const satisfies readonly AlertType[];

export type AlertTypeId = (typeof ALERT_TYPES)[number]['id'];

export const ALERT_TYPE_IDS = ALERT_TYPES.map((a) => a.id) as [AlertTypeId, ...AlertTypeId[]];

const BY_ID = new Map<string, AlertType>(ALERT_TYPES.map((a) => [a.id, a]));

export function isAlertTypeId(value: unknown): value is AlertTypeId {
  return typeof value === 'string' && BY_ID.has(value);
}

export function alertType(id: AlertTypeId): AlertType {
  return BY_ID.get(id) as AlertType;
}

/** Spec §9: the unread badge counts unread alerts of the selected tractor of exactly these types. */
export const COUNTED_ALERT_TYPE_IDS = ALERT_TYPES.filter((a) => a.counted).map((a) => a.id);

/** Pre-reminder n (1 … 5) of service due. */
export const preReminderTypeId = (n: number) => `A0102P${n}` as AlertTypeId;

/** Spec §3 / §9 constants of every alert of a tractor. */
export const VEHICLE_CATEGORY = 'FD_DOM';
export const VEHICLE_TYPE = 'TRACTOR';
/** The spec's renewal data fixes the tractor type to DiGiSENSE, the device programme's name. */
export const VEHICLE_GROUP = 'DiGiSENSE';

/** The owner's settings of one type on one tractor, defaults filled in. */
export interface ResolvedAlertSetting {
  enabled: boolean;
  threshold: number | null;
  durationS: number | null;
  configBy: 'oem' | 'user';
}

/** Defaults of a type ('oem'): every type is on until the owner turns it off. */
export function defaultAlertSetting(type: AlertType): ResolvedAlertSetting {
  return { enabled: type.offByDefault !== true, threshold: type.threshold?.default ?? null, durationS: type.duration?.default ?? null, configBy: 'oem' };
}

// ── Bounds of the alert API ────────────────────────────────────────────────────────────────────

/** Longest span of an alert list, days: from the first day of two months back to today (spec §9) fits. */
export const ALERTS_MAX_DAYS = 93;
export const ALERTS_PAGE_SIZE_DEFAULT = 50;
export const ALERTS_PAGE_SIZE_MAX = 200;
/** Most alert ids marked read in one call. */
export const MARK_READ_MAX = 500;
