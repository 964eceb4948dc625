import { useQuery } from '@tanstack/react-query';
import { periodSeconds } from '@tractorlink/domain/calendar';
import type { UsagePeriod } from '@tractorlink/domain/calendar';
import type { AggregationResponse } from '@tractorlink/domain/vehicles-api';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §9: the usage tab refreshes every 300 s. */
const USAGE_REFRESH_MS = 300_000;

/** GET vehicles/aggregations/{vin} for the chosen period (day, range or month), kept for offline use. */
export function useUsage(vin: string | undefined, period: UsagePeriod) {
  const { startDateTime, endDateTime } = periodSeconds(period);
  const query = new URLSearchParams({ aggregationOption: period.filter, startDateTime: String(startDateTime), endDateTime: String(endDateTime) });
  return useQuery({
    queryKey: queryKeys.usage(vin ?? '', period.filter, period.first, period.last),
    queryFn: conditionalQuery<AggregationResponse>(`vehicles/aggregations/${encodeURIComponent(vin ?? '')}?${query}`),
    enabled: vin !== undefined,
    meta: { persist: true },
    select: bodyOf,
    refetchInterval: USAGE_REFRESH_MS,
    // A newly chosen period shows its figures at once when we had them; the old period's never stand in.
    staleTime: 60_000,
  });
}
