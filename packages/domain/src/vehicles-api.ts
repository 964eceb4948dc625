import { z } from 'zod';
import { parseIsoDate } from './validation';
import {
  AGGREGATION_MAX_DAYS,
  DEVICE_ID_PATTERN,
  ENGINE_NO_PATTERN,
  HISTORY_MAX_DAYS,
  SERVICE_NOTE_MAX,
  VEH_NAME_MAX,
  VEH_NAME_PATTERN,
  VIN_PATTERN,
} from './vehicles-rules';

/**
 * Bodies, queries and answers of the owner's vehicle endpoints of spec §7 (claiming, renaming,
 * tracking, the tractor home, usage, diesel, history, service records), with the field names of
 * spec §3. Paths are relative to /api/v1. Times in answers are epoch seconds. Each rule's message
 * is a stable code (VALIDATION_FAILED details); the web translates it.
 */

export const vin = z.string().regex(VIN_PATTERN, 'VIN_INVALID');
export const imei = z.string().regex(DEVICE_ID_PATTERN, 'IMEI_INVALID');
export const engineNo = z.string().regex(ENGINE_NO_PATTERN, 'ENGINE_NO_INVALID');
export const vehName = z.string().min(1, 'VEH_NAME_REQUIRED').max(VEH_NAME_MAX, 'VEH_NAME_TOO_LONG').regex(VEH_NAME_PATTERN, 'VEH_NAME_INVALID');
export const isoDate = z.string().refine((v) => parseIsoDate(v) !== undefined, 'DATE_INVALID');

/** POST vehicles/claim: add a tractor by its VIN or by its engine number (exactly one). */
export const claimRequest = z
  .strictObject({ vin: vin.optional(), engineNo: engineNo.optional() })
  .refine((b) => (b.vin === undefined) !== (b.engineNo === undefined), { message: 'VIN_OR_ENGINE_NO', path: [] });
export type ClaimRequest = z.infer<typeof claimRequest>;

/** PUT vehicles/{vin}/name */
export const renameRequest = z.strictObject({ vehName });

/** Spec §3 "Vehicle entry": the owner's stored list of tractors (GET vehicles). */
export const vehicleEntry = z.object({
  vin: z.string(),
  Veh_Name: z.string(),
  /** Subscription end, unix seconds. */
  expiresOn: z.number().int(),
  regNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobileNoCC: z.string(),
  mobileNo: z.string(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
  isExpired: z.boolean(),
  isNewTractor: z.boolean(),
  /** Whole IST days from today to the expiry date; 0 on the last day, negative once expired. */
  numberOfDays: z.number().int(),
  /** The pack running now (spec §4 'free' state); null when provisioned with an end date only. */
  subscriptionPack: z.enum(['free', 'month', 'year']).nullable(),
  /** Spec §3 Tractor: engine number and model. */
  engineNo: z.string(),
  model: z.string(),
});
export type VehicleEntry = z.infer<typeof vehicleEntry>;
export const vehicleListResponse = z.object({ data: z.array(vehicleEntry) });

/** vehicleStatus of spec §3 plus 'na' when the tractor has sent nothing yet (spec §4 picture rule). */
export const vehicleStatusValue = z.enum(['moving', 'running', 'idle', 'stopped', 'unknown', 'na']);
export const knownVehicleStatus = z.enum(['moving', 'running', 'idle', 'stopped', 'unknown']);
export const devicePowerModeValue = z.enum(['normal_active', 'sleeptx_standby', 'battery_backup', 'unknown']);

/**
 * GET vehicles/tracking: every tractor of the owner on the map. Each item is the spec's vehicle
 * entry (§3, the list the app stores) with where the tractor is and how it is: a client that reads
 * its stored list from this first vehicles call finds every field it expects.
 */
export const trackingItem = vehicleEntry.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  vehicleStatus: vehicleStatusValue,
  /** Device time of the newest record, epoch s. */
  lastUpdated: z.number().int().nullable(),
  offline: z.boolean(),
  notTransmitting: z.boolean(),
});
export const trackingResponse = z.object({ data: z.array(trackingItem) });
export type TrackingResponse = z.infer<typeof trackingResponse>;

export const place = z.object({ name: z.string().nullable(), district: z.string(), state: z.string() });
export type Place = z.infer<typeof place>;

export const serviceDueSummary = z.object({
  status: z.enum(['ok', 'due_soon', 'overdue']),
  dueAtHours: z.number(),
  hoursLeft: z.number(),
});

/** GET tractorhomepage/{vin}: spec §3 Home-page vehicle data and what the home screen shows with it. */
export const tractorHomepageResponse = z.object({
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
  vehicleStatus: vehicleStatusValue,
  /** Last status other than unknown, for the tractor picture when the newest says nothing (spec §4). */
  lastStatus: knownVehicleStatus.nullable(),
  /** External (tractor battery) voltage, V. */
  devicePower: z.number().nullable(),
  devicePowerMode: devicePowerModeValue,
  /** The telematics device: GSM signal 0–5 and its own backup battery, V (null until it reports them). */
  gsmSignal: z.number().int().min(0).max(5).nullable(),
  deviceBatteryV: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Smoothed level, % of the tank (approximate: the UI shows the disclaimer); null without a reading. */
  dieselLevel: z.number().nullable(),
  dieselLitres: z.number().nullable(),
  /**
   * Whether the tractor has a diesel sensor: its tank input has read above 0 (an unwired one reads
   * 0 forever). Null until the tractor first reports; absent in answers cached before it existed.
   */
  hasFuelSensor: z.boolean().nullable().optional(),
  tankCapacity: z.number(),
  /** 0 until the tractor first reports (lastUpdated null): shown as unknown then, not as 0 h. */
  engineHours: z.number(),
  /** Device time of the newest record, epoch s; null until the tractor first reports. */
  lastUpdated: z.number().int().nullable(),
  offline: z.boolean(),
  /** When the tractor was last heard from, epoch s, while it is offline. */
  offlineSince: z.number().int().nullable(),
  /** Silent for more than three months (spec §2, §8). */
  notTransmitting: z.boolean(),
  /** The place near the last fix, in the owner's language where the geocoder has it. */
  address: z.string().nullable(),
  place: place.nullable(),
  serviceDue: serviceDueSummary,
  showMenu: z.boolean(),
  subscription: z.object({ expiresOn: z.number().int(), isExpired: z.boolean(), numberOfDays: z.number().int() }),
});
export type TractorHomepageResponse = z.infer<typeof tractorHomepageResponse>;

/** The spec's isSec flag, accepted and ignored (DESIGN §9). */
export const isSec = z.enum(['true', 'false']).optional();
/** The same flag in a JSON body: a boolean as the spec sends it, or its text. */
export const isSecInBody = z.union([z.boolean(), z.enum(['true', 'false'])]).optional();
/** Epoch seconds in a query string. */
export const epochSecondsParam = z.string().regex(/^\d{1,11}$/, 'TYPE_INVALID');

/**
 * GET vehicles/aggregations/{vin}. Without dates (spec §7) day means today and month this month, in
 * IST; range needs both. Dates are epoch s, a day running 00:00:00–23:59:59 IST (spec §9).
 */
export const aggregationQuery = z
  .strictObject({
    aggregationOption: z.enum(['day', 'range', 'month']),
    startDateTime: epochSecondsParam.optional(),
    endDateTime: epochSecondsParam.optional(),
    isSec,
  })
  .superRefine((q, ctx) => {
    const start = q.startDateTime === undefined ? undefined : Number(q.startDateTime);
    const end = q.endDateTime === undefined ? undefined : Number(q.endDateTime);
    if (start === undefined && end === undefined) {
      if (q.aggregationOption === 'range') ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['startDateTime'] });
      return;
    }
    if (start === undefined) return ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['startDateTime'] });
    if (end === undefined) return ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['endDateTime'] });
    if (end < start) ctx.addIssue({ code: 'custom', message: 'RANGE_BACKWARDS', path: ['endDateTime'] });
    else if (end - start >= AGGREGATION_MAX_DAYS * 86_400) ctx.addIssue({ code: 'custom', message: 'RANGE_TOO_LONG', path: ['endDateTime'] });
  });
export type AggregationQuery = z.infer<typeof aggregationQuery>;

/**
 * Spec §3 Usage report values. A figure whose source the tractor lacks is null (unknown), never 0:
 * acres without a GPS fix or a PTO input that has ever read on, road km without a fix, PTO hours
 * without that input, RPM without an RPM reading, diesel used without a tank sensor or fuel counter.
 * A PTO input that has read on before and stayed off in the period is a true 0.
 */
export const usageReportValues = z.object({
  fieldWorkAcres: z.number().nullable(),
  onRoadKm: z.number().nullable(),
  /** Engine time (the worktime counter, or the ignition): known whenever the tractor has reported. */
  engineHours: z.number().int(),
  engineMinutes: z.number().int(),
  ptoHours: z.number().nullable(),
  averageRpm: z.number().int().nullable(),
  dieselConsumedL: z.number().nullable(),
  /** Level at the end of the period (now, for a period not yet over), L. */
  dieselRemainingL: z.number().nullable(),
});
export type UsageReportValues = z.infer<typeof usageReportValues>;

export const aggregationResponse = z.object({
  vin: z.string(),
  aggregationOption: z.enum(['day', 'range', 'month']),
  startDateTime: z.number().int(),
  endDateTime: z.number().int(),
  /** False when the tractor has no usage at all in the period ('no tractor usage data'). */
  hasData: z.boolean(),
  allDay: usageReportValues,
  /** 00:00–11:59 IST of each day of the period. */
  forenoon: usageReportValues,
  /** 12:00–23:59 IST of each day of the period. */
  afternoon: usageReportValues,
});
export type AggregationResponse = z.infer<typeof aggregationResponse>;

/** GET vehicles/{vin}: diesel details (spec §7). */
export const dieselDetailsResponse = z.object({
  vin: z.string(),
  dieselLevel: z.number().nullable(),
  dieselLitres: z.number().nullable(),
  tankCapacity: z.number(),
  /** As on the home page: the tank input has read above 0; null until the tractor first reports. */
  hasFuelSensor: z.boolean().nullable(),
  /** Spec §4: low (refill), normal or full; null when the tank sensor has said nothing yet. */
  dieselStatus: z.enum(['low', 'normal', 'full']).nullable(),
  lastRefuel: z.object({ time: z.number().int(), litres: z.number() }).nullable(),
  /** Litres used today; null without a tank sensor or the engine's fuel counter (unknown, not 0). */
  consumedToday: z.number().nullable(),
  lastUpdated: z.number().int().nullable(),
  /** Always true: the level is approximate and the UI shows the disclaimer (spec §9). */
  approximate: z.literal(true),
});
export type DieselDetailsResponse = z.infer<typeof dieselDetailsResponse>;

/** A service done: the day, the engine hours at it, a note (spec §1 service due; issue 12 item 10). */
export const serviceRecord = z.object({
  doneOn: z.string(),
  engineHours: z.number(),
  note: z.string().nullable(),
  /** Who recorded it: the owner in the app, or the provider's workshop (operator API, the demo). */
  recordedBy: z.enum(['owner', 'operator']),
});
export type ServiceRecord = z.infer<typeof serviceRecord>;

/**
 * POST servicereminders/{vin} (owner) and operator/tractors/{vin}/services: a service done. The day
 * may not be in the future and the hours not above the tractor's engine hours now (the server checks
 * both against its own clock and readings: SERVICE_DATE_FUTURE, SERVICE_HOURS_AHEAD).
 */
export const serviceRecordRequest = z.strictObject({
  doneOn: isoDate,
  engineHours: z.number({ error: 'TYPE_INVALID' }).min(0, 'OUT_OF_RANGE').max(100_000, 'OUT_OF_RANGE'),
  note: z.string().max(SERVICE_NOTE_MAX, 'TOO_LONG').optional(),
  isSec: z.enum(['true', 'false']).optional(),
});
export type ServiceRecordRequest = z.infer<typeof serviceRecordRequest>;

export const serviceReminderResponse = z.object({
  vin: z.string(),
  engineHours: z.number(),
  serviceIntervalH: z.number(),
  lastServiceAtHours: z.number(),
  nextServiceAtHours: z.number(),
  hoursLeft: z.number(),
  status: z.enum(['ok', 'due_soon', 'overdue']),
  preReminders: z.array(z.object({ number: z.number().int(), hoursBefore: z.number(), atHours: z.number(), reached: z.boolean() })),
  currentPreReminder: z.number().int().nullable(),
  /** The services recorded, newest first (at most 20). */
  history: z.array(serviceRecord),
  /** False when the tractor has never reported: 'service due information not available'. */
  hasData: z.boolean(),
  /** The date rule (YYYY-MM-DD): the last service (or the first day of data) + the service interval in days; due at this date or the hours, whichever comes first. */
  nextServiceDate: z.string().nullable(),
  /** When the hours will be reached (YYYY-MM-DD) at the last 30 days' average daily running; null when it has not run. */
  expectedOn: z.string().nullable(),
});
export type ServiceReminderResponse = z.infer<typeof serviceReminderResponse>;

/** GET vehiclesmodelconfig: tractor models in the registry, and what each device model reports. */
export const modelConfigResponse = z.object({
  tractorModels: z.array(z.string()),
  deviceModels: z.array(z.object({ model: z.string(), fields: z.array(z.string()) })),
});
export type ModelConfigResponse = z.infer<typeof modelConfigResponse>;

/** GET vehicles/{vin}/history?from&to (epoch s; default the last 7 days; at most 92 days). */
export const historyQuery = z.strictObject({ from: epochSecondsParam.optional(), to: epochSecondsParam.optional(), isSec }).superRefine((q, ctx) => {
  if (q.from === undefined || q.to === undefined) return;
  const [from, to] = [Number(q.from), Number(q.to)];
  if (to < from) ctx.addIssue({ code: 'custom', message: 'RANGE_BACKWARDS', path: ['to'] });
  else if (to - from > HISTORY_MAX_DAYS * 86_400) ctx.addIssue({ code: 'custom', message: 'RANGE_TOO_LONG', path: ['to'] });
});

const pair = z.tuple([z.number(), z.number()]);
export const historyResponse = z.object({
  vin: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  /** [epoch s, litres] of the smoothed level at the end of each hour, at most 500 points. */
  fuelLevel: z.array(pair),
  /** [epoch s of the hour, litres poured in]. */
  refuels: z.array(pair),
  /** [epoch s of the hour, litres lost with the engine off]. */
  drops: z.array(pair),
  /** [epoch s of the IST day, engine hours]. */
  engineHoursPerDay: z.array(pair),
  /** [epoch s of the IST day, average RPM while running]; days without an RPM reading are left out. */
  averageRpmPerDay: z.array(pair),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** GET vehicles/{vin}/track?date=YYYY-MM-DD (an IST day; today by default). */
export const trackQuery = z.strictObject({ date: isoDate.optional(), isSec });

export const trackResponse = z.object({
  vin: z.string(),
  date: z.string(),
  /**
   * [epoch s, lat, lon, speed km/h, working 0/1], at most 2000, turns and work starts/ends kept;
   * the speed is null for a fix the device sent without one.
   */
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number().nullable(), z.union([z.literal(0), z.literal(1)])])),
  /** How many fixes the day had before thinning. */
  totalPoints: z.number().int(),
});
export type TrackResponse = z.infer<typeof trackResponse>;
