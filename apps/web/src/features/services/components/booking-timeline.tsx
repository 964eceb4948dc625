import type { TFunction } from 'i18next';
import { BOOKING_STATUSES } from '@tractorlink/domain/service-booking';
import type { BookingStatus } from '@tractorlink/domain/service-booking';
import type { BookingView, TimelineEntry } from '@tractorlink/domain/service-booking-api';
import { formatIstShort } from '../../../lib/signed-in/tractor-format';

const FORWARD: readonly BookingStatus[] = BOOKING_STATUSES.filter((s) => s !== 'cancelled');

interface Step {
  status: BookingStatus;
  entry: TimelineEntry | undefined;
}

/** The steps to draw: what happened, then (unless cancelled) the steps still to come. */
function timelineSteps(booking: Pick<BookingView, 'status' | 'timeline'>): Step[] {
  const last = (s: BookingStatus) => booking.timeline.findLast((e) => e.status === s);
  if (booking.status === 'cancelled') return booking.timeline.map((entry) => ({ status: entry.status, entry }));
  return FORWARD.map((status) => ({ status, entry: last(status) }));
}

/** Spec issue 15 item 3: requested → … → done, or cancelled with its reason; steps to come dimmed. */
export function BookingTimeline({ booking, t, lang }: { booking: Pick<BookingView, 'status' | 'timeline'>; t: TFunction; lang: string }) {
  return (
    <ol className="timeline">
      {timelineSteps(booking).map(({ status, entry }, i) => (
        <li
          key={`${status}-${i}`}
          className={`${entry ? 'step-done' : 'step-future'}${status === 'cancelled' ? ' step-cancelled' : ''}`}
          aria-current={status === booking.status ? 'step' : undefined}
        >
          <span className="step-name">{t(`bookingStatus.step.${status}`)}</span>
          {entry && (
            <time className="step-time" dateTime={new Date(entry.at * 1000).toISOString()}>
              {formatIstShort(entry.at, lang)}
            </time>
          )}
          {!entry && <span className="visually-hidden">{t('bookingStatus.notYet')}</span>}
          {status === 'cancelled' && entry?.reason && (
            <span className="step-reason">{t(`bookingStatus.cancelledBy.${entry.by}`, { reason: entry.reason })}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
