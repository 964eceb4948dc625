import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BOOKING_NOTE_MAX } from '@tractorlink/domain/service-booking';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useServiceTexts } from '../../lib/signed-in/services-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid';
import { LOADER_TIMEOUT_MS, useLoaderTimeout } from '../../hooks/use-loader-timeout';
import type { Pin } from './api/get-booking-options';
import { useBookingOptions } from './api/get-booking-options';
import { bookingProblems } from './booking-form';
import { AddressFields } from './components/address-fields';
import { PhotoField } from './components/photo-field';
import { PinMap } from './components/pin-map';
import { SlotPicker } from './components/slot-picker';
import { TractorPicker } from './components/tractor-picker';
import { TypePicker } from './components/type-picker';
import { changeDraft, getDraft, useDraft } from './draft';
import { telHref } from './format';
import './services.css';
import { Loading } from '../../components/ui/loading';

/** Spec §2 book-services: tractor, service, farm and pin, day and time, note and photo; then the summary. */
export function BookServicesScreen() {
  const { t, lang, ready } = useServiceTexts();
  const navigate = useNavigate();
  const askedVin = useSearchParams()[0].get('vin');
  const { tractors, selected } = useTractors();
  const draft = useDraft();
  const noteId = useId();
  const [tried, setTried] = useState(false);
  const { formRef, refused } = useFocusFirstInvalid<HTMLFormElement>();
  const [photoBusy, setPhotoBusy] = useState(false);
  // The map (Leaflet and its tiles: heavy on 2G) comes when asked for, or when there is no pin yet.
  const [mapOpen, setMapOpen] = useState(false);

  // A tractor asked by the link (service information), once; else the one kept in the draft, else the current one.
  const askApplied = useRef(false);
  useEffect(() => {
    if (askApplied.current || !askedVin || !tractors?.some((tr) => tr.vin === askedVin)) return;
    askApplied.current = true;
    if (askedVin !== getDraft().vin) changeDraft({ vin: askedVin, address: null, pin: null, date: null, slot: null, type: null });
  }, [askedVin, tractors]);
  const vin = draft.vin ?? selected?.vin;
  const options = useBookingOptions(vin, draft.pin);
  const data = options.data?.vin === vin ? options.data : undefined;
  const timedOut = useLoaderTimeout(options.isPending && vin !== undefined, LOADER_TIMEOUT_MS);

  // The farm address comes prefilled from the vehicle entry, once; after that it is the owner's.
  useEffect(() => {
    if (data && !draft.address) changeDraft({ address: data.address });
  }, [data, draft.address]);

  const pin = draft.pin ?? (data?.position ? { lat: data.position.lat, lng: data.position.lng } : null);
  const movePin = useCallback((p: Pin) => changeDraft({ pin: p }), []);
  const problems = bookingProblems(draft, data);
  const show = (field: keyof typeof problems) => (tried && problems[field] ? t(problems[field]) : undefined);

  const next = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) refused();
    if (Object.keys(problems).length > 0 || photoBusy) return;
    if (!draft.vin && vin) changeDraft({ vin });
    void navigate(paths.bookingSummary.getHref());
  };

  return (
    <Page title={t('book.title')} backTo={paths.home.getHref()}>
      {!ready && <Loading />}
      <nav className="button-row service-links" aria-label={t('book.more')}>
        <Link className="btn btn-secondary" to={paths.serviceRequestHistory.getHref()}>
          <span>{t('requests.title')}</span>
        </Link>
        <Link className="btn btn-secondary" to={`${paths.serviceInformation.getHref()}${vin ? `?vin=${encodeURIComponent(vin)}` : ''}`}>
          <span>{t('serviceInfo.title')}</span>
        </Link>
      </nav>
      {tractors && tractors.length === 0 && <p className="empty">{t('home.noTractors')}</p>}
      {tractors && tractors.length > 0 && vin && (
        <TractorPicker
          tractors={tractors}
          value={vin}
          t={t}
          onChange={(v) => changeDraft({ vin: v, address: null, pin: null, date: null, slot: null, type: null })}
        />
      )}
      {!data && options.isPending && vin && !timedOut && <Loading />}
      {!data && options.error && !isOffline(options.error) && <Notice tone="error">{errorMessage(t, options.error)}</Notice>}
      {!data && (timedOut || isOffline(options.error)) && (
        <>
          <Notice tone="error">{t('book.slow')}</Notice>
          <Button variant="secondary" onClick={() => void options.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </>
      )}
      {data && (
        <form
          ref={formRef}
          className="form booking-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <p className="fine-print">{t('book.freeLeft', { left: data.freeLeft, allowance: data.freeAllowance })}</p>
          {data.freeLeft === 0 && <Notice>{t('book.noFreeLeft')}</Notice>}
          <TypePicker types={data.types} value={draft.type} onChange={(type) => changeDraft({ type })} error={show('type')} t={t} lang={lang} />
          {draft.address && (
            <AddressFields
              address={draft.address}
              onChange={(address) => changeDraft({ address })}
              problems={{ line: show('line'), city: show('city'), pincode: show('pincode'), state: show('state') }}
              t={t}
            />
          )}
          <section aria-labelledby="pin-heading" className="pin-section">
            <h2 id="pin-heading">{t('book.pin')}</h2>
            {(mapOpen || !pin) && (
              <>
                <p className="field-hint">{pin ? t('book.pinHint') : t('book.pinUnknown')}</p>
                <PinMap pin={pin} onMove={movePin} />
              </>
            )}
            {pin && !mapOpen && (
              <>
                <p>{draft.pin ? t('book.pinMoved') : t('book.pinAtTractor')}</p>
                <Button variant="secondary" onClick={() => setMapOpen(true)}>
                  {t('book.pinMove')}
                </Button>
              </>
            )}
            {/* The pin is set on a map, not in a field: its error is announced when it appears. */}
            {show('pin') && (
              <p className="field-error" role="alert">
                {show('pin')}
              </p>
            )}
            {/* The name in the owner's language; the key (English) only from a server or cache older than it. */}
            {data.district && <p>{t('book.district', { district: data.districtName ?? data.district })}</p>}
          </section>
          {data.dealer ? (
            <section className="card dealer-card" aria-labelledby="dealer-heading">
              <h2 id="dealer-heading">{t('book.dealer')}</h2>
              <p>{data.dealer.name}</p>
              <a className="btn btn-secondary" href={telHref(data.dealer.phone)}>
                <span>
                  {t('book.call')} <span dir="ltr">{data.dealer.phone}</span>
                </span>
              </a>
            </section>
          ) : (
            <Notice tone="error">{t('error.NO_DEALER')}</Notice>
          )}
          {data.days.length > 0 && (
            <SlotPicker
              days={data.days}
              date={draft.date}
              slot={draft.slot}
              onChange={({ date, slot }) => changeDraft({ date, slot })}
              error={show('slot')}
              t={t}
              lang={lang}
            />
          )}
          <div className="field">
            <label htmlFor={noteId}>{t('book.note')}</label>
            <textarea id={noteId} rows={3} maxLength={BOOKING_NOTE_MAX} value={draft.note} onChange={(e) => changeDraft({ note: e.target.value })} />
          </div>
          <PhotoField photo={draft.photo} onChange={(photo) => changeDraft({ photo })} onBusy={setPhotoBusy} t={t} />
          {tried && Object.keys(problems).length > 0 && <Notice tone="error">{t('book.fixProblems')}</Notice>}
          <Button type="submit" busy={photoBusy} disabled={!data.dealer}>
            {t('book.next')}
          </Button>
        </form>
      )}
    </Page>
  );
}
