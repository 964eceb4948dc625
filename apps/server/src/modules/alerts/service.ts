import type { AlertItem, AlertsQuery, AlertsResponse, UnreadCountResponse } from '@tractorlink/domain/alerts-api';
import {
  ALERT_TYPES,
  ALERTS_MAX_DAYS,
  ALERTS_PAGE_SIZE_DEFAULT,
  alertType,
  type AlertTypeId,
  COUNTED_ALERT_TYPE_IDS,
  VEHICLE_CATEGORY,
  VEHICLE_GROUP,
  VEHICLE_TYPE,
} from '@tractorlink/domain/alerts-catalog';
import { DAY_MS, istDate, istMidnight } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findUserById } from '../accounts/repo';
import { findOwnedTractor } from '../tractors/repo';
import type { AlertProfiles } from './profiles';
import { type AlertWithTractor, countOwned, countUnread, findOwnedAlert, insertAlert, listAlerts, markRead } from './repo';
import { alertDescription, alertName } from './texts';

/** Details of an alert raised outside the telemetry rules (geofence entry and exit are rules: rules/geofence-rule.ts). */
export interface RaiseDetails {
  /** When it happened, epoch ms (device time). */
  time: number;
  lat?: number | null;
  lon?: number | null;
  value?: number | null;
  threshold?: number | null;
  geofenceId?: string;
  geofenceName?: string;
}

const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** Spec §3 Alert as the API answers it, texts in `language`. */
export function toAlertItem(row: AlertWithTractor, language: string): AlertItem {
  const typeId = row.type_id as AlertTypeId;
  const type = alertType(typeId);
  const value = row.value === null ? null : Number(row.value);
  const threshold = row.threshold === null ? null : Number(row.threshold);
  return {
    alertId: row.id,
    alertName: alertName(typeId, language),
    alertTypeId: typeId,
    alertSeverity: type.severity,
    critical: type.critical,
    alertDescription: alertDescription(
      { typeId, value, threshold, time: Number(row.time_ms), vehName: row.veh_name, regNo: row.reg_no, geofenceName: row.geofence_name },
      language,
    ),
    alertthresholdvalue: threshold,
    alertValue: value,
    unit: type.unit,
    latitude: row.lat,
    longitude: row.lon,
    timeStamp: toSeconds(Number(row.time_ms)),
    vin: row.vin,
    regNo: row.reg_no,
    Veh_Name: row.veh_name,
    vehicleModel: row.model,
    vehicleType: VEHICLE_TYPE,
    vehicleCategory: VEHICLE_CATEGORY,
    vehicleGroup: VEHICLE_GROUP,
    alertConfigBy: row.config_by === 'user' ? 'user' : 'oem',
    alertStatus: row.read_at === null ? 'unread' : 'read',
    geofenceId: row.geofence_id,
    geofenceName: row.geofence_name,
  };
}

/** 00:00 IST of the first day of the month two months before `t` (spec §9: the push refetch window). */
export function twoMonthsBackStart(t: number): number {
  const [year, month] = istDate(t).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - 2;
  return istMidnight(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`);
}

/** The types a list's filters leave (undefined: all). */
function typeFilter(q: AlertsQuery): AlertTypeId[] | undefined {
  if (q.critical === undefined && q.severity === undefined && q.alertTypeId === undefined) return undefined;
  return ALERT_TYPES.filter(
    (a) =>
      (q.critical === undefined || a.critical === (q.critical === 'true')) &&
      (q.severity === undefined || a.severity === q.severity) &&
      (q.alertTypeId === undefined || a.id === q.alertTypeId),
  ).map((a) => a.id);
}

/** The alert list, detail, read marks and unread count of spec §7, all scoped to the signed-in owner. */
export class AlertService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; profiles: AlertProfiles; onRaised: () => void }) {}

  private async language(userId: string): Promise<string> {
    return (await findUserById(this.deps.db, userId))?.language ?? 'en';
  }

  private async tractorId(userId: string, vin: string): Promise<string> {
    const tractor = await findOwnedTractor(this.deps.db, userId, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    return tractor.id;
  }

  /** The period of a list: spec §9's window by default (first day of two months back to today 23:59:59 IST). */
  private period(q: AlertsQuery): { fromMs: number; toMs: number } {
    const now = this.deps.clock.now();
    const toMs = q.endDateTime !== undefined ? Number(q.endDateTime) * 1000 + 999 : istMidnight(istDate(now)) + DAY_MS - 1;
    const fromMs = q.startDateTime !== undefined ? Number(q.startDateTime) * 1000 : twoMonthsBackStart(toMs);
    if (toMs < fromMs) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'startDateTime', code: 'RANGE_BACKWARDS' }] });
    if (toMs - fromMs > ALERTS_MAX_DAYS * DAY_MS + 999)
      throw new AppError('VALIDATION_FAILED', { details: [{ path: 'startDateTime', code: 'RANGE_TOO_LONG' }] });
    return { fromMs, toMs };
  }

  async list(userId: string, q: AlertsQuery): Promise<AlertsResponse> {
    const { fromMs, toMs } = this.period(q);
    const page = Number(q.page ?? 1);
    const pageSize = Number(q.pageSize ?? ALERTS_PAGE_SIZE_DEFAULT);
    const tractorId = q.vin === undefined ? undefined : await this.tractorId(userId, q.vin);
    const typeIds = typeFilter(q);
    const answer = { page, pageSize, startDateTime: toSeconds(fromMs), endDateTime: toSeconds(toMs) };
    if (typeIds?.length === 0) return { data: [], total: 0, ...answer };
    const [language, { rows, total }] = await Promise.all([
      this.language(userId),
      listAlerts(this.deps.db, { userId, tractorId, fromMs, toMs, status: q.status, typeIds, limit: pageSize, offset: (page - 1) * pageSize }),
    ]);
    return { data: rows.map((r) => toAlertItem(r, language)), total, ...answer };
  }

  /**
   * One alert; with `placeOf`, the name of the place where it happened, in the owner's language
   * (a farmer knows "near Ozar, Niphad", not 20.09, 73.93).
   */
  async detail(userId: string, alertId: string, placeOf?: (lat: number, lon: number, language: string) => Promise<string | null>): Promise<AlertItem> {
    const row = await findOwnedAlert(this.deps.db, userId, alertId);
    if (!row) throw new AppError('NOT_FOUND');
    const language = await this.language(userId);
    const item = toAlertItem(row, language);
    if (!placeOf || item.latitude === null || item.longitude === null) return item;
    return { ...item, address: await placeOf(item.latitude, item.longitude, language).catch(() => null) };
  }

  /**
   * Marks alerts read (spec §9 status 1). All or nothing: an id that is not one of the caller's
   * alerts (another owner's, or none) is NOT_FOUND and nothing is marked. Already read ones count 0.
   */
  async markRead(userId: string, ids: readonly string[]): Promise<{ updated: number }> {
    const distinct = [...new Set(ids)];
    if ((await countOwned(this.deps.db, userId, distinct)) !== distinct.length) throw new AppError('NOT_FOUND');
    return { updated: await markRead(this.deps.db, userId, distinct, this.deps.clock.now()) };
  }

  /** Spec §9: unread alerts of the selected tractor, of the counted types only. */
  async unreadCount(userId: string, vin: string): Promise<UnreadCountResponse> {
    const tractor = await findOwnedTractor(this.deps.db, userId, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    // The same window the list and the push refetch use (spec §9), so the badge never counts an
    // alert the owner cannot open.
    // Ends with today, as the list does: a device clock a few minutes fast near midnight dates an
    // alert tomorrow, which the list shows only from then on.
    const now = this.deps.clock.now();
    const until = istMidnight(istDate(now)) + DAY_MS - 1;
    return { vin: tractor.vin, count: await countUnread(this.deps.db, tractor.id, COUNTED_ALERT_TYPE_IDS, twoMonthsBackStart(now), until) };
  }

  /**
   * Raises an alert from outside the telemetry rules (an operator tool, a test), under the
   * owner's settings, with its delivery queued in the same transaction. Undefined when the owner
   * turned the type off.
   */
  async raiseAlert(tractorId: string, typeId: AlertTypeId, details: RaiseDetails): Promise<string | undefined> {
    const { db, clock, profiles } = this.deps;
    await profiles.prepare([tractorId]);
    const setting = profiles.get(tractorId).setting(typeId);
    if (!setting.enabled) return undefined;
    const row = await insertAlert(db, {
      tractorId,
      typeId,
      time: details.time,
      lat: details.lat ?? null,
      lon: details.lon ?? null,
      value: details.value ?? null,
      threshold: details.threshold ?? setting.threshold,
      configBy: setting.configBy,
      createdAt: clock.now(),
      geofenceId: details.geofenceId,
      geofenceName: details.geofenceName,
    });
    this.deps.onRaised();
    return row.id;
  }
}
