import type { BookingStatus } from '@tractorlink/domain/service-booking';
import type { BookingView, OperatorStatusRequest } from '@tractorlink/domain/service-booking-api';
import { BOOKING_ID_PATTERN } from '@tractorlink/domain/service-booking-api';
import { AppError } from '../../errors/app-error';
import { moveAlong, type MoveDeps } from './moves';
import { type BookingWithTractor, eventsOf, findBooking, findBookingByReference, listBookings } from './repo';
import { toView } from './view';

/**
 * The provider's side of bookings (issue 15 item 6): the operator API, `npm run admin -- bookings`
 * and the demo dealer all move bookings through here, by the same rules.
 */
export class DealerDesk {
  constructor(private readonly deps: MoveDeps) {}

  async list(filter: { status?: BookingStatus | undefined; dealer?: string | undefined }): Promise<BookingView[]> {
    const rows = await listBookings(this.deps.db, { ...(filter.status ? { status: filter.status } : {}), ...(filter.dealer ? { dealer: filter.dealer } : {}) });
    const events = await eventsOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    // Dealers are named districts in the catalogue's words: the stored name is theirs.
    return rows.map((r) => toView(r, events.get(r.id) ?? [], r.district));
  }

  /** By booking id or the reference the owner reads out ('SB…', any case). */
  async find(ref: string): Promise<BookingWithTractor> {
    const booking = BOOKING_ID_PATTERN.test(ref) ? await findBooking(this.deps.db, ref) : await findBookingByReference(this.deps.db, ref.trim());
    if (!booking) throw new AppError('NOT_FOUND');
    return booking;
  }

  async get(ref: string): Promise<BookingView> {
    const booking = await this.find(ref);
    return toView(booking, (await eventsOf(this.deps.db, [booking.id])).get(booking.id) ?? [], booking.district);
  }

  /** One step by the dealer: confirm, assign (with the technician), on the way, in progress, done or cancel (with a reason). */
  async move(ref: string, request: OperatorStatusRequest): Promise<BookingView> {
    const booking = await this.find(ref);
    await moveAlong(this.deps, booking, request.status, 'dealer', { reason: request.reason, technician: request.technician });
    return this.get(booking.id);
  }
}
