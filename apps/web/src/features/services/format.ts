import type { TFunction } from 'i18next';
import { saidDuration } from '../../lib/signed-in/units';

/** Words and figures the booking screens share: a slot's time, a day's chip, a service's length. */

/** 'HH:MM' (IST, as the dealer offers it) as the reader says it: '9:00 am'. */
export function formatSlot(slot: string, lang: string): string {
  const [h, m] = slot.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return slot;
  return new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true }).format(
    Date.UTC(2000, 0, 1, h, m),
  );
}

/** 'YYYY-MM-DD' as a short day with its weekday: 'Mon, 14 Jul'. */
export function formatDay(iso: string, lang: string): string {
  const [y, mo, d] = iso.split('-').map(Number);
  if (!y || !mo || !d) return iso;
  return new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(Date.UTC(y, mo - 1, d));
}

/**
 * The expected time at the farm, in words with each number's own plural: 'About 1 hour', 'About
 * 1 hour 30 minutes', 'About 45 minutes' (the unit words of the tractor screens, lib/signed-in/units.ts).
 */
export function durationText(t: TFunction, minutes: number, lang: string): string {
  return t('book.duration', { duration: saidDuration((key, options) => t(key, options ?? {}), lang, minutes).spoken });
}

/** A phone number for a tel: link (spaces and dashes dropped). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
