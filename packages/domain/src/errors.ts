/**
 * Stable error codes of the API (DESIGN §5). The server answers
 * `{ "error": { "code", "message", "retryAfterSeconds"?, "details"? } }` with the HTTP status below;
 * the web shows the translated text for the code (catalogue key `error.<CODE>`).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,

  /** Login: unknown number or wrong PIN look the same ('invalid mobile number and PIN'). */
  LOGIN_INVALID: 401,
  /** Too many wrong PINs: wait `retryAfterSeconds` (15 min after 5, doubling after each further one). */
  PIN_LOCKED: 429,
  /** 10 wrong PINs in a row: PIN login refused until the PIN is reset by OTP. */
  PIN_BLOCKED: 423,
  PIN_OLD_INVALID: 400,
  PIN_SAME_AS_OLD: 400,
  /** Right PIN on a browser not yet bound to the account: an OTP was sent to bind it. */
  DEVICE_NOT_BOUND: 403,

  MOBILE_NOT_REGISTERED: 404,
  MOBILE_ALREADY_REGISTERED: 409,
  AGE_UNDER_18: 400,

  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  /** 5 wrong tries burned this code; a new one may be asked (within the send limits). */
  OTP_ATTEMPTS_EXCEEDED: 429,
  /** 3 sends per 15 minutes per number from this browser or address, or the number's hourly cap. */
  OTP_SEND_LIMIT: 429,
  /** This address (network) asked for too many codes this hour, all numbers together. */
  OTP_ADDRESS_LIMIT: 429,
  /** 30 s between sends. */
  OTP_RESEND_COOLDOWN: 429,
  /** The proof of a verified OTP is missing, expired, used or for another purpose. */
  OTP_TICKET_INVALID: 401,

  /** Refresh cookie missing, expired or revoked. */
  SESSION_EXPIRED: 401,
  /** A rotated refresh token was used again: the whole session is revoked. */
  SESSION_REVOKED: 401,

  /** The SMS gateway refused or did not answer; nothing was counted, the owner may try again. */
  SMS_UNAVAILABLE: 503,
  /** The service's hourly SMS allowance (all numbers) is used up; nothing was sent or counted. */
  SMS_CAP_REACHED: 503,

  /**
   * Adding a tractor: no tractor with that VIN or engine number is registered to the signed-in
   * owner's mobile (whether it does not exist or belongs to another number looks the same).
   */
  TRACTOR_NOT_FOUND: 404,
  /** Adding a tractor that has already been added (by this owner or anyone). */
  TRACTOR_ALREADY_ADDED: 409,
  /** Operator API: the X-Operator-Key header is missing or wrong. */
  OPERATOR_KEY_INVALID: 401,
  /** The places provider (diesel stations, place search) did not answer. */
  PLACES_UNAVAILABLE: 503,
  /** The weather provider failed or did not answer; the widget keeps what it has. */
  WEATHER_UNAVAILABLE: 503,
  /** Text to speech: the server's voice provider has no voice for this language. */
  NO_VOICE: 422,
  /** Text to speech: the voice provider failed or did not answer; the phone may try again later. */
  VOICE_UNAVAILABLE: 503,
  /** Alert receivers: the owner already has the most receivers allowed (5). */
  RECEIVER_LIMIT: 409,
  /** Alert receivers: this number is already a receiver on this channel. */
  RECEIVER_EXISTS: 409,
  /** Geofences: the owner already has a geofence of this name (names compare case-insensitively). */
  DUPLICATE_GEOFENCE_NAME: 409,
  /** Geofences: the owner already has the most geofences allowed (50). */
  GEOFENCE_LIMIT: 409,
  /** Geofences: the chosen state's or district's boundary is not loaded on this server. */
  BOUNDARY_NOT_LOADED: 422,
  /** Renewal: the payment gateway timed out or failed; nothing was charged, the owner may try again. */
  PAYMENT_GATEWAY_UNAVAILABLE: 503,
  /** Payment webhook: the signature does not match the raw body (not from the gateway). */
  WEBHOOK_SIGNATURE_INVALID: 401,
  /** The order is paid but its invoice is not issued yet ('invoice is being processed'). */
  INVOICE_PROCESSING: 409,
  /** Reminders: the owner already keeps the most reminders allowed (500). */
  REMINDER_LIMIT: 409,
  /** Service booking: the chosen slot has no room left; the body's `nextSlot` offers the next one with room (or null). */
  SLOT_FULL: 409,
  /** Service booking: the date or slot is not one the dealer offers (past, too far ahead, not a slot time). */
  SLOT_UNAVAILABLE: 422,
  /** Service booking: no dealer serves the district of the farm. */
  NO_DEALER: 422,
  /** Service booking: the photo is not a JPEG or PNG (by its bytes) or is over 2 MB. */
  PHOTO_INVALID: 415,
  /** Service booking: the booking is done or cancelled; nothing more can change. */
  BOOKING_FINISHED: 409,
  /** Service booking: the owner may cancel only until the technician is on the way. */
  BOOKING_CANCEL_TOO_LATE: 409,
  /** Service booking (operator): that is not the booking's next step. */
  BOOKING_STEP_INVALID: 409,
  /** Service booking: only the dealer moves a booking along. */
  BOOKING_NOT_YOURS_TO_MOVE: 403,
  /** Service booking: nothing to pay online (the booking is free or paid at the farm). */
  BOOKING_NOT_PAYABLE: 409,
  /** Service booking: the booking's charge is already paid online. */
  BOOKING_ALREADY_PAID: 409,
  /** Idempotency-Key: this key was used before for another request (another route or body). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** Idempotency-Key: the first request with this key is still running; send again after `retryAfterSeconds`. */
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  /** Hire ledger: a create with a client-made id already used for something else (other content, or another owner's). */
  ID_CONFLICT: 409,
  /** Hire ledger: the job's time overlaps another job of the same tractor. */
  JOB_OVERLAP: 409,
  /** Hire ledger: a customer with jobs or payments cannot be deleted. */
  CUSTOMER_IN_USE: 409,
  /** Hire ledger: the owner already has the most customers allowed (2,000). */
  CUSTOMER_LIMIT: 409,
  /** Hire ledger: the owner already has the most open bill and live links allowed (200). */
  LINK_LIMIT: 409,
  /** Hire ledger: the proposal was already accepted (with another job) or dismissed. */
  PROPOSAL_CLOSED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * Codes only devices and integrations read (HTTP ingestion, issue 3 §3): the same error body, but
 * never shown to an owner, so the web's catalogue has no message for them. An OsmAnd client that sent
 * its JSON document is told 404 for an unknown device, as Traccar answers (the server says so per reply).
 */
export const DEVICE_ERROR_STATUS = {
  /** OsmAnd: no `id`, `deviceid` or `device_id`. */
  DEVICE_ID_MISSING: 400,
  /** OsmAnd: a timestamp in none of the protocol's forms. */
  BAD_TIMESTAMP: 400,
  /** OsmAnd: lat and lon not both given, or out of range. */
  BAD_COORDINATES: 400,
  /** OsmAnd: the JSON document is not a location. */
  BAD_JSON: 400,
  /** The device (or one of a batch's devices) is not provisioned. */
  DEVICE_UNKNOWN: 400,
  /** The device has a key and sent none, or a wrong one. */
  DEVICE_KEY_INVALID: 401,
  /** Over the device's record budget: nothing was stored; send again after `retryAfterSeconds`. */
  DEVICE_RATE_LIMITED: 429,
} as const;

export type DeviceErrorCode = keyof typeof DEVICE_ERROR_STATUS;

/**
 * Codes in VALIDATION_FAILED `details` when a field breaks its shape rather than a named rule
 * (the named rules carry their own codes, e.g. 'MOBILE_INVALID'); one detail per field.
 */
export const GENERIC_DETAIL_CODES = ['REQUIRED', 'UNKNOWN_FIELD', 'TYPE_INVALID', 'TOO_LONG', 'TOO_SHORT', 'INVALID'] as const;
export type GenericDetailCode = (typeof GENERIC_DETAIL_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    retryAfterSeconds?: number;
    details?: { path: string; code: string }[];
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}
