import type { TFunction } from 'i18next';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';
import { formatRupees } from '../../../lib/signed-in/subscription';
import { usePayBooking } from '../api/pay-booking';

const dateOf = (seconds: number, lang: string) =>
  new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(seconds * 1000);

interface BookingPaymentProps {
  booking: BookingView;
  /** Back from the gateway's checkout (?paid=1 / ?failed=1), or the summary could not start the payment. */
  returned: 'paid' | 'failed' | null;
  t: TFunction;
  lang: string;
}

/**
 * How a charged booking is paid: at the farm; or online — paid (with the date), waiting for payment
 * with 'Pay now' (again after a failed try), or, paid and then cancelled, the refund the workshop owes
 * (it cancelled) or that the fee is not refunded (the owner cancelled: spec §1, fees are non-refundable).
 */
export function BookingPayment({ booking, returned, t, lang }: BookingPaymentProps) {
  const pay = usePayBooking(booking.bookingId);
  const amount = formatRupees(booking.charge.totalPaise, lang);
  if (booking.payment === 'free' || booking.charge.totalPaise === 0) return null;
  const unpaid = booking.payment === 'online' && booking.paymentStatus !== 'paid' && booking.status !== 'cancelled';
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t('summary.payment')}</h2>
      {booking.payment === 'at_farm' && (
        <p>
          {t('summary.total')}: {amount}. {t('summary.payAtFarm')}
        </p>
      )}
      {booking.refundDue && <Notice tone="info">{t('bookingStatus.refundDue', { amount })}</Notice>}
      {booking.status === 'cancelled' && booking.paymentStatus === 'paid' && !booking.refundDue && <p>{t('bookingStatus.nonRefundable', { amount })}</p>}
      {booking.payment === 'online' && booking.paymentStatus === 'paid' && !booking.refundDue && (
        <>
          {returned === 'paid' && <Notice tone="success">{t('bookingStatus.paymentReceived')}</Notice>}
          <p>{booking.paidAt !== null ? t('bookingStatus.paidOnline', { amount, date: dateOf(booking.paidAt, lang) }) : amount}</p>
        </>
      )}
      {booking.payment === 'online' && booking.paymentStatus !== 'paid' && booking.status === 'cancelled' && <p>{t('bookingStatus.notPaid')}</p>}
      {unpaid && (
        <>
          {(returned === 'failed' || booking.paymentStatus === 'failed') && <Notice tone="error">{t('bookingStatus.paymentFailed')}</Notice>}
          <p>{t('bookingStatus.paymentPending', { amount })}</p>
          {pay.error !== null && <Notice tone="error">{errorMessage(t, pay.error)}</Notice>}
          <Button busy={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
            {t('bookingStatus.payNow', { amount })}
          </Button>
        </>
      )}
    </section>
  );
}
