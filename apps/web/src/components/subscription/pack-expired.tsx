import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { renewalHref } from '../../lib/signed-in/subscription';
import type { TractorRef } from '../../lib/signed-in/tractors';

/**
 * Spec §2 pack-expired prompt ('pack expired, kindly renew'), shown instead of an expired tractor's
 * data, with the action that fits the screen: renew, subscribe now, or activate (when the ended
 * pack was the free one: the owner has not bought one yet).
 */
export function PackExpired({ tractor, action = 'renew' }: { tractor: TractorRef; action?: 'renew' | 'subscribeNow' }) {
  const { t } = useTranslation();
  const label = tractor.subscriptionPack === 'free' ? t('renewal.activate') : action === 'subscribeNow' ? t('renewal.subscribeNow') : t('renewal.renew');
  return (
    <section className="card pack-expired" aria-labelledby={`pack-expired-${tractor.vin}`}>
      <h2 id={`pack-expired-${tractor.vin}`}>{t('renewal.packExpired')}</h2>
      <p>{t('renewal.packExpiredDetail', { name: tractor.Veh_Name || tractor.regNo })}</p>
      <Link className="btn btn-primary" to={renewalHref(tractor.vin)}>
        <span>{label}</span>
      </Link>
    </section>
  );
}
