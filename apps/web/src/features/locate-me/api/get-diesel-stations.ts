import { useQuery } from '@tanstack/react-query';
import type { DieselStation } from '@tractorlink/domain/places';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Stations within this distance of the tractor. */
const STATION_RADIUS_KM = 15;

/**
 * GET places/diesel-stations near a point; rounded so a tractor creeping along does not refetch.
 * The addresses come in `lang` (the pumps' own names stay as their boards say).
 */
export function useDieselStations(at: { lat: number; lon: number } | null, lang: string) {
  const lat = at ? Math.round(at.lat * 100) / 100 : 0;
  const lon = at ? Math.round(at.lon * 100) / 100 : 0;
  const query = new URLSearchParams({ lat: String(lat), lon: String(lon), radiusKm: String(STATION_RADIUS_KM), language: lang });
  return useQuery({
    queryKey: [...queryKeys.dieselStations(lat, lon), lang],
    queryFn: ({ signal }) => apiJson<{ data: DieselStation[] }>(`places/diesel-stations?${query.toString()}`, { signal }).then((r) => r.data),
    enabled: at !== null,
    staleTime: 60 * 60_000,
    meta: { persist: true },
  });
}
