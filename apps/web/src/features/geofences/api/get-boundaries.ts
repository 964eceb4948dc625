import { useQuery } from '@tanstack/react-query';
import type { BoundaryOutlineResponse, GeofenceDistrictsResponse, GeofenceStatesResponse } from '@tractorlink/domain/geofences';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const HOUR_MS = 3_600_000;
const part = (name: string) => encodeURIComponent(name);

/** GET geofences/states: the states with loaded boundaries (`boundary`: a state geofence is possible). */
export function useBoundaryStates(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.boundaryStates,
    queryFn: ({ signal }) => apiJson<GeofenceStatesResponse>('geofences/states', { signal }),
    staleTime: HOUR_MS,
    meta: { persist: true },
    enabled,
  });
}

/** GET geofences/states/{state}/districts (spec §5: a district only from the selected state). */
export function useBoundaryDistricts(state: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.boundaryDistricts(state),
    queryFn: ({ signal }) => apiJson<GeofenceDistrictsResponse>(`geofences/states/${part(state)}/districts`, { signal }),
    staleTime: HOUR_MS,
    meta: { persist: true },
    enabled: enabled && state !== '',
  });
}

/** The outline of a state, or of a district when one is given, to draw on the map. */
export function useBoundaryOutline(state: string | null, district: string | null) {
  const path = state ? `geofences/states/${part(state)}${district ? `/districts/${part(district)}` : ''}/outline` : '';
  return useQuery({
    queryKey: queryKeys.boundaryOutline(state ?? '', district ?? ''),
    queryFn: ({ signal }) => apiJson<BoundaryOutlineResponse>(path, { signal }),
    staleTime: HOUR_MS,
    enabled: path !== '',
  });
}
