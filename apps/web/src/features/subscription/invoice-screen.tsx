import { useState } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_INVOICE_SERVICE } from '@tractorlink/domain/subscription';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { formatRupees } from '../../lib/signed-in/subscription';
import { useSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { downloadInvoicePdf, useInvoice } from './api/subscription-api';
import { OrderAmounts } from './components/order-amounts';
import { LOADER_TIMEOUT_MS, useLoaderTimeout } from '../../hooks/use-loader-timeout';
import { Loading } from '../../components/ui/loading';

/** Spec §2 invoice: the GST tax invoice of one payment, and its PDF in the owner's language. */
export function InvoiceScreen() {
  const { t, lang } = useSubscriptionTexts();
  const orderId = useParams().id ?? '';
  const { data: invoice, error, isPending, refetch } = useInvoice(orderId, lang);
  const [download, setDownload] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const timedOut = useLoaderTimeout(isPending, LOADER_TIMEOUT_MS);
  const processing = error instanceof ApiError && error.code === 'INVOICE_PROCESSING';
  // The default service line in the reader's language; a provider's own text as issued.
  const serviceLine = invoice && (invoice.serviceDescription === DEFAULT_INVOICE_SERVICE ? t('invoice.serviceDefault') : invoice.serviceDescription);
  return (
    <Page title={t('invoice.title')} backTo={paths.subscriptionHistory.getHref()}>
      {isPending && !timedOut && <Loading />}
      {processing && (
        <>
          <Notice>{t('error.INVOICE_PROCESSING')}</Notice>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        </>
      )}
      {error && !processing && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {invoice && serviceLine !== undefined && (
        <article className="card invoice" aria-labelledby="invoice-heading">
          <h2 id="invoice-heading">{t('invoice.taxInvoice')}</h2>
          <dl className="facts">
            <dt>{t('invoice.number')}</dt>
            <dd dir="ltr" className="nowrap">
              {invoice.number}
            </dd>
            <dt>{t('invoice.date')}</dt>
            <dd>{formatDate(invoice.issuedAt * 1000, lang)}</dd>
            <dt>{t('invoice.supplier')}</dt>
            <dd>
              {invoice.supplier.name}
              <br />
              {invoice.supplier.address}
              <br />
              GSTIN{' '}
              <span dir="ltr" className="nowrap">
                {invoice.supplier.gstin}
              </span>
            </dd>
            <dt>{t('invoice.recipient')}</dt>
            <dd>
              {invoice.recipient.name}
              <br />
              {invoice.recipient.address}
              <br />
              {invoice.recipient.state}
            </dd>
            <dt>{t('invoice.placeOfSupply')}</dt>
            <dd>{invoice.placeOfSupply}</dd>
            <dt>{t('invoice.sac')}</dt>
            <dd dir="ltr">{invoice.sac}</dd>
            <dt>{t('payment.referenceId')}</dt>
            <dd dir="ltr" className="nowrap">
              {invoice.referenceId}
            </dd>
            <dt>{t('payment.transactionId')}</dt>
            <dd dir="ltr" className="nowrap">
              {invoice.transactionId}
            </dd>
          </dl>
          <h3>{t('invoice.lines')}</h3>
          <ul className="plain-list">
            {invoice.lines.map((line) => (
              <li key={line.vin}>
                {serviceLine} · {t(`renewal.pack.${invoice.pack}`)} · <span dir="ltr">{line.regNo || line.vin}</span>
                <br />
                {formatDate(line.validFrom * 1000, lang)} – {formatDate(line.validTill * 1000, lang)} · {formatRupees(line.taxablePaise, lang)}
              </li>
            ))}
          </ul>
          <OrderAmounts
            order={{
              basicPaise: invoice.taxablePaise,
              cgstPaise: invoice.cgstPaise,
              sgstPaise: invoice.sgstPaise,
              igstPaise: invoice.igstPaise,
              totalPaise: invoice.totalPaise,
            }}
            t={t}
            lang={lang}
          />
          <p>
            {t('invoice.inWords')}: {invoice.totalInWords}
          </p>
          <p className="fine-print">{t('payment.nonRefundable')}</p>
          {download.error !== undefined && <Notice tone="error">{errorMessage(t, download.error)}</Notice>}
          <Button
            busy={download.busy}
            onClick={() => {
              setDownload({ busy: true });
              downloadInvoicePdf(invoice.orderId, invoice.number, lang).then(
                () => setDownload({ busy: false }),
                (e: unknown) => setDownload({ busy: false, error: e }),
              );
            }}
          >
            {t('invoice.download')}
          </Button>
        </article>
      )}
    </Page>
  );
}
