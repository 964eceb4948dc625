import { INDIA_COUNTRY_CODE } from '@tractorlink/domain/patterns';

/** Numbers and dates in the reader's language, times in India (DESIGN §1: Intl, never a hand-made shift). */
export const TIME_ZONE = 'Asia/Kolkata';

export function formatDate(value: Date | number, lang: string): string {
  return new Intl.DateTimeFormat(`${lang}-IN`, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(value);
}

/** A stored 'YYYY-MM-DD' shown as a calendar date (no zone shift: it is a date, not an instant). */
export function formatIsoDate(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(`${lang}-IN`, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(Date.UTC(y, m - 1, d));
}

/** '9876543210' → '+91 98765 43210' (the way Indian numbers are read aloud). */
export function formatMobile(mobileNo: string, countryCode: string = INDIA_COUNTRY_CODE): string {
  const cc = countryCode.startsWith('+') ? countryCode : `+${countryCode}`;
  const local = mobileNo.length === 10 ? `${mobileNo.slice(0, 5)} ${mobileNo.slice(5)}` : mobileNo;
  return `${cc} ${local}`;
}

/** Whole minutes, rounded up, for "try again in N minutes". */
export function minutesFromSeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
