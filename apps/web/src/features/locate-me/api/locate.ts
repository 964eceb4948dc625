import { useQuery } from '@tanstack/react-query';
import type { DieselStation } from '@tractorlink/domain/places';
import type { TrackingResponse, TrackResponse } from '@tractorlink/domain/vehicles';
import { apiJson } from '../../../lib/api-client';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** The map follows the tractor at the home tab's pace (spec §9: 30 s). */
const TRACKING_REFRESH_MS = 30_000;
/** Stations within this distance of the tractor. */
export const STATION_RADIUS_KM = 15;

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

/** GET places/diesel-stations near a point; rounded so a tractor creeping along does not refetch. */
export function useDieselStations(at: { lat: number; lon: number } | null) {
  const lat = at ? Math.round(at.lat * 100) / 100 : 0;
  const lon = at ? Math.round(at.lon * 100) / 100 : 0;
  return useQuery({
    queryKey: queryKeys.dieselStations(lat, lon),
    queryFn: ({ signal }) =>
      apiJson<{ data: DieselStation[] }>(`places/diesel-stations?lat=${lat}&lon=${lon}&radiusKm=${STATION_RADIUS_KM}`, { signal }).then((r) => r.data),
    enabled: at !== null,
    staleTime: 60 * 60_000,
    meta: { persist: true },
  });
}

/** GET vehicles/{vin}/track?date: one IST day's path for the replay. */
export function useTrack(vin: string | undefined, date: string) {
  return useQuery({
    queryKey: queryKeys.track(vin ?? '', date),
    queryFn: conditionalQuery<TrackResponse>(`vehicles/${encodeURIComponent(vin ?? '')}/track?date=${date}`),
    enabled: vin !== undefined,
    select: bodyOf,
  });
}
