import { useQuery } from '@tanstack/react-query';
import type { TrackingResponse } from '@tractorlink/domain/vehicles';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** The map follows the tractor at the home tab's pace (spec §9: 30 s). */
const TRACKING_REFRESH_MS = 30_000;

/** GET vehicles/tracking: where each of the owner's tractors is (ETag, 304 when nothing moved). */
export function useTracking() {
  return useQuery({
    queryKey: queryKeys.tracking,
    queryFn: conditionalQuery<TrackingResponse>('vehicles/tracking'),
    meta: { persist: true },
    select: bodyOf,
    refetchInterval: TRACKING_REFRESH_MS,
  });
}
