import { Navigate, useParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatRupees } from '../../lib/signed-in/subscription';
import { useSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { useOrder } from './api/subscription-api';
import { OrderAmounts } from './components/order-amounts';
import { Loading } from '../../components/ui/loading';

/** Spec §2 payment-summary: what the owner is about to pay for, as the server priced it, then pay. */
export function PaymentSummaryScreen() {
  const { t, lang } = useSubscriptionTexts();
  const orderId = useParams().id ?? '';
  const { data: order, error, isPending } = useOrder(orderId);
  if (order?.status === 'paid') return <Navigate to={`${paths.paymentSuccess.getHref()}?orderId=${orderId}`} replace />;
  return (
    <Page title={t('payment.summaryTitle')} backTo={paths.renewal.getHref()}>
      {isPending && <Loading />}
      {error && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {order && (
        <section className="card" aria-labelledby="order-heading">
          <h2 id="order-heading">{t(`renewal.pack.${order.pack}`)}</h2>
          <ul className="plain-list">
            {order.items.map((item) => (
              <li key={item.vin}>
                {item.Veh_Name}{' '}
                <span lang="en" dir="ltr">
                  {item.regNo}
                </span>{' '}
                · {formatRupees(item.basicPaise, lang)}
              </li>
            ))}
          </ul>
          <OrderAmounts order={order} t={t} lang={lang} />
          <p className="fine-print">{t('payment.nonRefundable')}</p>
          <p className="fine-print">
            {t('payment.referenceId')}: <span dir="ltr">{order.referenceId}</span>
          </p>
          {order.checkoutUrl ? (
            // A full page: the gateway's checkout (it comes back to the success or failure page).
            <a className="btn btn-primary" href={order.checkoutUrl}>
              <span>{t('payment.pay', { amount: formatRupees(order.totalPaise, lang) })}</span>
            </a>
          ) : (
            <Notice tone="error">{t('payment.failed')}</Notice>
          )}
        </section>
      )}
    </Page>
  );
}
