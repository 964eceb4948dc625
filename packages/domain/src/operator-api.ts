import { z } from 'zod';
import { mobileNo } from './validation';
import { engineNo, imei, isoDate, vehName, vin } from './vehicles-api';
import {
  DEVICE_ID_PATTERN,
  DEVICE_KEY_PATTERN,
  HTTP_DEVICE_MODEL,
  IMEI_PATTERN,
  IMPLEMENT_WIDTH_M,
  IMPORT_MAX,
  LAST_NAME_PATTERN,
  PERSON_NAME_PATTERN,
  PINCODE_PATTERN,
  REG_NO_PATTERN,
  SERVICE_INTERVAL_H,
  TANK_CAPACITY_L,
} from './vehicles-rules';

/**
 * The provider's side of the tractor registry (issue 3): provisioning a fitted device and its
 * tractor, the bulk import, looking a tractor up, and text commands to its device.
 */

const personName = z.string().min(1, 'NAME_REQUIRED').max(60, 'NAME_TOO_LONG').regex(PERSON_NAME_PATTERN, 'NAME_INVALID');
const lastName = z.string().max(60, 'NAME_TOO_LONG').regex(LAST_NAME_PATTERN, 'NAME_INVALID');
const text = (max: number) => z.string().min(1, 'REQUIRED').max(max, 'TOO_LONG');

/** Subscription end: a date (valid through 23:59:59 IST that day) or epoch seconds. */
export const expiresOnInput = z.union([isoDate, z.number().int('EXPIRES_ON_INVALID').positive('EXPIRES_ON_INVALID')], {
  error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'EXPIRES_ON_INVALID'),
});

/**
 * A fitted device and its tractor, as the provider records them (operator API and
 * `npm run admin -- provision | import`). The CSV import's header row uses these names.
 */
export const provisionRequest = z
  .strictObject({
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
  })
  .refine((v) => v.deviceModel === HTTP_DEVICE_MODEL || IMEI_PATTERN.test(v.imei), {
    // Only a phone or simple tracker may have an id that is not an IMEI: a Teltonika device sends its 15 digits.
    message: 'IMEI_INVALID',
    path: ['imei'],
    // Checked even when other fields are wrong, so every reason is given at once.
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { imei?: unknown }).imei === 'string' &&
      DEVICE_ID_PATTERN.test((value as { imei: string }).imei),
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
