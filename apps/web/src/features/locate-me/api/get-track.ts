import { useQuery } from '@tanstack/react-query';
import type { TrackResponse } from '@tractorlink/domain/vehicles-api';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET vehicles/{vin}/track?date: one IST day's path for the replay. */
export function useTrack(vin: string | undefined, date: string) {
  return useQuery({
    queryKey: queryKeys.track(vin ?? '', date),
    queryFn: conditionalQuery<TrackResponse>(`vehicles/${encodeURIComponent(vin ?? '')}/track?date=${date}`),
    enabled: vin !== undefined,
    select: bodyOf,
  });
}
