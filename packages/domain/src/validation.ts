import { z } from 'zod';
import { MOBILE_PATTERN, OTP_PATTERN, PIN_PATTERN } from './patterns';

export { MOBILE_PATTERN };

/**
 * Field rules of spec §5, shared by the web forms and the server so both refuse the same input.
 * Each schema's message is a stable code; the web maps it to a translated text.
 */

export const mobileNo = z.string().regex(MOBILE_PATTERN, 'MOBILE_INVALID');

export const otp = z.string().regex(OTP_PATTERN, 'OTP_FORMAT');

export const pin = z.string().regex(PIN_PATTERN, 'PIN_FORMAT');

/**
 * A person's name: words of letters (with their vowel signs) in the seven languages' scripts —
 * Latin, Devanagari (hi, mr), Gurmukhi (pa), Gujarati, Tamil, Telugu — joined by single spaces.
 * The spec's A–Z rule was written for English; digits (of any script) and symbols still fail.
 */
const SCRIPT_LETTER = String.raw`(?=[\p{L}\p{M}])[\p{sc=Latin}\p{sc=Devanagari}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Tamil}\p{sc=Telugu}]`;
/** A word starts with a letter; the zero-width joiners some Indic spellings need may follow. */
const NAME_WORD = String.raw`(?=\p{L})${SCRIPT_LETTER}(?:${SCRIPT_LETTER}|[\u200C\u200D])*`;
export const FULL_NAME_PATTERN = new RegExp(`^${NAME_WORD}(?: ${NAME_WORD})*$`, 'u');
export const FULL_NAME_MAX = 60;
export const fullName = z.string().min(1, 'NAME_REQUIRED').max(FULL_NAME_MAX, 'NAME_TOO_LONG').regex(FULL_NAME_PATTERN, 'NAME_INVALID');
/**
 * A full name as a form reads it: spaces at the ends dropped and runs of them made one (a phone's
 * keyboard adds one after each suggested word), then the rule above; the form sends what it checked.
 */
export const typedFullName = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(fullName);

export const EMAIL_MAX = 254;
export const email = z.email('EMAIL_INVALID').max(EMAIL_MAX, 'EMAIL_INVALID');
/**
 * Spec §5 'email: optional, valid when given': an empty field is not given. A form (ours, or any
 * other client's) sends '' for a box left blank; it means no email, not a bad one.
 */
export const optionalEmail = z
  .string()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(email.optional())
  .optional();
/** The same on a profile edit, where null (or '') clears the stored email. */
export const clearableEmail = z
  .string()
  .transform((v) => (v === '' ? null : v))
  .pipe(email.nullable())
  .nullable()
  .optional();

export const MINIMUM_AGE_YEARS = 18;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a calendar date 'YYYY-MM-DD'; undefined when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

export const birthDate = z
  .string()
  .min(1, 'BIRTH_DATE_REQUIRED')
  .refine((v) => parseIsoDate(v) !== undefined, 'BIRTH_DATE_INVALID');

/**
 * Age in whole years on `today` ('YYYY-MM-DD', the date in India). Someone born on 29 February
 * turns a year older on 1 March in common years, as Indian law counts it.
 */
export function ageOn(birth: string, today: string): number | undefined {
  const b = parseIsoDate(birth);
  const t = parseIsoDate(today);
  if (!b || !t) return undefined;
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age -= 1;
  return age;
}

export function isAdultOn(birth: string, today: string): boolean {
  const age = ageOn(birth, today);
  return age !== undefined && age >= MINIMUM_AGE_YEARS && birth <= today;
}

/** Today's calendar date in India, whatever the zone of the process or the phone. */
export function indianDate(epochMs: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(epochMs));
}

/**
 * A number in a query string, written out in decimal. z.coerce.number reads '' as 0 (a missing
 * latitude became the Gulf of Guinea), '0x10' as 16 and ' 1e3 ' as 1000.
 */
export const queryNumber = <T extends z.ZodType<number, number>>(shape: T) =>
  z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/, 'TYPE_INVALID')
    .transform(Number)
    .pipe(shape);
