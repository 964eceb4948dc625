import { Link } from 'react-router';
import type { HistoryEntry } from '@tractorlink/domain/subscription-api';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { isOffline } from '../../lib/query-client';
import { formatRupees, renewalHref } from '../../lib/signed-in/subscription';
import { useSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { useSubscriptionHistory } from './api/subscription-api';
import { HISTORY_LOADER_TIMEOUT_MS, useLoaderTimeout } from '../../hooks/use-loader-timeout';
import { Loading } from '../../components/ui/loading';

function Entry({ entry, t, lang }: { entry: HistoryEntry; t: ReturnType<typeof useSubscriptionTexts>['t']; lang: string }) {
  return (
    <li className="card history-entry">
      <h2>{t(`renewal.pack.${entry.pack}`)}</h2>
      <dl className="facts">
        <dt>{t('history.validFrom')}</dt>
        <dd>{formatDate(entry.validFrom * 1000, lang)}</dd>
        <dt>{t('history.validTill')}</dt>
        <dd>{formatDate(entry.validTill * 1000, lang)}</dd>
        <dt>{t('history.amountPaid')}</dt>
        <dd>{formatRupees(entry.amountPaidPaise, lang)}</dd>
        {entry.transactionId && (
          <>
            <dt>{t('payment.transactionId')}</dt>
            <dd dir="ltr" className="nowrap">
              {entry.transactionId}
            </dd>
          </>
        )}
        {entry.referenceId && (
          <>
            <dt>{t('payment.referenceId')}</dt>
            <dd dir="ltr" className="nowrap">
              {entry.referenceId}
            </dd>
          </>
        )}
      </dl>
      {entry.invoice === 'ready' && entry.orderId && (
        <Link className="btn btn-secondary" to={paths.invoice.getHref(entry.orderId)}>
          <span>{t('history.viewInvoice')}</span>
        </Link>
      )}
      {entry.invoice === 'processing' && <p className="fine-print">{t('error.INVOICE_PROCESSING')}</p>}
    </li>
  );
}

/** Spec §2 subscription-history: each pack of the chosen tractor, with its payment and invoice. */
export function SubscriptionHistoryScreen() {
  const { t, lang } = useSubscriptionTexts();
  const { selected } = useTractors();
  const { data, error, isPending, refetch } = useSubscriptionHistory(selected?.vin);
  const timedOut = useLoaderTimeout(isPending && selected !== undefined, HISTORY_LOADER_TIMEOUT_MS);
  return (
    <Page title={t('history.title')} backTo={paths.home.getHref()}>
      <TractorSelect />
      {data?.pending.map((order) => (
        <Notice key={order.orderId}>
          {t('payment.processedOrNot')} · {t('payment.referenceId')} <span dir="ltr">{order.referenceId}</span> · {t('error.INVOICE_PROCESSING')}
        </Notice>
      ))}
      {data && data.data.length === 0 && data.pending.length === 0 && <p className="empty">{t('history.empty')}</p>}
      {data && data.data.length > 0 && (
        <ul className="card-list">
          {data.data.map((entry) => (
            <Entry key={`${entry.pack}-${entry.validFrom}`} entry={entry} t={t} lang={lang} />
          ))}
        </ul>
      )}
      {selected && (
        <Link className="btn btn-primary" to={renewalHref(selected.vin)}>
          <span>{t('history.renew')}</span>
        </Link>
      )}
      {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {!data && isPending && !timedOut && selected && <Loading />}
      {!data && timedOut && (
        <>
          <Notice tone="error">{t('history.slow')}</Notice>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        </>
      )}
    </Page>
  );
}
