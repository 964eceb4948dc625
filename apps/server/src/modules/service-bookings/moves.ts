import type { Kysely, Updateable } from 'kysely';
import { type BookingActor, type BookingStatus, transitionRefusal } from '@tractorlink/domain/service-booking';
import { istDate } from '@tractorlink/domain/time';
import type { Clock } from '../../clock';
import type { Database, ServiceBookingsTable } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { ServiceBook } from '../vehicles/service-book';
import { type BookingWithTractor, findBooking, moveBooking } from './repo';

export interface MoveDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The tractor's engine hours now (what the app shows): a finished service is recorded at them. */
  engineHours: (tractorId: string) => Promise<number>;
  serviceBook: Pick<ServiceBook, 'store'>;
}

export interface MoveDetails {
  reason?: string | undefined;
  technician?: { name: string; phone: string } | undefined;
}

/** A move that raced another more than this many times is given up (it cannot happen in practice). */
const ATTEMPTS = 3;

/**
 * Moves a booking one step (the rules of transitionRefusal) and writes the step in its timeline.
 * When someone else moved it at the same moment, the step is judged again from where it now is
 * (an owner's cancel racing the dealer's confirm still cancels). 'done' records the service at
 * the tractor's engine hours, which restarts its service due.
 */
export async function moveAlong(deps: MoveDeps, booking: BookingWithTractor, to: BookingStatus, actor: BookingActor, details: MoveDetails = {}): Promise<void> {
  const { db, clock } = deps;
  let from = booking.status as BookingStatus;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const refusal = transitionRefusal(from, to, actor);
    if (refusal) throw new AppError(refusal);
    const now = clock.now();
    const changes: Updateable<ServiceBookingsTable> & { status: BookingStatus; updated_at: number } = { status: to, updated_at: now };
    if (to === 'assigned' && details.technician)
      Object.assign(changes, { technician_name: details.technician.name, technician_phone: details.technician.phone });
    const hours = to === 'done' ? await deps.engineHours(booking.tractor_id) : undefined;
    if (hours !== undefined) changes.done_at_engine_h = Math.round(hours * 10) / 10;
    // The owner's own steps need no notification to the owner: they are marked told at once.
    const moved = await moveBooking(db, booking.id, from, changes, { actor, reason: details.reason ?? null, notified_at: actor === 'owner' ? now : null });
    if (moved) {
      if (hours !== undefined)
        await deps.serviceBook.store(
          booking.tractor_id,
          { doneOn: istDate(now), engineHours: hours, note: `Doorstep service ${booking.reference_id}` },
          'operator',
        );
      return;
    }
    const fresh = await findBooking(db, booking.id);
    if (!fresh) throw new AppError('NOT_FOUND');
    from = fresh.status as BookingStatus;
  }
  throw new AppError('BOOKING_STEP_INVALID');
}
