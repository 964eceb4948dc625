import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimRequest, VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { rememberSelected } from '../../../lib/signed-in/tractors';

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
