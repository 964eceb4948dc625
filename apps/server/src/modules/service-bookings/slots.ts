import { BOOKING_DAYS_AHEAD, nextFreeSlot, type SlotDay } from '@tractorlink/domain/service-booking';
import type { DayOffer } from '@tractorlink/domain/service-booking-api';
import { DAY_MS, istDate } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { type Dealer, isOpenOn } from './catalogue';
import { slotCounts, slotKey } from './repo';

/** The days a dealer can be booked on: tomorrow (IST) to BOOKING_DAYS_AHEAD days ahead, closed days left out. */
export function bookableDays(dealer: Dealer, now: number): SlotDay[] {
  const days: SlotDay[] = [];
  for (let k = 1; k <= BOOKING_DAYS_AHEAD; k++) {
    const date = istDate(now + k * DAY_MS);
    if (isOpenOn(dealer, date)) days.push({ date, slots: dealer.slots });
  }
  return days;
}

/** A dealer's bookable days with the room left in each slot (counts read once for the whole window). */
export async function slotBoard(db: Kysely<Database>, dealer: Dealer, now: number) {
  const days = bookableDays(dealer, now);
  const counts = days.length === 0 ? new Map<string, number>() : await slotCounts(db, dealer.id, days[0]?.date ?? '', days.at(-1)?.date ?? '');
  const booked = (date: string, slot: string) => counts.get(slotKey(date, slot)) ?? 0;
  const offers: DayOffer[] = days.map((d) => ({
    date: d.date,
    slots: d.slots.map((time) => ({ time, left: Math.max(0, dealer.capacity - booked(d.date, time)) })),
  }));
  return {
    days,
    offers,
    booked,
    isSlot: (date: string, slot: string) => days.some((d) => d.date === date && d.slots.includes(slot)),
    nextFree: (from: { date: string; slot: string }) => nextFreeSlot(days, booked, dealer.capacity, from),
  };
}
