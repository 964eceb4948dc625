import { useQuery } from '@tanstack/react-query';
import type { DieselDetailsResponse } from '@tractorlink/domain/vehicles-api';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET vehicles/{vin}: the tank now (spec §7 diesel details), kept for offline use. */
export function useDieselDetails(vin: string | undefined) {
  return useQuery({
    queryKey: queryKeys.diesel(vin ?? ''),
    queryFn: conditionalQuery<DieselDetailsResponse>(`vehicles/${encodeURIComponent(vin ?? '')}`),
    enabled: vin !== undefined,
    meta: { persist: true },
    select: bodyOf,
  });
}
