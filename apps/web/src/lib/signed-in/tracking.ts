import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackingResponse } from '@tractorlink/domain/vehicles-api';
import { bodyOf, conditionalQuery } from './conditional-query';
import { queryKeys } from '../query-keys';

/** The map follows the tractor at the home tab's pace (spec §9: 30 s). */
const TRACKING_REFRESH_MS = 30_000;

const trackingQuery = queryOptions({
  queryKey: queryKeys.tracking,
  queryFn: conditionalQuery<TrackingResponse>('vehicles/tracking'),
  meta: { persist: true },
  select: bodyOf,
});

/** GET vehicles/tracking: where each of the owner's tractors is (ETag, 304 when nothing moved). */
export function useTracking() {
  return useQuery({ ...trackingQuery, refetchInterval: TRACKING_REFRESH_MS });
}

/**
 * Where the selected tractor is now (else any of the owner's tractors that has a fix), or null
 * while unknown: a map for drawing a geofence opens there, since the farm is most often where the
 * tractor is. Asked again on every opening (a 304 when nothing moved), not from a copy up to 30 s old.
 */
export function useTractorPosition(selectedVin: string | undefined): { lat: number; lon: number } | null {
  const tracking = useQuery({ ...trackingQuery, refetchOnMount: 'always' });
  const fixes = (tracking.data?.data ?? []).filter((d) => d.latitude !== null && d.longitude !== null);
  const item = fixes.find((d) => d.vin === selectedVin) ?? fixes[0];
  return item ? { lat: item.latitude as number, lon: item.longitude as number } : null;
}
