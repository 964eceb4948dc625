import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

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
