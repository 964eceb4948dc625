import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Geofence, GeofenceListResponse } from '@tractorlink/domain/geofences';
import { apiJson } from '../../../lib/api-client';
import { serverIdOf, useOutboxEntries } from '../../../lib/outbox/outbox';
import { isLocalId } from '../../../lib/outbox/queue';
import { isOffline } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { overlayList, overlayOne } from './pending-geofences';

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

/** The list as the server has it, with the owner's writes still on this phone laid over it. */
export function useGeofences() {
  const entries = useOutboxEntries();
  return useQuery({ ...geofencesQueryOptions(), select: (list) => overlayList(list, entries) });
}

export interface GeofenceView {
  data: Geofence | undefined;
  error: Error | null;
  isPending: boolean;
}

/**
 * GET geofences/{id}; the list's copy shows at once (and offline) while it loads. A geofence made on
 * this phone and not yet sent exists only there (its local id), until the server names it.
 */
export function useGeofence(routeId: string): GeofenceView {
  const client = useQueryClient();
  const entries = useOutboxEntries();
  const id = isLocalId(routeId) ? (serverIdOf(routeId) ?? routeId) : routeId;
  const local = isLocalId(id);
  const cachedList = client.getQueryData<GeofenceListResponse>(queryKeys.geofenceList);
  const fromList = cachedList ? overlayList(cachedList, entries).data.find((g) => g.id === id) : overlayOne(undefined, id, entries);
  const query = useQuery({
    queryKey: queryKeys.geofence(id),
    queryFn: ({ signal }) => apiJson<Geofence>(`geofences/${encodeURIComponent(id)}`, { signal }),
    enabled: !local,
    placeholderData: fromList,
    select: (g: Geofence) => overlayOne(g, id, entries),
    meta: { persist: true },
  });
  if (local) return { data: fromList, error: null, isPending: false };
  // Offline, the list's copy stands in; refused (gone, not the owner's), nothing does.
  const fallback = !query.isError || isOffline(query.error) ? fromList : undefined;
  return { data: query.data ?? fallback, error: query.error, isPending: query.isPending };
}
