import { formatDateTime, formatDay, formatRupees } from '../../public-pages/customer-figures';
import { fill } from '../../public-pages/texts';
import type { Texts } from '../../public-pages/texts';

/**
 * The message an owner sends a customer with a link (issue 17), written in the customer's language
 * from the same words the shared page uses (locales/public), and the ways to send it: the phone's own
 * share sheet where there is one, else WhatsApp or SMS, to the customer's number when it is known.
 */

/** A customer's whole bill: what is due, or that nothing is. */
export function billText(texts: Texts, lang: string, bill: { name: string; balancePaise: number; url: string }): string {
  const { name, url } = bill;
  return bill.balancePaise > 0
    ? fill(texts, 'pub.share.bill', { name, amount: formatRupees(bill.balancePaise, lang), url })
    : fill(texts, 'pub.share.billSettled', { name, url });
}

/** One job's bill: its amount, and its day. */
export function jobBillText(texts: Texts, lang: string, job: { name: string; date: string; amountPaise: number; url: string }): string {
  return fill(texts, 'pub.share.jobBill', { name: job.name, date: formatDay(job.date, lang), amount: formatRupees(job.amountPaise, lang), url: job.url });
}

/** A tractor's live position, and until when the link works. */
export function liveText(texts: Texts, lang: string, live: { regNo: string; expiresAt: number; url: string }): string {
  return fill(texts, 'pub.share.live', { regNo: live.regNo, until: formatDateTime(live.expiresAt, lang), url: live.url });
}

/** An Indian mobile number as WhatsApp and SMS want it (country code first), or nothing. */
const withCountry = (phone: string | null | undefined): string => (phone && /^[6-9]\d{9}$/.test(phone) ? `91${phone}` : '');

/** wa.me opens WhatsApp with the text ready: to the number when known, else the owner picks the chat. */
export function whatsappHref(text: string, phone?: string | null): string {
  return `https://wa.me/${withCountry(phone)}?text=${encodeURIComponent(text)}`;
}

/** An SMS with the text ready (to the number when known). */
export function smsHref(text: string, phone?: string | null): string {
  const to = withCountry(phone);
  return `sms:${to ? `+${to}` : ''}?body=${encodeURIComponent(text)}`;
}

/** A link's address on this server: the page's path (with the token in its fragment) from the app's own origin. */
export const linkUrl = (path: string, base: string = document.baseURI): string => new URL(path.replace(/^\//, ''), base).href;

/** The phone's share sheet (Android: WhatsApp, SMS and every other app), where the browser has one. */
export const canShareNatively = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';
