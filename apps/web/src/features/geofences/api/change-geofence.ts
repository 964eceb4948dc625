import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Geofence, GeofenceDefinition, GeofenceListResponse } from '@tractorlink/domain/geofences';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const byId = (id: string) => `geofences/${encodeURIComponent(id)}`;

/** After a change: the answer replaces the cached geofence, then the list refetches. */
function useAfterChange() {
  const client = useQueryClient();
  return async (saved: Geofence | null, removedId?: string) => {
    if (saved) client.setQueryData(queryKeys.geofence(saved.id), saved);
    if (removedId) client.removeQueries({ queryKey: queryKeys.geofence(removedId) });
    client.setQueryData<GeofenceListResponse>(queryKeys.geofenceList, (list) => {
      if (!list) return list;
      if (removedId) return { ...list, data: list.data.filter((g) => g.id !== removedId), total: list.total - 1 };
      return saved ? { ...list, data: list.data.map((g) => (g.id === saved.id ? saved : g)) } : list;
    });
    await client.invalidateQueries({ queryKey: queryKeys.geofenceList });
  };
}

/** POST geofences. */
export function useCreateGeofence() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: GeofenceDefinition) => apiJson<Geofence>('geofences', { method: 'POST', body }),
    onSuccess: (saved) => after(saved),
  });
}

/** PUT geofences/{id}: the whole definition (tractors and active stay). */
export function useUpdateGeofence(id: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: GeofenceDefinition) => apiJson<Geofence>(byId(id), { method: 'PUT', body }),
    onSuccess: (saved) => after(saved),
  });
}

/** DELETE geofences/{id}. */
export function useDeleteGeofence(id: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: () => apiRequest(byId(id), { method: 'DELETE' }),
    onSuccess: () => after(null, id),
  });
}

/** PUT geofences/{id}/tractors: the tractors it watches, replacing the list. */
export function useAssignTractors(id: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (vins: string[]) => apiJson<Geofence>(`${byId(id)}/tractors`, { method: 'PUT', body: { vins } }),
    onSuccess: (saved) => after(saved),
  });
}

/**
 * PUT geofences/{id}/active (spec §4): the switch moves at once in the list and the details; a
 * refusal or a lost network moves it back.
 */
export function useSetActive() {
  const client = useQueryClient();
  const after = useAfterChange();
  const flip = (id: string, active: boolean) => {
    const set = (g: Geofence) => (g.id === id ? { ...g, active } : g);
    client.setQueryData<GeofenceListResponse>(queryKeys.geofenceList, (list) => (list ? { ...list, data: list.data.map(set) } : list));
    client.setQueryData<Geofence>(queryKeys.geofence(id), (g) => (g ? set(g) : g));
  };
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiJson<Geofence>(`${byId(id)}/active`, { method: 'PUT', body: { active } }),
    onMutate: async ({ id, active }) => {
      await client.cancelQueries({ queryKey: queryKeys.geofences });
      flip(id, active);
    },
    onError: (_e, { id, active }) => flip(id, !active),
    onSuccess: (saved) => after(saved),
  });
}
