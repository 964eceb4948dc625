/**
 * Money, acres, hours, dates and times as both sides of a hire read them: the owner's screens and the
 * customer's bill show the same figures the same way. Indian grouping (1,23,456), Latin digits (as on
 * notes, receipts and UPI apps), times in India through Intl (DESIGN §1). Pure: no DOM, no i18next.
 */
const TIME_ZONE = 'Asia/Kolkata';
const locale = (lang: string) => `${lang}-IN-u-nu-latn`;

/** Paise as rupees: '₹1,200', or '₹1,200.50' when there are paise. */
export function formatRupees(paise: number, lang: string): string {
  const whole = paise % 100 === 0;
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}

/** A measured figure (acres, hours) with its 2 decimals at most: '2.37', '12', '1,234.5'. */
export function formatFigure(value: number, lang: string, fraction = 2): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: fraction }).format(value);
}

/** A calendar date 'YYYY-MM-DD' (no zone shift: a date, not an instant): '20 Nov 2026'. */
export function formatDay(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(Date.UTC(y, m - 1, d));
}

/** Epoch seconds as a time of day in India: '7:40 am'. */
export function formatTime(epochSeconds: number, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true }).format(epochSeconds * 1000);
}

/** Epoch seconds as a date and time in India: '20 Nov, 7:40 am'. */
export function formatDateTime(epochSeconds: number, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(epochSeconds * 1000);
}

/** What the owner typed in rupees ('1,200', '1200.5', '₹ 850') as whole paise; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Paise back into the rupees an input shows: '1200', '1200.50'. */
export function rupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}
