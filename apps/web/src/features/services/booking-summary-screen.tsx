import { useRef, useState } from 'react';
import type { BookingPaymentChoice } from '@tractorlink/domain/service-booking';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { queryKeys } from '../../lib/query-keys';
import { errorMessage } from '../../lib/error-message';
import { useServiceTexts } from '../../lib/signed-in/services-texts';
import { formatRupees } from '../../lib/signed-in/subscription';
import { useBookingOptions } from './api/get-booking-options';
import { useCreateBooking } from './api/create-booking';
import { checkoutPage, startBookingPayment } from './api/pay-booking';
import { ChargeLines } from './components/charge-lines';
import { PaymentChoice } from './components/payment-choice';
import { clearDraft, changeDraft, draftRequestId, getDraft, useDraft } from './draft';
import { durationText, formatDay, formatSlot } from './format';
import { nextSlotOf } from './slot-full';
import type { SlotChoice } from './slot-full';
import './services.css';
import { Loading } from '../../components/ui/loading';

/**
 * Spec §2 booking-summary: what was chosen, free or the charge with GST, and for a charge how to pay
 * (at the farm, or now online as a pack is paid). Confirm sends the booking with the summary's one
 * request id, so a double tap or a retry books once; paying online then asks for the booking's
 * payment and leaves for the gateway's checkout, which comes back to the booking's status.
 */
export function BookingSummaryScreen() {
  const { t, lang, ready } = useServiceTexts();
  const navigate = useNavigate();
  const draft = useDraft();
  const options = useBookingOptions(draft.vin ?? undefined, draft.pin);
  const create = useCreateBooking();
  const client = useQueryClient();
  const sending = useRef(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [payWay, setPayWay] = useState<BookingPaymentChoice>('at_farm');
  const [leaving, setLeaving] = useState(false);

  const data = options.data?.vin === draft.vin ? options.data : undefined;
  const offer = data?.types.find((o) => o.type === draft.type);
  const position = draft.pin ?? data?.position ?? null;
  const complete = draft.vin && draft.type && draft.address && draft.date && draft.slot;
  const charged = offer !== undefined && !offer.free && offer.charge.totalPaise > 0;

  const confirm = async (moveTo?: SlotChoice) => {
    // A second tap before React disables the button must not send a second request.
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      if (moveTo) changeDraft(moveTo);
      const d = getDraft();
      if (!d.vin || !d.type || !d.address || !d.date || !d.slot || !position) return;
      const note = d.note.trim();
      const booking = await create.mutateAsync({
        requestId: draftRequestId(),
        vin: d.vin,
        type: d.type,
        address: { line: d.address.line.trim(), city: d.address.city.trim(), pincode: d.address.pincode.trim(), state: d.address.state.trim() },
        position,
        date: d.date,
        slot: d.slot,
        ...(note ? { note } : {}),
        ...(d.photo ? { photoId: d.photo.id } : {}),
        ...(charged ? { payment: payWay } : {}),
      });
      const status = `${paths.bookingStatus.getHref()}?bookingId=${encodeURIComponent(booking.bookingId)}`;
      if (booking.payment === 'online' && booking.paymentStatus !== 'paid') {
        // Booked: from here on the status screen is where the owner comes back to (and may pay again).
        let checkoutUrl: string | null = null;
        try {
          checkoutUrl = (await startBookingPayment(booking.bookingId)).checkoutUrl;
        } catch {
          checkoutUrl = null;
        }
        void navigate(status, { replace: true, state: { booked: true, payFailed: checkoutUrl === null } });
        clearDraft();
        if (checkoutUrl !== null) {
          setLeaving(true);
          checkoutPage.open(checkoutUrl);
        }
        return;
      }
      void navigate(status, { replace: true, state: { booked: true } });
      clearDraft();
    } catch (error) {
      setFailure(error);
      // A full slot: the form's days must show it full when the owner goes back.
      if (nextSlotOf(error) !== undefined) void client.invalidateQueries({ queryKey: [...queryKeys.serviceBookings, 'options'] });
    } finally {
      sending.current = false;
    }
  };

  const nextSlot = nextSlotOf(failure);
  return (
    <Page title={t('summary.title')} backTo={paths.bookServices.getHref()}>
      {!ready && <Loading />}
      {!complete && (
        <>
          <Notice tone="error">{t('summary.missing')}</Notice>
          <Link className="btn btn-primary" to={paths.bookServices.getHref()}>
            <span>{t('book.title')}</span>
          </Link>
        </>
      )}
      {complete && !data && options.isPending && <Loading />}
      {complete && !data && options.error && <Notice tone="error">{errorMessage(t, options.error)}</Notice>}
      {complete && data && draft.address && draft.date && draft.slot && (
        <>
          <section className="card" aria-labelledby="summary-service">
            <h2 id="summary-service">{draft.type ? t(`serviceType.${draft.type}`) : ''}</h2>
            <dl className="facts">
              <dt>{t('book.tractor')}</dt>
              <dd>
                {data.Veh_Name}{' '}
                <span lang="en" dir="ltr">
                  {data.regNo}
                </span>
              </dd>
              <dt>{t('summary.when')}</dt>
              <dd>
                {formatDay(draft.date, lang)}, <span dir="ltr">{formatSlot(draft.slot, lang)}</span>
              </dd>
              {offer && (
                <>
                  <dt>{t('summary.duration')}</dt>
                  <dd>{durationText(t, offer.durationMin, lang)}</dd>
                </>
              )}
              <dt>{t('book.address')}</dt>
              <dd>{[draft.address.line, draft.address.city, draft.address.pincode, draft.address.state].map((s) => s.trim()).join(', ')}</dd>
              {data.dealer && (
                <>
                  <dt>{t('book.dealer')}</dt>
                  <dd>
                    {data.dealer.name} <span dir="ltr">{data.dealer.phone}</span>
                  </dd>
                </>
              )}
              {draft.note.trim() && (
                <>
                  <dt>{t('summary.note')}</dt>
                  <dd>{draft.note.trim()}</dd>
                </>
              )}
              {draft.photo && (
                <>
                  <dt>{t('summary.photo')}</dt>
                  <dd>{draft.photo.name}</dd>
                </>
              )}
            </dl>
          </section>
          <section className="card" aria-labelledby="summary-charge">
            <h2 id="summary-charge">{t('summary.charge')}</h2>
            {offer && <ChargeLines charge={offer.charge} free={offer.free} t={t} lang={lang} />}
          </section>
          {charged && (
            <section className="card" aria-labelledby="summary-pay">
              <h2 id="summary-pay">{t('summary.payment')}</h2>
              <PaymentChoice value={payWay} onChange={setPayWay} t={t} />
            </section>
          )}
          {failure !== null && <Notice tone="error">{errorMessage(t, failure)}</Notice>}
          {nextSlot && (
            <Button variant="secondary" disabled={create.isPending} onClick={() => void confirm(nextSlot)}>
              {t('summary.takeNextSlot', { day: formatDay(nextSlot.date, lang), time: formatSlot(nextSlot.slot, lang) })}
            </Button>
          )}
          {nextSlot === null && (
            <Link className="btn btn-secondary" to={paths.bookServices.getHref()}>
              <span>{t('summary.chooseOther')}</span>
            </Link>
          )}
          {nextSlot === undefined && (
            <Button busy={create.isPending || leaving} disabled={!offer || !position} onClick={() => void confirm()}>
              {charged && payWay === 'online' && offer
                ? t('summary.confirmPay', { amount: formatRupees(offer.charge.totalPaise, lang) })
                : t('summary.confirm')}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
