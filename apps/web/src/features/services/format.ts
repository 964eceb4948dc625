import type { TFunction } from 'i18next';
import { formatDecimal } from '../../lib/signed-in/tractor-format';

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

/** The expected time at the farm: minutes under an hour, else hours (1.5 h). */
export function durationText(t: TFunction, minutes: number, lang: string): string {
  return minutes < 60
    ? t('book.durationMin', { value: formatDecimal(minutes, lang, 0) })
    : t('book.durationH', { value: formatDecimal(minutes / 60, lang, 1) });
}

/** A phone number for a tel: link (spaces and dashes dropped). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
