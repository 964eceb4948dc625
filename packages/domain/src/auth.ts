import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';
import { birthDate, clearableEmail, fullName, mobileNo, optionalEmail, otp, pin } from './validation';
import { isSecInBody } from './vehicles-api';

/**
 * Request and response bodies of the account API (issue 2). Every object is strict: unknown fields
 * are refused (DESIGN §5). Paths are relative to /api/v1.
 */

/** Access tokens live 15 minutes; the web refreshes ahead of expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong tries a code allows; the 5th burns that code (not the number: a new one may be asked). */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes one requester (a browser bound to the account, else an address) may ask per number per window. */
export const OTP_MAX_SENDS = 3;
export const OTP_SEND_WINDOW_SECONDS = 15 * 60;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/**
 * Codes a number may receive per hour at the request of addresses not bound to its account, all
 * together: it bounds the guesses against one number (5 per code) and the texts a stranger can
 * make its phone receive. A browser bound to the account asks outside it, so the owner always can.
 */
export const OTP_NUMBER_MAX_SENDS_PER_HOUR = 10;
export const PIN_LOCK_AFTER_FAILURES = 5;
export const PIN_LOCK_BASE_SECONDS = 15 * 60;
export const PIN_BLOCK_AFTER_FAILURES = 10;

/** Minutes the account waits after `failures` consecutive wrong PINs (0 = no wait). */
export function pinLockSeconds(failures: number): number {
  if (failures < PIN_LOCK_AFTER_FAILURES || failures >= PIN_BLOCK_AFTER_FAILURES) return 0;
  return PIN_LOCK_BASE_SECONDS * 2 ** (failures - PIN_LOCK_AFTER_FAILURES);
}

/** A browser's own random id (UUID), kept on the phone as `deviceid`; bound once per account by OTP. */
export const deviceId = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'DEVICE_ID_INVALID');

export const otpPurpose = z.enum(['register', 'reset', 'bind']);
export type OtpPurpose = z.infer<typeof otpPurpose>;

/**
 * POST otp/send — first send and every resend. `deviceID`, this browser's id, is optional: from a
 * browser bound to the account it draws on the owner's own allowance (no stranger can use it up),
 * and it lets the code be verified from this browser if its address changes meanwhile. `language`,
 * the app's, is the SMS's language for a number not yet registered (an account's own language wins).
 */
export const otpSendRequest = z.strictObject({ mobileNo, purpose: otpPurpose, deviceID: deviceId.optional(), language: z.enum(LANGUAGE_CODES).optional() });
export const otpSendResponse = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
  sendsLeft: z.number().int(),
});

/** POST otp/verify — on success returns a short-lived ticket proving the number for `purpose`. */
export const otpVerifyRequest = z.strictObject({ mobileNo, purpose: otpPurpose, otp, deviceID: deviceId.optional() });
export const otpVerifyResponse = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });

/** POST register — profile and PIN after a verified 'register' OTP; logs the new owner in. */
export const registerRequest = z.strictObject({
  ticket: z.string().min(1).max(2048),
  name: fullName,
  birthDate,
  email: optionalEmail,
  pin,
  deviceID: deviceId,
  rememberMe: z.boolean().default(true),
  acceptedTerms: z.literal(true, 'TERMS_NOT_ACCEPTED'),
});

/**
 * POST login — the spec's authentication request (§3): userName is the mobile number, password the
 * PIN. `otpTicket` (from a 'bind' OTP) binds a new browser after DEVICE_NOT_BOUND.
 */
export const loginRequest = z.strictObject({
  userName: mobileNo,
  password: pin,
  deviceID: deviceId,
  rememberMe: z.boolean().default(false),
  grantType: z.literal('password').optional(),
  requestedFrom: z.string().max(16).optional(),
  vehicleCategory: z.string().max(16).optional(),
  isSec: isSecInBody,
  refreshToken: z.string().max(0).optional(),
  otpTicket: z.string().min(1).max(2048).optional(),
});

export const userData = z.object({
  firstName: z.string(),
  name: z.string(),
  /** The country code shown before the number: '+91'. */
  mobileNoCC: z.string(),
  mobileNo: z.string(),
  email: z.string().nullable(),
  birthDate: z.string(),
  /** `image?imageName=<name>` relative to /api/v1 (spec §3: the name follows '='), or null. */
  imageURL: z.string().nullable(),
  language: z.enum(LANGUAGE_CODES),
});
export type UserData = z.infer<typeof userData>;

/** Answer of login, register and refreshtoken. The refresh token itself travels only in the cookie. */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: userData,
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** POST createpin — new PIN after a verified 'reset' OTP (forgot PIN); binds this browser. */
export const createPinRequest = z.strictObject({
  ticket: z.string().min(1).max(2048),
  pin,
  deviceID: deviceId,
});

/** POST changepin — signed in; the old PIN must be valid (wrong ones count toward the lock). */
export const changePinRequest = z.strictObject({ oldPin: pin, newPin: pin });

/** PUT profile — what the owner may change here. */
export const profileUpdateRequest = z.strictObject({
  language: z.enum(LANGUAGE_CODES).optional(),
  name: fullName.optional(),
  email: clearableEmail,
});

/** GET home — the shell's own data (tractor data comes with the telemetry issue). */
export const homeResponse = z.object({
  showMenu: z.boolean(),
  firstName: z.string(),
  tollFreeNumber: z.string(),
  tractors: z.array(
    z.object({
      vin: z.string(),
      regNo: z.string(),
      Veh_Name: z.string(),
      /** Subscription end, unix seconds (the renewal dialog and pack-expired prompts read it). */
      expiresOn: z.number().int(),
      subscriptionPack: z.enum(['free', 'month', 'year']).nullable(),
    }),
  ),
});
export type HomeResponse = z.infer<typeof homeResponse>;

export const okResponse = z.object({ ok: z.literal(true) });
