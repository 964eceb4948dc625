/**
 * Doorstep service bookings (issue 15; spec §1 "book doorstep services", §4 "free services can run
 * out per tractor"): the status a booking moves through, who may move it, and the slot and free-service
 * arithmetic. Rules only (no zod), shared by the server, the operator commands and the screens.
 */

export const BOOKING_STATUSES = ['requested', 'confirmed', 'assigned', 'on_the_way', 'in_progress', 'done', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who moves a booking along: the owner only requests and cancels; the dealer does the rest. */
export type BookingActor = 'owner' | 'dealer';

/** The forward path; cancelled is reachable from the statuses in CANCELLABLE_BY. */
const NEXT: Partial<Record<BookingStatus, BookingStatus>> = {
  requested: 'confirmed',
  confirmed: 'assigned',
  assigned: 'on_the_way',
  on_the_way: 'in_progress',
  in_progress: 'done',
};

/** The owner may cancel while nobody is on the way; the dealer until the work starts. */
const CANCELLABLE_BY: Record<BookingActor, readonly BookingStatus[]> = {
  owner: ['requested', 'confirmed', 'assigned'],
  dealer: ['requested', 'confirmed', 'assigned', 'on_the_way'],
};

export type TransitionRefusal = 'BOOKING_FINISHED' | 'BOOKING_STEP_INVALID' | 'BOOKING_CANCEL_TOO_LATE' | 'BOOKING_NOT_YOURS_TO_MOVE';

/** Whether `actor` may move a booking from `from` to `to`; the refusal code otherwise. */
export function transitionRefusal(from: BookingStatus, to: BookingStatus, actor: BookingActor): TransitionRefusal | null {
  if (from === 'done' || from === 'cancelled') return 'BOOKING_FINISHED';
  if (to === 'cancelled') return CANCELLABLE_BY[actor].includes(from) ? null : 'BOOKING_CANCEL_TOO_LATE';
  if (actor === 'owner') return 'BOOKING_NOT_YOURS_TO_MOVE';
  return NEXT[from] === to ? null : 'BOOKING_STEP_INVALID';
}

/** Statuses that notify the owner by SMS as well as by push (issue 15 item 3). */
export const SMS_STATUSES: readonly BookingStatus[] = ['confirmed', 'on_the_way'];

/** Free periodic services left for a tractor: the allowance less those used (never below 0). */
export function freeServicesLeft(allowance: number, used: number): number {
  return Math.max(0, allowance - used);
}

/**
 * A dealer's day in slots: each holds `capacity` bookings; a full slot is refused and the next slot with
 * room (the same day first, then the following days within `searchDays`) is offered.
 */
export interface SlotDay {
  /** 'YYYY-MM-DD' (IST). */
  date: string;
  /** Slot labels in day order, e.g. '09:00', '13:00'. */
  slots: readonly string[];
}

export function nextFreeSlot(
  days: readonly SlotDay[],
  booked: (date: string, slot: string) => number,
  capacity: number,
  from: { date: string; slot: string },
): { date: string; slot: string } | null {
  for (const day of days) {
    if (day.date < from.date) continue;
    for (const slot of day.slots) {
      if (day.date === from.date && slot < from.slot) continue;
      if (booked(day.date, slot) < capacity) return { date: day.date, slot };
    }
  }
  return null;
}

/**
 * Service types the provider's workshops offer (issue 15 item 1). The ids are fixed (the screens name
 * them in every language); the catalogue configuration sets each one's duration, price and whether it
 * is offered at all.
 */
export const SERVICE_TYPES = ['periodic', 'repair', 'washing', 'tyre', 'electrical', 'hydraulic'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Only periodic services count against a tractor's free allowance. */
export const FREE_ELIGIBLE_TYPE: ServiceType = 'periodic';

/**
 * How a booking's charge is settled: nothing to pay, cash/UPI to the technician at the farm, or online
 * through the payment gateway, as a subscription pack is paid (the owner chooses at the summary).
 */
export const BOOKING_PAYMENTS = ['free', 'at_farm', 'online'] as const;
export type BookingPayment = (typeof BOOKING_PAYMENTS)[number];
/** What the owner may choose for a charged service. */
export const BOOKING_PAYMENT_CHOICES = ['at_farm', 'online'] as const;
export type BookingPaymentChoice = (typeof BOOKING_PAYMENT_CHOICES)[number];
/** Where an online payment stands: none asked yet (or not online), at the gateway, paid, or the last try failed. */
export const BOOKING_PAYMENT_STATUSES = ['none', 'pending', 'paid', 'failed'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

export const BOOKING_NOTE_MAX = 300;
export const BOOKING_REASON_MAX = 200;
export const BOOKING_ADDRESS_MAX = 200;
/** The photo the owner may add (the phone re-encodes it as JPEG before sending; the server checks the bytes). */
export const BOOKING_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** How far ahead a slot may be booked, days (today excluded: the dealer needs notice). */
export const BOOKING_DAYS_AHEAD = 14;

/** Statuses a booking is still open in (the history's 'ongoing' group, the status screen's default). */
export const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = ['requested', 'confirmed', 'assigned', 'on_the_way', 'in_progress'];

/** Whether the owner may still cancel (the status screen shows Cancel only then). */
export function ownerMayCancel(status: BookingStatus): boolean {
  return transitionRefusal(status, 'cancelled', 'owner') === null;
}
