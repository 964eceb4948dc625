import type { TFunction } from 'i18next';
import type { OrderView } from '@tractorlink/domain/subscription-api';
import { formatRupees } from '../../../lib/signed-in/subscription';

/** Spec §3 Subscription money: basic charges, tax (CGST + SGST within the supplier's state, else IGST), total. */
export function OrderAmounts({
  order,
  t,
  lang,
}: {
  order: Pick<OrderView, 'basicPaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>;
  t: TFunction;
  lang: string;
}) {
  const money = (paise: number) => formatRupees(paise, lang);
  return (
    <dl className="facts amounts">
      <dt>{t('payment.basicCharges')}</dt>
      <dd>{money(order.basicPaise)}</dd>
      {order.igstPaise > 0 ? (
        <>
          <dt>{t('payment.igst')}</dt>
          <dd>{money(order.igstPaise)}</dd>
        </>
      ) : (
        <>
          <dt>{t('payment.cgst')}</dt>
          <dd>{money(order.cgstPaise)}</dd>
          <dt>{t('payment.sgst')}</dt>
          <dd>{money(order.sgstPaise)}</dd>
        </>
      )}
      <dt className="total">{t('payment.total')}</dt>
      <dd className="total">{money(order.totalPaise)}</dd>
    </dl>
  );
}
