import { z } from 'zod';
import {
  BOOKING_ADDRESS_MAX,
  BOOKING_NOTE_MAX,
  BOOKING_PAYMENT_CHOICES,
  BOOKING_PAYMENT_STATUSES,
  BOOKING_PAYMENTS,
  BOOKING_REASON_MAX,
  BOOKING_STATUSES,
  SERVICE_TYPES,
} from './service-booking';
import { PINCODE_PATTERN, VIN_PATTERN } from './vehicles-rules';
import { MOBILE_PATTERN } from './patterns';
import { queryNumber } from './validation';

/**
 * Doorstep service booking API bodies (issue 15; DESIGN §5), apart from the rules so screens that only
 * need those stay small. Owner routes are under the session; operator routes under X-Operator-Key.
 */
const vin = z.string().regex(VIN_PATTERN, 'VIN_INVALID');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_INVALID');
const slotTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'SLOT_INVALID');
export const BOOKING_ID_PATTERN = /^bk_[0-9a-f]{24}$/;
export const PHOTO_ID_PATTERN = /^[0-9a-f]{32}$/;
/** A booking's online payment: random, the capability of its checkout page. */
export const BOOKING_PAYMENT_ID_PATTERN = /^bpay_[0-9a-f]{24}$/;
const bookingId = z.string().regex(BOOKING_ID_PATTERN, 'NOT_FOUND');

export const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type LatLng = z.infer<typeof latLng>;

/** The farm the technician goes to: prefilled from the vehicle entry, editable. */
export const farmAddress = z.object({
  line: z.string().trim().min(1, 'REQUIRED').max(BOOKING_ADDRESS_MAX, 'TOO_LONG'),
  city: z.string().trim().min(1, 'REQUIRED').max(60, 'TOO_LONG'),
  pincode: z.string().regex(PINCODE_PATTERN, 'PINCODE_INVALID'),
  state: z.string().trim().min(1, 'REQUIRED').max(60, 'TOO_LONG'),
});
export type FarmAddress = z.infer<typeof farmAddress>;

/** A charge in paise with its GST, as the subscription's orders show it; all zero when free. */
export const bookingCharge = z.object({
  basicPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type BookingCharge = z.infer<typeof bookingCharge>;

export const serviceTypeOffer = z.object({
  type: z.enum(SERVICE_TYPES),
  /** The expected time at the farm, minutes. */
  durationMin: z.number().int(),
  /** What this booking would cost (free when the tractor has a free periodic service left). */
  free: z.boolean(),
  charge: bookingCharge,
});
export type ServiceTypeOffer = z.infer<typeof serviceTypeOffer>;

export const dealerView = z.object({ id: z.string(), name: z.string(), phone: z.string() });

export const slotOffer = z.object({ time: z.string(), left: z.number().int() });
export const dayOffer = z.object({ date: z.string(), slots: z.array(slotOffer) });
export type DayOffer = z.infer<typeof dayOffer>;

/** GET service-bookings/options?vin=&lat=&lng=: what the booking form offers for one tractor at a pin. */
export const optionsQuery = z.strictObject({
  vin,
  lat: queryNumber(z.number().min(-90).max(90)).optional(),
  lng: queryNumber(z.number().min(-180).max(180)).optional(),
});
export const bookingOptions = z.object({
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
  types: z.array(serviceTypeOffer),
  /** Free periodic services per tractor, and those left ('no free service left for the tractor' at 0). */
  freeAllowance: z.number().int(),
  freeLeft: z.number().int(),
  /** Prefilled from the vehicle entry. */
  address: farmAddress,
  /** Where the pin starts: the asked lat/lng, else the tractor's last position, else null. */
  position: latLng.nullable(),
  /** The district of the pin (or of the registered city when the pin's is unknown): the key dealers are matched by. */
  district: z.string().nullable(),
  /** The same district as the owner reads it, in the owner's language ('மதுரை' for Madurai); shown, never matched. */
  districtName: z.string().nullable(),
  /** The dealer serving that district; null: none serves it (no days offered). */
  dealer: dealerView.nullable(),
  /** The next BOOKING_DAYS_AHEAD days with each slot's room left (0: full). */
  days: z.array(dayOffer),
});
export type BookingOptions = z.infer<typeof bookingOptions>;

/** POST service-bookings/photos (multipart field `photo`): JPEG or PNG, checked by its bytes. */
export const photoUploadResponse = z.object({ photoId: z.string() });

/**
 * POST service-bookings: the owner confirms the summary. `requestId` is made by the phone once per
 * summary; the same id again answers the booking already made (a double tap books once).
 */
export const createBookingRequest = z.strictObject({
  requestId: z.uuid('INVALID'),
  vin,
  type: z.enum(SERVICE_TYPES),
  address: farmAddress,
  position: latLng,
  date: day,
  slot: slotTime,
  note: z.string().trim().max(BOOKING_NOTE_MAX, 'TOO_LONG').optional(),
  photoId: z.string().regex(PHOTO_ID_PATTERN, 'INVALID').optional(),
  /** A charged service: cash/UPI at the farm (the default) or online now; a free one ignores it. */
  payment: z.enum(BOOKING_PAYMENT_CHOICES).optional(),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;

export const bookingStatus = z.enum(BOOKING_STATUSES);
export const timelineEntry = z.object({
  status: bookingStatus,
  /** Unix seconds. */
  at: z.number().int(),
  by: z.enum(['owner', 'dealer']),
  reason: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const technician = z.object({ name: z.string(), phone: z.string() });

export const bookingView = z.object({
  bookingId: z.string(),
  /** Short reference the owner reads out on the phone: 'SB7K2Q9X'. */
  referenceId: z.string(),
  vin: z.string(),
  regNo: z.string(),
  Veh_Name: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: bookingStatus,
  date: z.string(),
  slot: z.string(),
  durationMin: z.number().int(),
  address: farmAddress,
  position: latLng,
  district: z.string().nullable(),
  /** `district` in the owner's language (the operator's views: as stored). */
  districtName: z.string().nullable(),
  dealer: dealerView,
  technician: technician.nullable(),
  note: z.string().nullable(),
  hasPhoto: z.boolean(),
  payment: z.enum(BOOKING_PAYMENTS),
  /** The online payment ('none' unless payment is 'online' and one was asked for). */
  paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
  /** Unix seconds the online payment was received, else null. */
  paidAt: z.number().int().nullable(),
  /**
   * Paid online and the money is owed back: the workshop cancelled, or the payment came after the
   * booking was cancelled. An owner's own cancel of a paid booking is not refunded (spec §1: fees
   * are non-refundable).
   */
  refundDue: z.boolean(),
  charge: bookingCharge,
  /** The owner may cancel now (not yet on the way). */
  cancellable: z.boolean(),
  /** Engine hours recorded as the service when done. */
  doneAtEngineHours: z.number().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  /** Oldest first: requested, then each change. */
  timeline: z.array(timelineEntry),
});
export type BookingView = z.infer<typeof bookingView>;

export const bookingParams = z.strictObject({ bookingId });

/**
 * POST service-bookings/{id}/payment: the gateway order for an 'online' booking's total (the server's
 * amount), made once and answered again while unpaid; the browser goes to checkoutUrl to pay.
 */
export const bookingPaymentResponse = z.object({ checkoutUrl: z.string() });
export type BookingPaymentResponse = z.infer<typeof bookingPaymentResponse>;
export const bookingPaymentParams = z.strictObject({ paymentId: z.string().regex(BOOKING_PAYMENT_ID_PATTERN, 'NOT_FOUND') });
/** GET service-bookings[?vin=]: the owner's requests, newest first (spec §2 servicerequest-history). */
export const bookingListQuery = z.strictObject({ vin: vin.optional() });
export const bookingListResponse = z.object({ data: z.array(bookingView) });
export type BookingListResponse = z.infer<typeof bookingListResponse>;

export const cancelBookingRequest = z.strictObject({ reason: z.string().trim().min(1, 'REQUIRED').max(BOOKING_REASON_MAX, 'TOO_LONG') });

/** GET service-bookings/free-services?vin=: the tractor's free periodic services. */
export const freeServicesQuery = z.strictObject({ vin });
export const freeServicesResponse = z.object({ vin: z.string(), allowance: z.number().int(), used: z.number().int(), left: z.number().int() });

/** Operator: GET operator/service-bookings[?status=] and POST operator/service-bookings/{id}/status. */
export const operatorBookingQuery = z.strictObject({ status: bookingStatus.optional(), dealer: z.string().max(40).optional() });
export const operatorStatusRequest = z
  .strictObject({
    status: z.enum(['confirmed', 'assigned', 'on_the_way', 'in_progress', 'done', 'cancelled']),
    reason: z.string().trim().min(1, 'REQUIRED').max(BOOKING_REASON_MAX, 'TOO_LONG').optional(),
    technician: z
      .strictObject({ name: z.string().trim().min(1, 'REQUIRED').max(60, 'TOO_LONG'), phone: z.string().regex(MOBILE_PATTERN, 'MOBILE_INVALID') })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'assigned' && !body.technician) ctx.addIssue({ code: 'custom', path: ['technician'], message: 'REQUIRED' });
    if (body.status === 'cancelled' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'REQUIRED' });
  });
export type OperatorStatusRequest = z.infer<typeof operatorStatusRequest>;
