import { z } from 'zod';
import { MAX_TRACTORS_PER_ORDER, PAID_PACKS } from './subscription';
import { VIN_PATTERN } from './vehicles-rules';

/** Subscription API bodies (DESIGN §5; spec §7 Subscription), apart from the rules so screens that only need those stay small. */
const vin = z.string().regex(VIN_PATTERN);

export const packOffer = z.object({
  pack: z.enum(PAID_PACKS),
  days: z.number().int(),
  /** Basic charges before GST, paise. */
  basicPaise: z.number().int(),
});

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
  vins: z
    .array(vin)
    .min(1)
    .max(MAX_TRACTORS_PER_ORDER)
    .refine((v) => new Set(v).size === v.length, { message: 'DUPLICATE_VIN' }),
  pack: z.enum(PAID_PACKS),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const orderStatus = z.enum(['pending', 'paid', 'failed']);

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
