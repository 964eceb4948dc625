import type { TFunction } from 'i18next';
import type { BookingStatus } from '@tractorlink/domain/service-booking';

/** A booking's status as a coloured tag with its word (the colour is never the only sign). */
export function StatusPill({ status, t }: { status: BookingStatus; t: TFunction }) {
  return <span className={`tag booking-pill pill-${status}`}>{t(`bookingStatus.step.${status}`)}</span>;
}
