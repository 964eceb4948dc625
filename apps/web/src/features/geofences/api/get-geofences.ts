import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Geofence, GeofenceListResponse } from '@tractorlink/domain/geofences';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** All of an owner's geofences fit one page (GEOFENCES_PER_OWNER_MAX = 50). */
const PAGE_SIZE = 50;

/** GET geofences (spec §7): the owner's geofences, newest first; kept (encrypted) for offline use. */
function geofencesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.geofenceList,
    queryFn: ({ signal }) => apiJson<GeofenceListResponse>(`geofences?pageSize=${PAGE_SIZE}`, { signal }),
    // The kept copy shows at once (offline too), and each visit asks again: a switch moved a moment
    // before a reload, or on another phone, is right after one small answer.
    staleTime: 0,
    meta: { persist: true },
  });
}

export function useGeofences() {
  return useQuery(geofencesQueryOptions());
}

/** GET geofences/{id}; the list's copy shows at once (and offline) while it loads. */
export function useGeofence(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.geofence(id),
    queryFn: ({ signal }) => apiJson<Geofence>(`geofences/${encodeURIComponent(id)}`, { signal }),
    placeholderData: client.getQueryData<GeofenceListResponse>(queryKeys.geofenceList)?.data.find((g) => g.id === id),
    meta: { persist: true },
  });
}
