import { DEVICE_ERROR_STATUS, ERROR_STATUS } from '@tractorlink/domain/errors';
import type { DeviceErrorCode, ErrorCode } from '@tractorlink/domain/errors';

/** The API's codes and the codes only devices read (ingestion). */
export type ServerErrorCode = ErrorCode | DeviceErrorCode;

export interface ErrorDetail {
  path: string;
  code: string;
}

/** English fallback texts; the web shows its own translation of the code. */
const MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  UNAUTHENTICATED: 'Sign in first.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Try again later.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  INTERNAL: 'Something went wrong.',
  LOGIN_INVALID: 'Invalid mobile number and PIN.',
  PIN_LOCKED: 'Too many wrong PINs. Try again later.',
  PIN_BLOCKED: 'Too many wrong PINs. Reset your PIN with an OTP.',
  PIN_OLD_INVALID: 'The old PIN is not valid.',
  PIN_SAME_AS_OLD: 'The new PIN must differ from the old one.',
  DEVICE_NOT_BOUND: 'This browser is new for this account. Enter the OTP sent to your mobile.',
  MOBILE_NOT_REGISTERED: 'This mobile number is not registered.',
  MOBILE_ALREADY_REGISTERED: 'This mobile number is already registered.',
  AGE_UNDER_18: 'You must be 18 or older.',
  OTP_INVALID: 'Invalid OTP.',
  OTP_EXPIRED: 'The OTP has expired. Ask for a new one.',
  OTP_ATTEMPTS_EXCEEDED: 'Too many wrong OTPs. Ask for a new one.',
  OTP_SEND_LIMIT: 'Too many OTPs sent. Try again later.',
  OTP_ADDRESS_LIMIT: 'Too many OTPs were asked from this network. Try again later or from another network.',
  OTP_RESEND_COOLDOWN: 'Wait before asking for another OTP.',
  OTP_TICKET_INVALID: 'Verify your mobile number again.',
  SESSION_EXPIRED: 'Your session has ended. Sign in again.',
  SESSION_REVOKED: 'Your session was ended for safety. Sign in again.',
  SMS_UNAVAILABLE: 'The SMS could not be sent. Try again later.',
  SMS_CAP_REACHED: 'No more SMS can be sent this hour. Try again later.',
  PLACES_UNAVAILABLE: 'Place search is not available just now. Try again later.',
  WEATHER_UNAVAILABLE: 'Weather is not available just now. Try again later.',
  NO_VOICE: 'No voice for this language',
  VOICE_UNAVAILABLE: 'The voice is not available just now. Try again later.',
  TRACTOR_NOT_FOUND: 'No tractor with this number is registered to your mobile number.',
  TRACTOR_ALREADY_ADDED: 'This tractor has already been added.',
  OPERATOR_KEY_INVALID: 'The operator key is missing or wrong.',
  RECEIVER_LIMIT: 'You already have the most alert receivers allowed.',
  RECEIVER_EXISTS: 'This number already receives alerts this way.',
  DUPLICATE_GEOFENCE_NAME: 'You already have a geofence with this name.',
  GEOFENCE_LIMIT: 'You already have the most geofences allowed.',
  BOUNDARY_NOT_LOADED: 'The boundary of this state or district is not available. Choose another or draw the area.',
  PAYMENT_GATEWAY_UNAVAILABLE: 'The payment gateway did not answer; nothing was charged',
  WEBHOOK_SIGNATURE_INVALID: 'Webhook signature does not match',
  INVOICE_PROCESSING: 'The invoice is being processed',
  REMINDER_LIMIT: 'You can keep up to 500 reminders',
  SLOT_FULL: 'This slot is full. Choose the next free slot.',
  SLOT_UNAVAILABLE: 'This date or slot cannot be booked.',
  NO_DEALER: 'No workshop serves the district of this farm yet.',
  PHOTO_INVALID: 'The photo must be a JPEG or PNG picture.',
  BOOKING_FINISHED: 'This booking is already done or cancelled.',
  BOOKING_CANCEL_TOO_LATE: 'The technician is already on the way: call the workshop to cancel.',
  BOOKING_STEP_INVALID: 'That is not the next step of this booking.',
  BOOKING_NOT_YOURS_TO_MOVE: 'Only the workshop moves a booking along.',
  BOOKING_NOT_PAYABLE: 'This booking has nothing to pay online: it is free or paid at the farm.',
  BOOKING_ALREADY_PAID: 'This booking is already paid.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for another request.',
  IDEMPOTENCY_KEY_IN_PROGRESS: 'The first request with this Idempotency-Key is still running. Try again shortly.',
  ID_CONFLICT: 'This was already saved with other details; it was not saved again.',
  JOB_OVERLAP: 'This tractor already has a job at that time.',
  CUSTOMER_IN_USE: 'This customer has jobs or payments and cannot be deleted.',
  CUSTOMER_LIMIT: 'You already have the most customers allowed.',
  LINK_LIMIT: 'You already have the most open links allowed. Stop an old link first.',
  PROPOSAL_CLOSED: 'This job suggestion was already answered.',
};

const DEVICE_MESSAGES: Record<DeviceErrorCode, string> = {
  DEVICE_ID_MISSING: 'The device id (id, deviceid or device_id) is required.',
  BAD_TIMESTAMP: 'The timestamp is not seconds, ms, ISO-8601 or yyyy-MM-dd HH:mm:ss.',
  BAD_COORDINATES: 'lat and lon must both be given and within range.',
  BAD_JSON: 'The JSON document is not a location.',
  DEVICE_UNKNOWN: 'This device is not provisioned.',
  DEVICE_KEY_INVALID: 'The device key is missing or wrong.',
  DEVICE_RATE_LIMITED: 'This device sent too many records; send again later.',
};

const isDeviceCode = (code: ServerErrorCode): code is DeviceErrorCode => code in DEVICE_ERROR_STATUS;

/** What an error body may carry besides its code and message. */
export interface ErrorExtra {
  /** A protocol's own status for the code (OsmAnd's JSON form: DEVICE_UNKNOWN is 404, as Traccar answers). */
  status?: number;
  retryAfterSeconds?: number;
  details?: ErrorDetail[];
  /** SLOT_FULL: the next slot with room (null: none within the booking window). */
  nextSlot?: { date: string; slot: string } | null;
}

/** An operational error with a stable code (DESIGN §5); anything else is a bug and answers INTERNAL. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ServerErrorCode,
    readonly extra: ErrorExtra = {},
  ) {
    super(errorMessage(code));
    this.name = 'AppError';
    this.statusCode = extra.status ?? errorStatus(code);
  }
}

export function errorMessage(code: ServerErrorCode): string {
  return isDeviceCode(code) ? DEVICE_MESSAGES[code] : MESSAGES[code];
}

export function errorStatus(code: ServerErrorCode): number {
  return isDeviceCode(code) ? DEVICE_ERROR_STATUS[code] : ERROR_STATUS[code];
}
