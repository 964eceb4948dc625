import { z } from 'zod';
import { FULL_NAME_PATTERN } from './validation';
import { MOBILE_PATTERN } from './patterns';
import { epochSecondsParam, isSec } from './vehicles';

/**
 * The alert catalogue (spec §3 "Alert types", §9 "Counted alert types") and the bodies, queries and
 * answers of the alert API (spec §7 Alerts, alert receivers, push subscription). Paths are relative
 * to /api/v1; times in answers are epoch seconds. Each rule's message is a stable code
 * (VALIDATION_FAILED details) the web translates.
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
  t({ id: 'A0003', key: 'high_engine_temperature', critical: true, severity: 'HIGH', counted: true, unit: 'C', threshold: { default: 105, min: 95, max: 120, step: 1 }, duration: seconds(60, 10, 600), source: 'telemetry' }),
  t({ id: 'A0005', key: 'battery_not_charging', critical: false, severity: 'HIGH', counted: true, unit: 'V', threshold: { default: 12.8, min: 11.5, max: 13.5, step: 0.1 }, duration: seconds(120, 30, 1800, 30), source: 'telemetry' }),
  t({ id: 'A0007', key: 'high_engine_rpm', critical: false, severity: 'MEDIUM', counted: false, unit: 'rpm', threshold: { default: 2500, min: 1800, max: 3500, step: 50 }, duration: seconds(60, 10, 600), source: 'telemetry' }),
  t({ id: 'A0009', key: 'excessive_idling', critical: false, severity: 'LOW', counted: false, unit: 'min', duration: seconds(1200, 300, 7200, 60), source: 'telemetry' }),
  t({ id: 'A0011', key: 'air_filter_clog', critical: false, severity: 'MEDIUM', counted: true, unit: null, duration: seconds(60, 10, 600), source: 'telemetry' }),
  t({ id: 'A0013', key: 'pto_engaged', critical: false, severity: 'LOW', counted: false, unit: null, duration: seconds(30, 0, 600), source: 'telemetry', offByDefault: true }),
  t({ id: 'A0014', key: 'pto_disengaged', critical: false, severity: 'LOW', counted: false, unit: 'min', duration: seconds(300, 60, 3600, 60), source: 'telemetry', offByDefault: true }),
  t({ id: 'A0100', key: 'fuel_theft', critical: true, severity: 'HIGH', counted: true, unit: 'L', threshold: { default: 10, min: 3, max: 100, step: 1 }, source: 'telemetry' }),
  t({ id: 'A0101', key: 'vehicle_towing', critical: true, severity: 'HIGH', counted: true, unit: 'm', threshold: { default: 300, min: 100, max: 5000, step: 50 }, source: 'telemetry' }),
  t({ id: 'A0102', key: 'service_due', critical: false, severity: 'MEDIUM', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P1', key: 'service_pre_reminder_1', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P2', key: 'service_pre_reminder_2', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P3', key: 'service_pre_reminder_3', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P4', key: 'service_pre_reminder_4', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0102P5', key: 'service_pre_reminder_5', critical: false, severity: 'LOW', counted: true, unit: 'h', source: 'service' }),
  t({ id: 'A0103', key: 'low_fuel', critical: false, severity: 'MEDIUM', counted: false, unit: 'percent', threshold: { default: 15, min: 5, max: 50, step: 1 }, source: 'telemetry' }),
  t({ id: 'A0104', key: 'fuel_refill', critical: false, severity: 'LOW', counted: false, unit: 'L', threshold: { default: 10, min: 5, max: 200, step: 1 }, source: 'telemetry' }),
  t({ id: 'A0105', key: 'engine_start_without_key', critical: true, severity: 'HIGH', counted: true, unit: null, duration: seconds(10, 0, 120), source: 'telemetry' }),
  t({ id: 'A0107', key: 'key_removed', critical: false, severity: 'MEDIUM', counted: true, unit: null, duration: seconds(10, 0, 120), source: 'telemetry' }),
  t({ id: 'A0109', key: 'geofence_entry', critical: false, severity: 'LOW', counted: false, unit: null, source: 'geofence' }),
  t({ id: 'A0110', key: 'geofence_exit', critical: false, severity: 'HIGH', counted: true, unit: null, source: 'geofence' }),
  t({ id: 'A0111', key: 'sudden_fuel_drop', critical: true, severity: 'HIGH', counted: true, unit: 'L', threshold: { default: 10, min: 5, max: 100, step: 1 }, duration: seconds(900, 300, 3600, 60), source: 'telemetry' }),
] as const satisfies readonly AlertType[];

export type AlertTypeId = (typeof ALERT_TYPES)[number]['id'];
export type AlertKey = (typeof ALERT_TYPES)[number]['key'];

export const ALERT_TYPE_IDS = ALERT_TYPES.map((a) => a.id) as [AlertTypeId, ...AlertTypeId[]];

const BY_ID = new Map<string, AlertType>(ALERT_TYPES.map((a) => [a.id, a]));
const BY_KEY = new Map<string, AlertType>(ALERT_TYPES.map((a) => [a.key, a]));

export function isAlertTypeId(value: unknown): value is AlertTypeId {
  return typeof value === 'string' && BY_ID.has(value);
}

export function alertType(id: AlertTypeId): AlertType {
  return BY_ID.get(id) as AlertType;
}

export function alertTypeByKey(key: AlertKey): AlertType {
  return BY_KEY.get(key) as AlertType;
}

/** Spec §9: the unread badge counts unread alerts of the selected tractor of exactly these types. */
export const COUNTED_ALERT_TYPE_IDS = ALERT_TYPES.filter((a) => a.counted).map((a) => a.id);

/** Pre-reminder n (1 … 5) of service due. */
export const preReminderTypeId = (n: number) => `A0102P${n}` as AlertTypeId;

/** Catalogue keys the web translates (one name and one description per type). */
export const alertNameKey = (id: AlertTypeId) => `alert.${id}.name`;
export const alertDescriptionKey = (id: AlertTypeId) => `alert.${id}.description`;

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

// ── API schemas ────────────────────────────────────────────────────────────────────────────────

/** Longest span of an alert list, days: from the first day of two months back to today (spec §9) fits. */
export const ALERTS_MAX_DAYS = 93;
export const ALERTS_PAGE_SIZE_DEFAULT = 50;
export const ALERTS_PAGE_SIZE_MAX = 200;
/** Most alert ids marked read in one call. */
export const MARK_READ_MAX = 500;
/** Receivers per owner (each SMS costs money; the cap per day is on the server). */
export const RECEIVERS_MAX = 5;
export const RECEIVER_NAME_MAX = 40;
/** Browsers (push subscriptions) per owner; the oldest goes when another is added. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

export const alertTypeId = z.string().refine(isAlertTypeId, 'ALERT_TYPE_UNKNOWN');
const alertId = z.string().min(1, 'REQUIRED').max(64, 'TOO_LONG');
const pageParam = z.string().regex(/^[1-9]\d{0,5}$/, 'TYPE_INVALID');

/**
 * GET alerts. Without startDateTime the list starts on the first day of two months back (spec §9);
 * without endDateTime it runs to now. vin narrows to one of the owner's tractors; status, critical,
 * severity and alertTypeId are the screen's filters. Newest first.
 */
export const alertsQuery = z
  .strictObject({
    startDateTime: epochSecondsParam.optional(),
    endDateTime: epochSecondsParam.optional(),
    vin: z.string().min(1).max(64).optional(),
    status: z.enum(['read', 'unread']).optional(),
    critical: z.enum(['true', 'false']).optional(),
    severity: z.enum(ALERT_SEVERITIES).optional(),
    alertTypeId: alertTypeId.optional(),
    page: pageParam.optional(),
    pageSize: pageParam.refine((v) => Number(v) <= ALERTS_PAGE_SIZE_MAX, 'TOO_LONG').optional(),
    isSec,
  })
  .superRefine((q, ctx) => {
    if (q.startDateTime === undefined || q.endDateTime === undefined) return;
    const [start, end] = [Number(q.startDateTime), Number(q.endDateTime)];
    if (end < start) ctx.addIssue({ code: 'custom', message: 'RANGE_BACKWARDS', path: ['endDateTime'] });
    else if (end - start > ALERTS_MAX_DAYS * 86_400) ctx.addIssue({ code: 'custom', message: 'RANGE_TOO_LONG', path: ['endDateTime'] });
  });
export type AlertsQuery = z.infer<typeof alertsQuery>;

export const alertStatus = z.enum(['unread', 'read']);

/** Spec §3 Alert, with every field of the spec and three the screens use (critical, unit, Veh_Name). */
export const alertItem = z.object({
  alertId: z.string(),
  /** In the signed-in owner's language. */
  alertName: z.string(),
  alertTypeId: z.string(),
  alertSeverity: z.enum(ALERT_SEVERITIES),
  critical: z.boolean(),
  /** One line in the owner's language (the web may build its own from the type and values). */
  alertDescription: z.string(),
  alertthresholdvalue: z.number().nullable(),
  alertValue: z.number().nullable(),
  unit: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** When the condition was detected, epoch s (device time). */
  timeStamp: z.number().int(),
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
  vehicleModel: z.string(),
  vehicleType: z.string(),
  vehicleCategory: z.string(),
  vehicleGroup: z.string(),
  /** 'oem': the default settings raised it; 'user': the owner had changed this type's settings. */
  alertConfigBy: z.enum(['oem', 'user']),
  alertStatus,
  /** Geofence entry (A0109) and exit (A0110): which geofence, and its name when it happened (null otherwise). */
  geofenceId: z.string().nullable().optional(),
  geofenceName: z.string().nullable().optional(),
  /** GET alerts/{id} only: the place near where it happened, in the owner's language (null when not known). */
  address: z.string().nullable().optional(),
});
export type AlertItem = z.infer<typeof alertItem>;

export const alertsResponse = z.object({
  data: z.array(alertItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** The period served, epoch s (defaults filled in). */
  startDateTime: z.number().int(),
  endDateTime: z.number().int(),
});
export type AlertsResponse = z.infer<typeof alertsResponse>;

/** PUT alerts (spec §3 "Alert list request", §9 "Status 1 marks alerts as read"). An id not the caller's is NOT_FOUND (nothing marked). */
export const markReadRequest = z.strictObject({
  alerts: z.array(alertId).min(1, 'TOO_SHORT').max(MARK_READ_MAX, 'TOO_LONG'),
  status: z.literal(1, 'STATUS_INVALID'),
  isSec: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type MarkReadRequest = z.infer<typeof markReadRequest>;
export const markReadResponse = z.object({ updated: z.number().int() });

export const alertIdParams = z.strictObject({ alertId: z.string().min(1).max(64) });

/** GET alerts/unread-count?vin: the badge (spec §9). */
export const unreadCountQuery = z.strictObject({ vin: z.string().min(1, 'REQUIRED').max(64), isSec });
export const unreadCountResponse = z.object({ vin: z.string(), count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** One type's settings on one tractor. */
export const alertConfigItem = z.object({
  alertTypeId: z.string(),
  enabled: z.boolean(),
  /** In the type's unit; null when the type has no threshold. */
  thresholdValue: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  alertConfigBy: z.enum(['oem', 'user']),
});
export type AlertConfigItem = z.infer<typeof alertConfigItem>;

/** GET vehicles/alertconfig/{vin}, and the answer of both PUTs: every type, in catalogue order. */
export const alertConfigResponse = z.object({ vin: z.string(), data: z.array(alertConfigItem) });
export type AlertConfigResponse = z.infer<typeof alertConfigResponse>;

const configChange = z.strictObject({
  alertTypeId,
  enabled: z.boolean().optional(),
  thresholdValue: z.number().optional(),
  durationSeconds: z.number().int('TYPE_INVALID').optional(),
});
export type AlertConfigChange = z.infer<typeof configChange>;

/** Bounds of the catalogue: a value outside them, or for a type without that setting, is refused. */
function checkBounds(change: AlertConfigChange, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (!isAlertTypeId(change.alertTypeId)) return;
  const type = alertType(change.alertTypeId);
  const check = (value: number | undefined, bound: AlertBound | undefined, field: string, code: string) => {
    if (value === undefined) return;
    if (!bound) ctx.addIssue({ code: 'custom', message: 'NOT_CONFIGURABLE', path: [...path, field] });
    else if (value < bound.min || value > bound.max) ctx.addIssue({ code: 'custom', message: code, path: [...path, field] });
  };
  check(change.thresholdValue, type.threshold, 'thresholdValue', 'THRESHOLD_OUT_OF_RANGE');
  check(change.durationSeconds, type.duration, 'durationSeconds', 'DURATION_OUT_OF_RANGE');
}

/** PUT vehicles/alertconfig: one type's settings for one tractor. Omitted settings keep their value. */
export const alertConfigRequest = z
  .strictObject({ vin: z.string().min(1, 'REQUIRED').max(64), ...configChange.shape, isSec: markReadRequest.shape.isSec })
  .superRefine((body, ctx) => checkBounds(body, ctx, []));
export type AlertConfigRequest = z.infer<typeof alertConfigRequest>;

/** PUT vehicles/alertconfigs: several types at once (each type at most once). */
export const alertConfigsRequest = z
  .strictObject({
    vin: z.string().min(1, 'REQUIRED').max(64),
    configs: z.array(configChange).min(1, 'TOO_SHORT').max(ALERT_TYPES.length, 'TOO_LONG'),
    isSec: markReadRequest.shape.isSec,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.configs.forEach((change, i) => {
      if (seen.has(change.alertTypeId)) ctx.addIssue({ code: 'custom', message: 'DUPLICATE_ALERT_TYPE', path: ['configs', i, 'alertTypeId'] });
      seen.add(change.alertTypeId);
      checkBounds(change, ctx, ['configs', i]);
    });
  });
export type AlertConfigsRequest = z.infer<typeof alertConfigsRequest>;

// ── Receivers (spec §3 Alert receiver, §5) ─────────────────────────────────────────────────────

export const RECEIVER_CHANNELS = ['sms', 'notification'] as const;
export type ReceiverChannel = (typeof RECEIVER_CHANNELS)[number];

/** Letters A–Z a–z only, words separated by single spaces (spec §5). */
export const receiverName = z
  .string()
  .min(1, 'NAME_REQUIRED')
  .max(RECEIVER_NAME_MAX, 'NAME_TOO_LONG')
  .regex(FULL_NAME_PATTERN, 'NAME_INVALID');
/** 10 digits, digits only (spec §5), an Indian mobile (SMS goes to it). */
export const receiverPhone = z.string().min(1, 'PHONE_REQUIRED').regex(MOBILE_PATTERN, 'PHONE_INVALID');

export const receiverRequest = z.strictObject({
  name: receiverName,
  phone: receiverPhone,
  channel: z.enum(RECEIVER_CHANNELS, 'CHANNEL_INVALID'),
});
export type ReceiverRequest = z.infer<typeof receiverRequest>;

export const receiver = z.object({ id: z.string(), name: z.string(), phone: z.string(), channel: z.enum(RECEIVER_CHANNELS) });
export type Receiver = z.infer<typeof receiver>;
export const receiverListResponse = z.object({ data: z.array(receiver) });
export const receiverIdParams = z.strictObject({ id: z.string().min(1).max(64) });

// ── Push subscription (spec §7 "POST / DELETE push subscription") ─────────────────────────────

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** A PushSubscription's endpoint: https, or http on the loopback for local testing. */
/** No URL parser here (the domain has no DOM or Node types), so the shape is checked by pattern. */
const PUSH_ENDPOINT = /^(?:https:\/\/[A-Za-z0-9.-]+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(?::\d{1,5})?\/\S*$/;
const pushEndpoint = z.string().max(1000, 'TOO_LONG').regex(PUSH_ENDPOINT, 'PUSH_ENDPOINT_INVALID');

/** POST pushsubscription: what PushSubscription.toJSON() gives (p256dh: 65-byte P-256 point, auth: 16 bytes). */
export const pushSubscriptionRequest = z.strictObject({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(base64url, 'PUSH_KEY_INVALID').min(86, 'PUSH_KEY_INVALID').max(88, 'PUSH_KEY_INVALID'),
    auth: z.string().regex(base64url, 'PUSH_KEY_INVALID').min(22, 'PUSH_KEY_INVALID').max(24, 'PUSH_KEY_INVALID'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** DELETE pushsubscription: the browser's endpoint (its "device token"). */
export const pushUnsubscribeRequest = z.strictObject({ endpoint: z.string().min(1, 'REQUIRED').max(1000, 'TOO_LONG') });

/** GET pushsubscription/key: the VAPID public key for PushManager.subscribe (applicationServerKey). */
export const vapidKeyResponse = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message (≤ 3 KB; title and body in the receiver's language). */
export const alertPushPayload = z.object({
  type: z.literal('alert'),
  alertId: z.string(),
  alertTypeId: z.string(),
  vin: z.string(),
  critical: z.boolean(),
  title: z.string(),
  body: z.string(),
  timeStamp: z.number().int(),
  /** Hash route of the alert detail screen. */
  url: z.string(),
});
export type AlertPushPayload = z.infer<typeof alertPushPayload>;
