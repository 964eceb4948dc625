import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimRequest, VehicleEntry } from '@tractorlink/domain/vehicles';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { rememberSelected } from '../../../lib/signed-in/tractors';

/** GET vehicles: the owner's stored list (spec §3 Vehicle entry). */
export const vehiclesQueryOptions = queryOptions({
  queryKey: queryKeys.vehicles,
  queryFn: ({ signal }) => apiJson<{ data: VehicleEntry[] }>('vehicles', { signal }).then((r) => r.data),
  meta: { persist: true },
});

export function useVehicles() {
  return useQuery(vehiclesQueryOptions);
}

/** POST vehicles/claim by VIN or engine number; the new tractor becomes the selected one. */
export function useClaimTractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimRequest) => apiJson<VehicleEntry>('vehicles/claim', { method: 'POST', body }),
    onSuccess: async (entry) => {
      rememberSelected(entry);
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.home }), client.invalidateQueries({ queryKey: queryKeys.vehicles })]);
    },
  });
}

/** PUT vehicles/{vin}/name; every view of that tractor shows the new name. */
export function useRenameTractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vin, vehName }: { vin: string; vehName: string }) =>
      apiJson<VehicleEntry>(`vehicles/${encodeURIComponent(vin)}/name`, { method: 'PUT', body: { vehName } }),
    onSuccess: async (entry) => {
      client.setQueryData<VehicleEntry[]>(queryKeys.vehicles, (list) => list?.map((v) => (v.vin === entry.vin ? entry : v)));
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.home }),
        client.invalidateQueries({ queryKey: queryKeys.tractor(entry.vin) }),
        client.invalidateQueries({ queryKey: queryKeys.tracking }),
      ]);
    },
  });
}
