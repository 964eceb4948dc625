import { z } from 'zod';
import { DAY_MS, istMidnight } from './time';
import { mobileNo, parseIsoDate } from './validation';

/**
 * Bodies, queries and answers of the tractor API (issue 3): the registry (provisioning by the
 * provider, claiming and renaming by the owner) and the vehicle endpoints of spec §7, with the
 * field names of spec §3. Paths are relative to /api/v1. Times in answers are epoch seconds.
 * Each rule's message is a stable code (VALIDATION_FAILED details); the web translates it.
 */

/** ISO 3779: 17 letters and digits, never I, O or Q (they read as 1 and 0). Stored upper-case. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;
export const IMEI_PATTERN = /^\d{15}$/;
/**
 * A device's id: a Teltonika device's IMEI (15 digits), or the shorter id a phone app or simple
 * tracker sends over OsmAnd / Traccar Client (Traccar Client makes up a 6-digit one).
 */
export const DEVICE_ID_PATTERN = /^[0-9A-Za-z._-]{4,32}$/;
/** The device model for phones and simple trackers over OsmAnd / Traccar Client: their ids need not be IMEIs. */
export const HTTP_DEVICE_MODEL = 'OsmAnd';
/** An optional per-device secret for the HTTP protocols (`key`): printable ASCII, no spaces. */
export const DEVICE_KEY_PATTERN = /^[\x21-\x7e]{8,64}$/;
/** Engine numbers as makers stamp them: letters, digits, and / or - between them. */
export const ENGINE_NO_PATTERN = /^[A-Z0-9](?:[A-Z0-9/-]{2,22}[A-Z0-9])$/i;
/** Indian registration marks with or without spaces/hyphens (MH15AB1234, MH 15 AB 1234, 22BH1234AA). */
export const REG_NO_PATTERN = /^[A-Z0-9](?:[A-Z0-9 -]{2,14}[A-Z0-9])$/i;
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
/** Letters (any script, with their combining marks), spaces, dots, apostrophes, hyphens. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'-]*[\p{L}\p{M}.])?$/u;
/** The same, or empty: many owners go by one name. */
const LAST_NAME_PATTERN = /^(?:[\p{L}\p{M}](?:[\p{L}\p{M} .'-]*[\p{L}\p{M}.])?)?$/u;
/**
 * A tractor's own name (spec "my tractor with tractor name edit"): letters and digits of any
 * Indian script, spaces, '.', '-', '_'; no space at either end.
 */
export const VEH_NAME_PATTERN = /^[\p{L}\p{M}\p{N}._-](?:[\p{L}\p{M}\p{N} ._-]*[\p{L}\p{M}\p{N}._-])?$/u;
export const VEH_NAME_MAX = 30;

export const IMPLEMENT_WIDTH_M = { min: 0.5, max: 12 } as const;
export const TANK_CAPACITY_L = { min: 10, max: 400 } as const;
export const SERVICE_INTERVAL_H = { min: 25, max: 2000 } as const;
/** Most tractors in one import call. */
export const IMPORT_MAX = 1000;
/** Longest span of a usage aggregation, days. */
export const AGGREGATION_MAX_DAYS = 400;
/** Longest span of a history query, days. */
export const HISTORY_MAX_DAYS = 92;
/** Most points per chart series, and per route replay. */
export const HISTORY_MAX_POINTS = 500;
export const TRACK_MAX_POINTS = 2000;

export const vin = z.string().regex(VIN_PATTERN, 'VIN_INVALID');
export const imei = z.string().regex(DEVICE_ID_PATTERN, 'IMEI_INVALID');
export const engineNo = z.string().regex(ENGINE_NO_PATTERN, 'ENGINE_NO_INVALID');
export const vehName = z.string().min(1, 'VEH_NAME_REQUIRED').max(VEH_NAME_MAX, 'VEH_NAME_TOO_LONG').regex(VEH_NAME_PATTERN, 'VEH_NAME_INVALID');
const personName = z.string().min(1, 'NAME_REQUIRED').max(60, 'NAME_TOO_LONG').regex(PERSON_NAME_PATTERN, 'NAME_INVALID');
const lastName = z.string().max(60, 'NAME_TOO_LONG').regex(LAST_NAME_PATTERN, 'NAME_INVALID');
const text = (max: number) => z.string().min(1, 'REQUIRED').max(max, 'TOO_LONG');
const isoDate = z.string().refine((v) => parseIsoDate(v) !== undefined, 'DATE_INVALID');

/** Subscription end: a date (valid through 23:59:59 IST that day) or epoch seconds. */
export const expiresOnInput = z.union([isoDate, z.number().int('EXPIRES_ON_INVALID').positive('EXPIRES_ON_INVALID')], {
  error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'EXPIRES_ON_INVALID'),
});

/** Epoch ms at which a subscription given as `expiresOnInput` ends. */
export function expiresOnMs(value: string | number): number {
  return typeof value === 'number' ? value * 1000 : istMidnight(value) + DAY_MS - 1000;
}

/**
 * A fitted device and its tractor, as the provider records them (operator API and
 * `npm run admin -- provision | import`). The CSV import's header row uses these names.
 */
export const provisionRequest = z.strictObject({
  imei,
  vin,
  engineNo,
  regNo: z.string().regex(REG_NO_PATTERN, 'REG_NO_INVALID'),
  model: text(40),
  /** A device model the server knows (vehiclesmodelconfig lists them): picks the IO mapping. */
  deviceModel: text(40),
  /** The name the owner sees until they rename it; the model by default. */
  vehName: vehName.optional(),
  implementWidthM: z.number().min(IMPLEMENT_WIDTH_M.min, 'OUT_OF_RANGE').max(IMPLEMENT_WIDTH_M.max, 'OUT_OF_RANGE'),
  tankCapacityL: z.number().min(TANK_CAPACITY_L.min, 'OUT_OF_RANGE').max(TANK_CAPACITY_L.max, 'OUT_OF_RANGE'),
  serviceIntervalH: z.number().int('TYPE_INVALID').min(SERVICE_INTERVAL_H.min, 'OUT_OF_RANGE').max(SERVICE_INTERVAL_H.max, 'OUT_OF_RANGE'),
  firstName: personName,
  /** May be empty: many owners go by one name. */
  lastName,
  /** The registered mobile: only the owner signed in with this number may add the tractor. */
  mobileNo,
  address: text(200),
  city: text(60),
  pincode: z.string().regex(PINCODE_PATTERN, 'PINCODE_INVALID'),
  state: text(60),
  expiresOn: expiresOnInput,
  /** Fitted when the tractor was sold new (default), rather than retrofitted. */
  isNewTractor: z.boolean().optional(),
  /** When set, the HTTP protocols must send it as `key` (Teltonika over TCP/UDP has no place for one). */
  deviceKey: z.string().regex(DEVICE_KEY_PATTERN, 'DEVICE_KEY_INVALID').optional(),
}).refine((v) => v.deviceModel === HTTP_DEVICE_MODEL || IMEI_PATTERN.test(v.imei), {
  // Only a phone or simple tracker may have an id that is not an IMEI: a Teltonika device sends its 15 digits.
  message: 'IMEI_INVALID',
  path: ['imei'],
  // Checked even when other fields are wrong, so every reason is given at once.
  when: ({ value }) => typeof value === 'object' && value !== null && typeof (value as { imei?: unknown }).imei === 'string' && DEVICE_ID_PATTERN.test((value as { imei: string }).imei),
});
export type ProvisionRequest = z.infer<typeof provisionRequest>;
export const PROVISION_FIELDS = Object.keys(provisionRequest.shape) as (keyof ProvisionRequest)[];

/** POST operator/tractors/import: items are checked one by one, so one bad item refuses only itself. */
export const importRequest = z.array(z.unknown()).min(1, 'TOO_SHORT').max(IMPORT_MAX, 'TOO_LONG');

const detail = z.object({ path: z.string(), code: z.string() });
export const importResult = z.object({
  /** 0-based position in the request (the CLI reports CSV line numbers instead). */
  index: z.number().int(),
  status: z.enum(['imported', 'refused']),
  vin: z.string().optional(),
  imei: z.string().optional(),
  /** Why it was refused: one code per field (e.g. vin ALREADY_PROVISIONED, deviceModel DEVICE_MODEL_UNKNOWN). */
  details: z.array(detail).optional(),
});
export const importResponse = z.object({ imported: z.number().int(), refused: z.number().int(), results: z.array(importResult) });

/** GET operator/tractors?imei=… or ?vin=… (exactly one). */
export const operatorTractorQuery = z
  .strictObject({ imei: imei.optional(), vin: vin.optional() })
  .refine((q) => (q.imei === undefined) !== (q.vin === undefined), { message: 'IMEI_OR_VIN', path: [] });

export const operatorTractor = z.object({
  imei: z.string(),
  vin: z.string(),
  engineNo: z.string(),
  regNo: z.string(),
  model: z.string(),
  deviceModel: z.string(),
  Veh_Name: z.string(),
  implementWidthM: z.number(),
  tankCapacityL: z.number(),
  serviceIntervalH: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  mobileNoCC: z.string(),
  mobileNo: z.string(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
  expiresOn: z.number().int(),
  isNewTractor: z.boolean(),
  claimed: z.boolean(),
  claimedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** Epoch s of the newest record received, if any. */
  lastSeenAt: z.number().int().nullable(),
});
export type OperatorTractor = z.infer<typeof operatorTractor>;

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

/** GET vehicles/tracking: every tractor of the owner on the map. */
export const trackingItem = z.object({
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
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
  /** Smoothed level, % of the tank (approximate: the UI shows the disclaimer). */
  dieselLevel: z.number().nullable(),
  dieselLitres: z.number().nullable(),
  tankCapacity: z.number(),
  engineHours: z.number(),
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

/** Spec §3 Usage report values. */
export const usageReportValues = z.object({
  fieldWorkAcres: z.number(),
  onRoadKm: z.number(),
  engineHours: z.number().int(),
  engineMinutes: z.number().int(),
  ptoHours: z.number(),
  averageRpm: z.number().int(),
  dieselConsumedL: z.number(),
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
  /** Spec §4: low (refill), normal or full; null when the tank sensor has said nothing yet. */
  dieselStatus: z.enum(['low', 'normal', 'full']).nullable(),
  lastRefuel: z.object({ time: z.number().int(), litres: z.number() }).nullable(),
  consumedToday: z.number(),
  lastUpdated: z.number().int().nullable(),
  /** Always true: the level is approximate and the UI shows the disclaimer (spec §9). */
  approximate: z.literal(true),
});
export type DieselDetailsResponse = z.infer<typeof dieselDetailsResponse>;

/** GET servicereminders/{vin} */
/** POST operator/tractors/{vin}/commands: a text command for the tractor's device (Codec 12), e.g. "getinfo". */
export const deviceCommandRequest = z.strictObject({
  command: z.string().regex(/^[\x20-\x7e]{1,512}$/, 'COMMAND_INVALID'),
});
export const deviceCommand = z.object({
  id: z.string(),
  command: z.string(),
  /** queued: waiting for the device to connect; sent: sent, no reply yet; answered: the reply is in `reply`. */
  status: z.enum(['queued', 'sent', 'answered']),
  createdAt: z.number().int(),
  sentAt: z.number().int().nullable(),
  answeredAt: z.number().int().nullable(),
  reply: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof deviceCommand>;

/** A service done: the day, the engine hours at it, a note (spec §1 service due; issue 12 item 10). */
export const SERVICE_NOTE_MAX = 200;
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
export const historyQuery = z
  .strictObject({ from: epochSecondsParam.optional(), to: epochSecondsParam.optional(), isSec })
  .superRefine((q, ctx) => {
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
  /** [epoch s of the IST day, average RPM while running]. */
  averageRpmPerDay: z.array(pair),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** GET vehicles/{vin}/track?date=YYYY-MM-DD (an IST day; today by default). */
export const trackQuery = z.strictObject({ date: isoDate.optional(), isSec });

export const trackResponse = z.object({
  vin: z.string(),
  date: z.string(),
  /** [epoch s, lat, lon, speed km/h, working 0/1], at most 2000, turns and work starts/ends kept. */
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.union([z.literal(0), z.literal(1)])])),
  /** How many fixes the day had before thinning. */
  totalPoints: z.number().int(),
});
export type TrackResponse = z.infer<typeof trackResponse>;
