import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { storage } from '../../lib/secure-storage';
import { useTractors } from '../../lib/signed-in/tractors';
import { useSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { schemeQueryOptions, vehicleEntriesQueryOptions } from './api/subscription-api';
import { RENEWAL_PAGE_DELAY_MS, SCHEME_DELAY_MS, storeRenewalArray, storeRenewalData } from './renewal-flow';

/**
 * Spec §4 renewal, exactly: this screen is the loader (step 1); the renewal data is stored (2);
 * after 1 s the scheme is fetched (3); after 3 s the renewal array is stored and the renewal page
 * opens (4). Scheme errors are ignored here (spec §8): the renewal page asks again.
 */
export function CustomVehicleScreen() {
  const { t } = useSubscriptionTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { selected } = useTractors();
  const vin = useSearchParams()[0].get('vin') ?? selected?.vin;

  useEffect(() => {
    if (!vin) return;
    queryClient
      .fetchQuery(vehicleEntriesQueryOptions)
      .then((entries) => {
        const entry = entries.find((e) => e.vin === vin);
        if (entry) storeRenewalData(entry);
      })
      .catch(() => undefined);
    const scheme = setTimeout(() => {
      queryClient
        .fetchQuery(schemeQueryOptions(vin))
        .then((s) => storage.setJson('schemeData', s))
        .catch(() => undefined);
    }, SCHEME_DELAY_MS);
    const open = setTimeout(() => {
      storeRenewalArray([vin]);
      void navigate(paths.renewal.getHref(), { replace: true });
    }, RENEWAL_PAGE_DELAY_MS);
    return () => {
      clearTimeout(scheme);
      clearTimeout(open);
    };
  }, [vin, navigate, queryClient]);

  return (
    <Page title={t('renewal.title')} backTo={paths.home.getHref()}>
      <div className="renewal-loader" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <p>{t('renewal.preparing')}</p>
      </div>
    </Page>
  );
}
