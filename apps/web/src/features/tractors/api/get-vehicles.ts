import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../../lib/api-client';
import { useOutboxEntries } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { withPendingNames } from './rename-tractor';

/** GET vehicles: the owner's stored list (spec §3 Vehicle entry). */
const vehiclesQueryOptions = queryOptions({
  queryKey: queryKeys.vehicles,
  queryFn: ({ signal }) => apiJson<{ data: VehicleEntry[] }>('vehicles', { signal }).then((r) => r.data),
  meta: { persist: true },
});

/** The owner's tractors, with names renamed on this phone and not yet sent shown already. */
export function useVehicles() {
  const entries = useOutboxEntries();
  return useQuery({ ...vehiclesQueryOptions, select: (list) => withPendingNames(list, entries) });
}
