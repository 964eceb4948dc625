import { Link } from 'react-router';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { HISTORY_LOADER_TIMEOUT_MS, useLoaderTimeout } from '../../hooks/use-loader-timeout';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { isOffline } from '../../lib/query-client';
import { useServiceTexts } from '../../lib/signed-in/services-texts';
import { useBookings } from './api/get-bookings';
import { StatusPill } from './components/status-pill';
import { formatDay, formatSlot } from './format';
import './services.css';
import { Loading } from '../../components/ui/loading';

type T = ReturnType<typeof useServiceTexts>['t'];

function Request({ booking, t, lang }: { booking: BookingView; t: T; lang: string }) {
  return (
    <li className="card request">
      <h2>
        <Link to={`${paths.bookingStatus.getHref()}?bookingId=${encodeURIComponent(booking.bookingId)}`}>{t(`serviceType.${booking.type}`)}</Link>
      </h2>
      <StatusPill status={booking.status} t={t} />
      <p>
        {booking.Veh_Name}{' '}
        <span lang="en" dir="ltr">
          {booking.regNo}
        </span>
      </p>
      <p>
        {formatDay(booking.date, lang)},{' '}
        <span dir="ltr" className="nowrap">
          {formatSlot(booking.slot, lang)}
        </span>
      </p>
      <p className="fine-print">{t('requests.created', { date: formatDate(booking.createdAt * 1000, lang) })}</p>
    </li>
  );
}

/** Spec §2 servicerequest-history: every request of every tractor, newest first; each opens its status. */
export function ServiceRequestHistoryScreen() {
  const { t, lang, ready } = useServiceTexts();
  const { data, error, isPending, refetch } = useBookings();
  const timedOut = useLoaderTimeout(isPending, HISTORY_LOADER_TIMEOUT_MS);
  return (
    <Page title={t('requests.title')} backTo={paths.bookServices.getHref()}>
      {!ready && <Loading />}
      {data && data.length === 0 && <p className="empty">{t('requests.empty')}</p>}
      {data && data.length > 0 && (
        <ul className="card-list request-list">
          {data.map((b) => (
            <Request key={b.bookingId} booking={b} t={t} lang={lang} />
          ))}
        </ul>
      )}
      {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {!data && isPending && !timedOut && <Loading />}
      {!data && (timedOut || isOffline(error)) && (
        <>
          <Notice tone="error">{t('requests.slow')}</Notice>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        </>
      )}
      <Link className="btn btn-primary" to={paths.bookServices.getHref()}>
        <span>{t('book.action')}</span>
      </Link>
    </Page>
  );
}
