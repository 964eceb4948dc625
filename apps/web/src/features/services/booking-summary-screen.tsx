import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { queryKeys } from '../../lib/query-keys';
import { errorMessage } from '../../lib/error-message';
import { useServiceTexts } from '../../lib/signed-in/services-texts';
import { useBookingOptions } from './api/get-booking-options';
import { useCreateBooking } from './api/create-booking';
import { ChargeLines } from './components/charge-lines';
import { clearDraft, changeDraft, draftRequestId, getDraft, useDraft } from './draft';
import { durationText, formatDay, formatSlot } from './format';
import { nextSlotOf } from './slot-full';
import type { SlotChoice } from './slot-full';
import './services.css';

/**
 * Spec §2 booking-summary: what was chosen, free or the charge with GST, paid at the farm; Confirm
 * sends the booking with the summary's one request id, so a double tap or a retry books once.
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

  const data = options.data?.vin === draft.vin ? options.data : undefined;
  const offer = data?.types.find((o) => o.type === draft.type);
  const position = draft.pin ?? data?.position ?? null;
  const complete = draft.vin && draft.type && draft.address && draft.date && draft.slot;

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
      });
      void navigate(`${paths.bookingStatus.getHref()}?bookingId=${encodeURIComponent(booking.bookingId)}`, { replace: true, state: { booked: true } });
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
      {!ready && <p role="status">{t('common.loading')}</p>}
      {!complete && (
        <>
          <Notice tone="error">{t('summary.missing')}</Notice>
          <Link className="btn btn-primary" to={paths.bookServices.getHref()}>
            <span>{t('book.title')}</span>
          </Link>
        </>
      )}
      {complete && !data && options.isPending && <p role="status">{t('common.loading')}</p>}
      {complete && !data && options.error && <Notice tone="error">{errorMessage(t, options.error)}</Notice>}
      {complete && data && draft.address && draft.date && draft.slot && (
        <>
          <section className="card" aria-labelledby="summary-service">
            <h2 id="summary-service">{draft.type ? t(`serviceType.${draft.type}`) : ''}</h2>
            <dl className="facts">
              <dt>{t('book.tractor')}</dt>
              <dd>
                {data.Veh_Name} <span dir="ltr">{data.regNo}</span>
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
            {offer && !offer.free && offer.charge.totalPaise > 0 && <p className="fine-print">{t('summary.payAtFarm')}</p>}
          </section>
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
            <Button busy={create.isPending} disabled={!offer || !position} onClick={() => void confirm()}>
              {t('summary.confirm')}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
