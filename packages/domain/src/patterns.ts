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

/** The zero of each other script's digits the seven languages write: Devanagari, Gurmukhi, Gujarati, Tamil, Telugu. */
const DIGIT_ZEROS = [0x0966, 0x0a66, 0x0ae6, 0x0be6, 0x0c66];

/**
 * The digits of what was typed, as 0–9 (a Hindi or Tamil keyboard may type ९ or ௯; the API takes 0–9
 * only); anything else is dropped.
 */
export function latinDigits(input: string): string {
  let out = '';
  for (const ch of input) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x30 && c <= 0x39) out += ch;
    else {
      const zero = DIGIT_ZEROS.find((z) => c >= z && c <= z + 9);
      if (zero !== undefined) out += String(c - zero);
    }
  }
  return out;
}

/**
 * A mobile number field's value from what was typed, pasted or filled in by the phone: digits only,
 * without India's +91 or the trunk 0 before the 10 digits ('+91 98765 43210', '098765 43210' → 9876543210).
 */
export function mobileDigits(input: string): string {
  const digits = latinDigits(input);
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}
/** Characters a mobile field takes: room for '+91 98765 43210' pasted whole (it keeps 10 digits of it). */
export const MOBILE_FIELD_MAX_CHARS = 16;

/** Profile pictures (spec §5): jpeg or png, at most 2 MB. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** Bytes profileImageType needs to see. */
export const IMAGE_SIGNATURE_BYTES = PNG_SIGNATURE.length;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * A picture's type told by its first bytes, never by its name or declared type (phones label camera
 * files '' or 'image/jpg'; a renamed file lies): the phone and the server decide alike.
 */
export function profileImageType(head: Uint8Array): ProfileImageType | undefined {
  if (startsWith(head, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(head, JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}
