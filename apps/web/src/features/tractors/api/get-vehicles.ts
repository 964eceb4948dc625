import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET vehicles: the owner's stored list (spec §3 Vehicle entry). */
const vehiclesQueryOptions = queryOptions({
  queryKey: queryKeys.vehicles,
  queryFn: ({ signal }) => apiJson<{ data: VehicleEntry[] }>('vehicles', { signal }).then((r) => r.data),
  meta: { persist: true },
});

export function useVehicles() {
  return useQuery(vehiclesQueryOptions);
}
