import type { TFunction } from 'i18next';
import type { BookingCharge } from '@tractorlink/domain/service-booking-api';
import { formatRupees } from '../../../lib/signed-in/subscription';

/**
 * A booking's charge as the subscription's orders show theirs: the service charge, GST (CGST + SGST
 * within the supplier's state, else IGST) and the total; or 'Free'. Its words are the services
 * namespace's (the subscription's are not loaded with these screens).
 */
export function ChargeLines({ charge, free, t, lang }: { charge: BookingCharge; free: boolean; t: TFunction; lang: string }) {
  const money = (paise: number) => formatRupees(paise, lang);
  if (free || charge.totalPaise === 0) return <p className="charge-free">{t('summary.free')}</p>;
  return (
    <dl className="facts amounts">
      <dt>{t('summary.basic')}</dt>
      <dd>{money(charge.basicPaise)}</dd>
      {charge.igstPaise > 0 ? (
        <>
          <dt>{t('summary.igst')}</dt>
          <dd>{money(charge.igstPaise)}</dd>
        </>
      ) : (
        <>
          <dt>{t('summary.cgst')}</dt>
          <dd>{money(charge.cgstPaise)}</dd>
          <dt>{t('summary.sgst')}</dt>
          <dd>{money(charge.sgstPaise)}</dd>
        </>
      )}
      <dt className="total">{t('summary.total')}</dt>
      <dd className="total">{money(charge.totalPaise)}</dd>
    </dl>
  );
}
