import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { OPEN_BOOKING_STATUSES } from '@tractorlink/domain/service-booking';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { LOADER_TIMEOUT_MS, useLoaderTimeout } from '../../hooks/use-loader-timeout';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { formatRupees } from '../../lib/signed-in/subscription';
import { useServiceTexts } from '../../lib/signed-in/services-texts';
import { Said } from '../../components/tractor/said';
import { useUnits } from '../../lib/signed-in/units';
import { useCancelBooking } from './api/cancel-booking';
import { useBooking, useBookings } from './api/get-bookings';
import { BookingPayment } from './components/booking-payment';
import { BookingTimeline } from './components/booking-timeline';
import { CancelDialog } from './components/cancel-dialog';
import { StatusPill } from './components/status-pill';
import { durationText, formatDay, formatSlot, telHref } from './format';
import './services.css';
import { Loading } from '../../components/ui/loading';

type T = ReturnType<typeof useServiceTexts>['t'];

function Facts({ booking, t, lang }: { booking: BookingView; t: T; lang: string }) {
  const units = useUnits();
  const a = booking.address;
  return (
    <dl className="facts">
      <dt>{t('bookingStatus.reference')}</dt>
      <dd dir="ltr">{booking.referenceId}</dd>
      <dt>{t('book.tractor')}</dt>
      <dd>
        {booking.Veh_Name}{' '}
        <span lang="en" dir="ltr">
          {booking.regNo}
        </span>
      </dd>
      <dt>{t('summary.when')}</dt>
      <dd>
        {formatDay(booking.date, lang)}, <span dir="ltr">{formatSlot(booking.slot, lang)}</span> · {durationText(t, booking.durationMin, lang)}
      </dd>
      <dt>{t('book.address')}</dt>
      <dd>{[a.line, a.city, a.pincode, a.state].join(', ')}</dd>
      <dt>{t('book.dealer')}</dt>
      <dd>
        {booking.dealer.name} <span dir="ltr">{booking.dealer.phone}</span>
      </dd>
      {booking.doneAtEngineHours !== null && (
        <>
          <dt>{t('bookingStatus.doneAt')}</dt>
          <dd>
            <Said figure={units.hourMeter(booking.doneAtEngineHours)} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** The booking asked by ?bookingId=, else the owner's newest open one (the list is newest first). */
function useShownBookingId(): { bookingId: string | undefined; searching: boolean } {
  const asked = useSearchParams()[0].get('bookingId') ?? undefined;
  const list = useBookings(asked === undefined);
  if (asked) return { bookingId: asked, searching: false };
  return { bookingId: list.data?.find((b) => OPEN_BOOKING_STATUSES.includes(b.status))?.bookingId, searching: list.isPending };
}

/**
 * Spec §2 booking-status: the booking, the technician once assigned (tap to call), the timeline, and
 * Cancel while allowed. Refetched when the app comes back to the front and on a booking push (app/alert-events).
 */
export function BookingStatusScreen() {
  const { t, lang, ready } = useServiceTexts();
  const state = useLocation().state as { booked?: boolean; payFailed?: boolean } | null;
  const booked = state?.booked === true;
  const [params] = useSearchParams();
  // Back from the gateway's checkout (the callback's redirect), or the summary could not start the payment.
  const returned = params.get('paid') === '1' ? 'paid' : params.get('failed') === '1' || state?.payFailed === true ? 'failed' : null;
  const { bookingId, searching } = useShownBookingId();
  const { data: booking, error, isPending, refetch } = useBooking(bookingId);
  const cancel = useCancelBooking(bookingId ?? '');
  const [asking, setAsking] = useState(false);
  const loading = searching || (bookingId !== undefined && isPending);
  const timedOut = useLoaderTimeout(loading, LOADER_TIMEOUT_MS);

  return (
    <Page title={t('bookingStatus.title')} backTo={paths.serviceRequestHistory.getHref()}>
      {!ready && <Loading />}
      {booked && booking && booking.status === 'requested' && <Notice tone="success">{t('bookingStatus.sent')}</Notice>}
      {cancel.isSuccess && <Notice tone="success">{t('bookingStatus.cancelledNotice')}</Notice>}
      {loading && !timedOut && !booking && <Loading />}
      {!loading && !bookingId && (
        <>
          <p className="empty">{t('bookingStatus.none')}</p>
          <Link className="btn btn-primary" to={paths.bookServices.getHref()}>
            <span>{t('book.action')}</span>
          </Link>
        </>
      )}
      {!booking && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {!booking && (timedOut || isOffline(error)) && (
        <>
          <Notice tone="error">{t('bookingStatus.slow')}</Notice>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        </>
      )}
      {booking && (
        <>
          <section className="card" aria-labelledby="booking-heading">
            <h2 id="booking-heading" className="booking-heading">
              <span>{t(`serviceType.${booking.type}`)}</span> <StatusPill status={booking.status} t={t} />
            </h2>
            <Facts booking={booking} t={t} lang={lang} />
          </section>
          <BookingPayment booking={booking} returned={returned} t={t} lang={lang} />
          {booking.technician && (
            <section className="card" aria-labelledby="technician-heading">
              <h2 id="technician-heading">{t('bookingStatus.technician')}</h2>
              <p>{booking.technician.name}</p>
              <a className="btn btn-secondary" href={telHref(booking.technician.phone)}>
                <span>
                  {t('bookingStatus.callTechnician', { name: booking.technician.name })} <span dir="ltr">{booking.technician.phone}</span>
                </span>
              </a>
            </section>
          )}
          <section className="card" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">{t('bookingStatus.timeline')}</h2>
            <BookingTimeline booking={booking} t={t} lang={lang} />
          </section>
          {booking.cancellable && (
            <Button variant="danger" onClick={() => setAsking(true)}>
              {t('bookingStatus.cancel')}
            </Button>
          )}
          <CancelDialog
            open={asking && booking.cancellable}
            onClose={() => setAsking(false)}
            busy={cancel.isPending}
            failure={cancel.error}
            t={t}
            warning={
              booking.payment === 'online' && booking.paymentStatus === 'paid'
                ? t('bookingStatus.cancelPaidWarning', { amount: formatRupees(booking.charge.totalPaise, lang) })
                : undefined
            }
            onCancel={(reason) => cancel.mutate(reason, { onSuccess: () => setAsking(false) })}
          />
        </>
      )}
    </Page>
  );
}
