import { DAY_MS, IST_OFFSET_MS, istDayStart } from './time';

/**
 * Subscriptions (spec §1, §3 Subscription, §4 "Subscription: valid, expiring in N days, expired or
 * free"): month and year packs bought per tractor, a free pack for new tractors, GST on every sale.
 * Rules only (no zod: the home screen's renewal dialog imports this); the API bodies are in
 * subscription-api.ts.
 */

export const PAID_PACKS = ['month', 'year'] as const;
export type PaidPack = (typeof PAID_PACKS)[number];
export type Pack = PaidPack | 'free';

/** Days a paid pack adds to a tractor's subscription. */
export const PACK_DAYS: Record<PaidPack, number> = { month: 30, year: 365 };

/**
 * The renewal dialog and 'expiring in N days' start this many IST days before a pack ends, the day
 * included (spec §2 renewal dialog): the day the 7-day reminder (SUBSCRIPTION_REMINDER_DAYS) arrives,
 * the app says the same, with Renew.
 */
export const EXPIRY_WARNING_DAYS = 7;

/** A renewal order covers at most this many tractors (the renewal page lists the owner's tractors). */
export const MAX_TRACTORS_PER_ORDER = 10;

export type SubscriptionState = 'valid' | 'expiring' | 'expired' | 'free';

/**
 * Spec §4: expired once the end has passed; expiring in N days for N up to EXPIRY_WARNING_DAYS IST
 * days, 7 included (whatever the pack, a free one included: it must be renewed too); otherwise free
 * while on the free pack, else valid. `daysLeft` counts IST calendar days, 0 on the last day.
 */
export function subscriptionState(expiresOnMs: number, pack: Pack | null, now: number): { state: SubscriptionState; daysLeft: number } {
  const daysLeft = Math.round((istDayStart(expiresOnMs) - istDayStart(now)) / DAY_MS);
  if (expiresOnMs <= now) return { state: 'expired', daysLeft };
  if (daysLeft <= EXPIRY_WARNING_DAYS) return { state: 'expiring', daysLeft };
  return { state: pack === 'free' ? 'free' : 'valid', daysLeft };
}

/** A pack bought now runs from the current end (or now, if already expired) for PACK_DAYS. */
export function extendedPeriod(currentEndMs: number, pack: PaidPack, now: number): { validFrom: number; validTill: number } {
  const validFrom = Math.max(currentEndMs, now);
  return { validFrom, validTill: validFrom + PACK_DAYS[pack] * DAY_MS };
}

// ---------------------------------------------------------------------------------------------
// GST (CGST Act: intra-state supply bears CGST + SGST, inter-state IGST). SAC and rates come from
// configuration; the split is the law's.

/** GST state codes (first two digits of a GSTIN), by the state names tractors are registered with. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const normaliseState = (state: string) =>
  state
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ');

/** The GST state code of a state name (case and '&' forgiven), or undefined for an unknown one. */
export function gstStateCode(state: string): string | undefined {
  const wanted = normaliseState(state);
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (normaliseState(name) === wanted) return code;
  return undefined;
}

export interface TaxBreakdown {
  taxablePaise: number;
  /** True when the place of supply is in the supplier's state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * The place of supply of a service to an unregistered buyer (B2C; IGST Act s. 12(2)(b)): the
 * buyer's state when their address on record names one we know, otherwise the supplier's own
 * state (s. 12(2)(b)(ii)). Returns the state as the invoice prints it, and its GST code.
 */
export function placeOfSupply(supplierState: string, recipientState: string): { state: string; code: string | undefined } {
  const code = gstStateCode(recipientState);
  if (code !== undefined) return { state: recipientState.trim(), code };
  return { state: supplierState, code: gstStateCode(supplierState) };
}

/**
 * A percentage of an amount in paise, rounded half up to the paisa, in integers only (no binary
 * fractions): 9 % of 150 paise is 13.5, so 14.
 */
export const percentOf = (paise: number, percent: number) => Math.floor((paise * percent + 50) / 100);

/**
 * GST at 18 % on a taxable value in paise: CGST 9 % + SGST 9 % when the place of supply (above) is
 * the supplier's state, else IGST 18 %. The one rounding rule: each tax is computed once on the
 * invoice's (order's) whole taxable value and rounded half up to the paisa on its own (percentOf);
 * the total is taxable + the taxes, so every printed line adds up. CGST and SGST are always equal;
 * on a value whose 9 % ends in exactly half a paisa, CGST + SGST is one paisa more than IGST would be.
 */
export function gstOn(taxablePaise: number, supplierState: string, recipientState: string): TaxBreakdown {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError(`taxable value ${taxablePaise} is not a whole number of paise`);
  const supplierCode = gstStateCode(supplierState);
  const intraState = supplierCode !== undefined && supplierCode === placeOfSupply(supplierState, recipientState).code;
  const half = percentOf(taxablePaise, 9);
  const cgstPaise = intraState ? half : 0;
  const sgstPaise = intraState ? half : 0;
  const igstPaise = intraState ? 0 : percentOf(taxablePaise, 18);
  return { taxablePaise, intraState, cgstPaise, sgstPaise, igstPaise, totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise };
}

/**
 * The invoice's service line as configured by default (INVOICE_SERVICE). When an invoice carries
 * exactly this text, screens and PDFs show it in the reader's language; another configured text is
 * the provider's own and is shown as issued.
 */
export const DEFAULT_INVOICE_SERVICE = 'Tractor telematics subscription';

/** The Indian financial year (1 April to 31 March, IST) of a moment, as '26-27'. */
export function financialYear(t: number): string {
  const d = new Date(t + IST_OFFSET_MS);
  const start = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Rule 46(b) CGST Rules: at most 16 characters, unique per financial year: 'TL/26-27/000001'. */
export function invoiceNumber(prefix: string, fy: string, sequence: number): string {
  const number = `${prefix}/${fy}/${String(sequence).padStart(6, '0')}`;
  if (number.length > 16) throw new RangeError(`invoice number ${number} is longer than 16 characters`);
  return number;
}
