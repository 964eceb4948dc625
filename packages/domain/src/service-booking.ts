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
