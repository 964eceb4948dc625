import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog';
import { formatDate } from '../../lib/format';
import { markRenewalDialogShown, needsRenewal, packStateOf, renewalDialogDue, renewalHref } from '../../lib/signed-in/subscription';
import type { TractorRef } from '../../lib/signed-in/tractors';

/**
 * Spec §2 renewal dialog: the expiry message with Cancel and Renew (each 44 % wide), for the home
 * screen's tractor when its pack ends within 7 days or has ended, at most once a day. Renew starts
 * the renewal (spec §4: the dialog closes, /custom-vehicle with its loader).
 */
export function RenewalDialog({ tractor }: { tractor: TractorRef }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pack = packStateOf(tractor);
  // Decided once per tractor (the home screen keys this by VIN): due now, and not shown yet today.
  const [open, setOpen] = useState(() => needsRenewal(pack?.state) && renewalDialogDue(tractor.vin));
  useEffect(() => {
    if (open) markRenewalDialogShown(tractor.vin);
  }, [open, tractor.vin]);
  if (!pack || tractor.expiresOn === undefined) return null;
  const date = formatDate(tractor.expiresOn * 1000, i18n.language);
  const name = tractor.Veh_Name || tractor.regNo;
  const message =
    pack.state === 'expired'
      ? t('renewal.dialog.expired', { name, date })
      : pack.daysLeft === 0
        ? t('renewal.dialog.endsToday', { name })
        : pack.daysLeft === 1
          ? t('renewal.dialog.endsTomorrow', { name, date })
          : t('renewal.dialog.expiring', { name, days: pack.daysLeft, date });
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t('renewal.dialog.title')} className="renewal-dialog">
      <p>{message}</p>
      <div className="renewal-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          <span>{t('common.cancel')}</span>
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setOpen(false);
            void navigate(renewalHref(tractor.vin));
          }}
        >
          <span>{t('renewal.renew')}</span>
        </button>
      </div>
    </Dialog>
  );
}
