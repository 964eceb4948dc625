/**
 * The bare field patterns of spec §5, with no zod: screens that must stay tiny (the login screen,
 * DESIGN §1's 120 KB budget) check input with these, and the zod schemas in validation.ts use the same ones.
 */

/** Indian mobile numbers: 10 digits, digits only, starting 6–9 (numbering plan of India). */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;
export const PIN_PATTERN = /^\d{4}$/;

/** Country code shown before a stored 10-digit number. */
export const INDIA_COUNTRY_CODE = '+91';

/** Profile pictures (spec §5): jpeg or png, at most 2 MB. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
