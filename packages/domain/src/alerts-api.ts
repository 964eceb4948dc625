import { z } from 'zod';
import {
  ALERT_SEVERITIES,
  ALERT_TYPES,
  ALERTS_MAX_DAYS,
  ALERTS_PAGE_SIZE_MAX,
  type AlertBound,
  alertType,
  isAlertTypeId,
  MARK_READ_MAX,
} from './alerts-catalog';
import { epochSecondsParam, isSec, isSecInBody } from './vehicles-api';

/**
 * Bodies, queries and answers of the alert API (spec §7 Alerts, alert configuration). Paths are
 * relative to /api/v1; times in answers are epoch seconds. Each rule's message is a stable code
 * (VALIDATION_FAILED details) the web translates.
 */

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
  isSec: isSecInBody,
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
