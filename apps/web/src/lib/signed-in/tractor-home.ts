import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { bodyOf, conditionalQuery } from './conditional-query';
import { queryKeys } from '../query-keys';

/** Spec §9: the home tab refreshes every 30 s. */
export const HOME_REFRESH_MS = 30_000;

/** GET tractorhomepage/{vin} with If-None-Match; kept (encrypted) for offline use. */
export function tractorHomeQueryOptions(vin: string) {
  return queryOptions({
    queryKey: queryKeys.tractorHome(vin),
    queryFn: conditionalQuery<TractorHomepageResponse>(`tractorhomepage/${encodeURIComponent(vin)}`),
    meta: { persist: true },
  });
}

/**
 * The home data of one tractor, polled every 30 s while the page is visible: react-query skips the
 * interval while the document is hidden and refetches when it shows again (refetchOnWindowFocus).
 */
export function useTractorHome(vin: string | undefined) {
  return useQuery({
    ...tractorHomeQueryOptions(vin ?? ''),
    enabled: vin !== undefined,
    select: bodyOf,
    refetchInterval: HOME_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
