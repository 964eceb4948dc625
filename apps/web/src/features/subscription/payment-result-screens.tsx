import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { formatRupees } from '../../lib/signed-in/subscription';
import { useSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { useOrder } from './api/subscription-api';
import { Loading } from '../../components/ui/loading';

const useOrderId = () => useSearchParams()[0].get('orderId') ?? undefined;

/**
 * Spec §2 payment-success: where the gateway sends the owner back. The order is asked for (the
 * server confirms a pending one with the gateway); paid shows the reference id and the new end of
 * each tractor; not yet known says 'payment processed or not processed' and keeps asking.
 */
export function PaymentSuccessScreen() {
  const { t, lang } = useSubscriptionTexts();
  const orderId = useOrderId();
  const { data: order, error, isPending, refetch, isFetching } = useOrder(orderId, { poll: true });
  if (order?.status === 'failed') return <Navigate to={`${paths.paymentFailed.getHref()}?orderId=${orderId ?? ''}`} replace />;
  return (
    <Page title={order?.status === 'paid' ? t('payment.successTitle') : t('payment.confirmingTitle')} backTo={paths.home.getHref()}>
      {isPending && <Loading />}
      {error && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {order?.status === 'paid' && (
        <section className="card payment-result payment-ok" aria-labelledby="paid-heading">
          <h2 id="paid-heading">{t('payment.success', { amount: formatRupees(order.totalPaise, lang) })}</h2>
          <dl className="facts">
            <dt>{t('payment.referenceId')}</dt>
            <dd dir="ltr" className="nowrap">
              {order.referenceId}
            </dd>
            <dt>{t('payment.transactionId')}</dt>
            <dd dir="ltr" className="nowrap">
              {order.transactionId}
            </dd>
            {order.items.map((item) => (
              <div key={item.vin} className="fact">
                <dt>
                  {item.Veh_Name}{' '}
                  <span lang="en" dir="ltr">
                    {item.regNo}
                  </span>
                </dt>
                <dd>{item.validTill !== null && t('payment.validTill', { date: formatDate(item.validTill * 1000, lang) })}</dd>
              </div>
            ))}
          </dl>
          <Link className="btn btn-primary" to={paths.invoice.getHref(order.orderId)}>
            <span>{t('payment.viewInvoice')}</span>
          </Link>
          <Link className="btn btn-secondary" to={paths.home.getHref()}>
            <span>{t('payment.goHome')}</span>
          </Link>
        </section>
      )}
      {order?.status === 'pending' && (
        <section className="card payment-result" aria-labelledby="pending-heading">
          <h2 id="pending-heading">{t('payment.processedOrNot')}</h2>
          <p>{t('payment.processedOrNotDetail')}</p>
          <p>
            {t('payment.referenceId')}: <span dir="ltr">{order.referenceId}</span>
          </p>
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            {t('payment.checkAgain')}
          </Button>
        </section>
      )}
    </Page>
  );
}

/** Spec §2 payment-failed: 'transaction failed', the reference id, and the way back to try again. */
export function PaymentFailedScreen() {
  const { t } = useSubscriptionTexts();
  const orderId = useOrderId();
  const cancelled = useSearchParams()[0].get('cancelled') === '1';
  const { data: order } = useOrder(orderId);
  // A payment that went through after all (its webhook beat this page) is a success.
  if (order?.status === 'paid') return <Navigate to={`${paths.paymentSuccess.getHref()}?orderId=${orderId ?? ''}`} replace />;
  return (
    <Page title={t('payment.failedTitle')} backTo={paths.home.getHref()}>
      <section className="card payment-result payment-failed" aria-labelledby="failed-heading">
        <h2 id="failed-heading">{cancelled ? t('payment.cancelled') : t('payment.failed')}</h2>
        <p>{t('payment.failedDetail')}</p>
        {order && (
          <p>
            {t('payment.referenceId')}: <span dir="ltr">{order.referenceId}</span>
          </p>
        )}
        <Link className="btn btn-primary" to={paths.renewal.getHref()}>
          <span>{t('payment.tryAgain')}</span>
        </Link>
        <Link className="btn btn-secondary" to={paths.home.getHref()}>
          <span>{t('payment.goHome')}</span>
        </Link>
      </section>
    </Page>
  );
}
