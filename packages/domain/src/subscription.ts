import { z } from 'zod';
import { DAY_MS, IST_OFFSET_MS, istDayStart } from './time';
import { VIN_PATTERN } from './vehicles';

/**
 * Subscriptions (spec §1, §3 Subscription, §4 "Subscription: valid, expiring in N days, expired or
 * free"): month and year packs bought per tractor, a free pack for new tractors, GST on every sale.
 */

export const PAID_PACKS = ['month', 'year'] as const;
export type PaidPack = (typeof PAID_PACKS)[number];
export type Pack = PaidPack | 'free';

/** Days a paid pack adds to a tractor's subscription. */
export const PACK_DAYS: Record<PaidPack, number> = { month: 30, year: 365 };

/** The renewal dialog and reminders start this many days before a pack ends (spec §2 renewal dialog). */
export const EXPIRY_WARNING_DAYS = 7;

/** A renewal order covers at most this many tractors (the renewal page lists the owner's tractors). */
export const MAX_TRACTORS_PER_ORDER = 10;

export type SubscriptionState = 'valid' | 'expiring' | 'expired' | 'free';

/**
 * Spec §4: expired once the end has passed; expiring in N days within EXPIRY_WARNING_DAYS IST days
 * of the end (whatever the pack, a free one included: it must be renewed too); otherwise free while
 * on the free pack, else valid. `daysLeft` counts IST calendar days, 0 on the last day.
 */
export function subscriptionState(expiresOnMs: number, pack: Pack | null, now: number): { state: SubscriptionState; daysLeft: number } {
  const daysLeft = Math.round((istDayStart(expiresOnMs) - istDayStart(now)) / DAY_MS);
  if (expiresOnMs <= now) return { state: 'expired', daysLeft };
  if (daysLeft < EXPIRY_WARNING_DAYS) return { state: 'expiring', daysLeft };
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
  'Jammu and Kashmir': '01', 'Himachal Pradesh': '02', Punjab: '03', Chandigarh: '04', Uttarakhand: '05', Haryana: '06',
  Delhi: '07', Rajasthan: '08', 'Uttar Pradesh': '09', Bihar: '10', Sikkim: '11', 'Arunachal Pradesh': '12', Nagaland: '13',
  Manipur: '14', Mizoram: '15', Tripura: '16', Meghalaya: '17', Assam: '18', 'West Bengal': '19', Jharkhand: '20', Odisha: '21',
  Chhattisgarh: '22', 'Madhya Pradesh': '23', Gujarat: '24', 'Dadra and Nagar Haveli and Daman and Diu': '26', Maharashtra: '27',
  Karnataka: '29', Goa: '30', Lakshadweep: '31', Kerala: '32', 'Tamil Nadu': '33', Puducherry: '34',
  'Andaman and Nicobar Islands': '35', Telangana: '36', 'Andhra Pradesh': '37', Ladakh: '38',
};

const normaliseState = (state: string) => state.trim().toLowerCase().replace(/\s*&\s*/g, ' and ').replace(/\s+/g, ' ');

/** The GST state code of a state name (case and '&' forgiven), or undefined for an unknown one. */
export function gstStateCode(state: string): string | undefined {
  const wanted = normaliseState(state);
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (normaliseState(name) === wanted) return code;
  return undefined;
}

export interface TaxBreakdown {
  taxablePaise: number;
  /** True when supplier and recipient are in the same state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** GST at 18 % on a taxable value in paise: 9 % + 9 % within the supplier's state, else 18 % IGST. */
export function gstOn(taxablePaise: number, supplierState: string, recipientState: string): TaxBreakdown {
  const supplierCode = gstStateCode(supplierState);
  const intraState = supplierCode !== undefined && supplierCode === gstStateCode(recipientState);
  const half = Math.round((taxablePaise * 9) / 100);
  const cgstPaise = intraState ? half : 0;
  const sgstPaise = intraState ? half : 0;
  const igstPaise = intraState ? 0 : Math.round((taxablePaise * 18) / 100);
  return { taxablePaise, intraState, cgstPaise, sgstPaise, igstPaise, totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise };
}

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

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${ones ? `-${ONES[ones] ?? ''}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds] ?? ''} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Whole rupees in words, Indian system (thousand, lakh, crore). */
function rupeesInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${rupeesInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The invoice's "total in words", as Indian tax invoices write it (in English, the language of the
 * GST documents): 'Rupees Two Thousand Three Hundred Fifty-Eight and Eighty-Two Paise Only'.
 */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${rupeesInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

// ---------------------------------------------------------------------------------------------
// API bodies (DESIGN §5; spec §7 Subscription).

const vin = z.string().regex(VIN_PATTERN);

export const packOffer = z.object({
  pack: z.enum(PAID_PACKS),
  days: z.number().int(),
  /** Basic charges before GST, paise. */
  basicPaise: z.number().int(),
});
export type PackOffer = z.infer<typeof packOffer>;

/** One tractor's scheme: its packs with prices and where its subscription stands. */
export const scheme = z.object({
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
  /** Unix seconds. */
  expiresOn: z.number().int(),
  pack: z.enum(['free', ...PAID_PACKS]).nullable(),
  state: z.enum(['valid', 'expiring', 'expired', 'free']),
  daysLeft: z.number().int(),
  packs: z.array(packOffer),
});
export type Scheme = z.infer<typeof scheme>;
/** Spec §3 "Scheme response: a result list, of which the first item is used." */
export const schemeResponse = z.object({ result: z.array(scheme) });
export const schemeQuery = z.strictObject({ VIN: vin, isSec: z.enum(['true', 'false']).optional() });

/** POST subscription/orders: what the owner buys. The amount is the server's, never the client's. */
export const createOrderRequest = z.strictObject({
  vins: z.array(vin).min(1).max(MAX_TRACTORS_PER_ORDER).refine((v) => new Set(v).size === v.length, { message: 'DUPLICATE_VIN' }),
  pack: z.enum(PAID_PACKS),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const orderStatus = z.enum(['pending', 'paid', 'failed']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const orderItem = z.object({
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
  basicPaise: z.number().int(),
  /** Unix seconds; known once paid. */
  validFrom: z.number().int().nullable(),
  validTill: z.number().int().nullable(),
});

/** Spec §2 payment summary and result: basic charges, tax, total, reference id. */
export const orderView = z.object({
  orderId: z.string(),
  referenceId: z.string(),
  pack: z.enum(PAID_PACKS),
  status: orderStatus,
  /** True while a payment may have been taken but is not confirmed: 'payment processed or not processed'. */
  unconfirmed: z.boolean(),
  items: z.array(orderItem),
  basicPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  transactionId: z.string().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  /** Where the browser goes to pay (the gateway's checkout page), while the order can be paid. */
  checkoutUrl: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderView>;
export const orderParams = z.strictObject({ orderId: z.string().regex(/^ord_[A-Za-z0-9]{10,40}$/) });

/** Spec §3 Subscription, as the history lists it. */
export const historyEntry = z.object({
  pack: z.enum(['free', ...PAID_PACKS]),
  validFrom: z.number().int(),
  validTill: z.number().int(),
  amountPaidPaise: z.number().int(),
  transactionId: z.string().nullable(),
  referenceId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** Null for the free pack; 'processing' until the invoice exists. */
  invoice: z.enum(['ready', 'processing']).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyQuery = z.strictObject({ vin, isSec: z.enum(['true', 'false']).optional() });
export const historyResponse = z.object({ data: z.array(historyEntry), pending: z.array(orderView) });

export const invoiceView = z.object({
  number: z.string(),
  /** Unix seconds. */
  issuedAt: z.number().int(),
  orderId: z.string(),
  referenceId: z.string(),
  transactionId: z.string(),
  supplier: z.object({ name: z.string(), address: z.string(), gstin: z.string(), state: z.string() }),
  recipient: z.object({ name: z.string(), mobile: z.string(), address: z.string(), state: z.string() }),
  placeOfSupply: z.string(),
  sac: z.string(),
  serviceDescription: z.string(),
  pack: z.enum(PAID_PACKS),
  lines: z.array(z.object({ vin: z.string(), regNo: z.string(), validFrom: z.number().int(), validTill: z.number().int(), taxablePaise: z.number().int() })),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  totalInWords: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceView>;
