import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { freeServicesResponse } from '@tractorlink/domain/service-booking-api';
import type { ServiceReminderResponse } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../../lib/api-client';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET servicereminders/{vin} (the same cache as the engine screen). `hasData` false: the tractor has
 * sent nothing to reckon from ('service due information not available').
 */
export type ServiceInfo = ServiceReminderResponse;

export function useServiceInfo(vin: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.tractor(vin ?? ''), 'service'],
    queryFn: conditionalQuery<ServiceInfo>(`servicereminders/${encodeURIComponent(vin ?? '')}`),
    enabled: vin !== undefined,
    meta: { persist: true },
    select: bodyOf,
  });
}

export type FreeServices = z.infer<typeof freeServicesResponse>;

/** GET service-bookings/free-services: the tractor's free periodic services and those left. */
export function useFreeServices(vin: string | undefined) {
  return useQuery({
    queryKey: queryKeys.freeServices(vin ?? ''),
    queryFn: ({ signal }) => apiJson<FreeServices>(`service-bookings/free-services?vin=${encodeURIComponent(vin ?? '')}`, { signal }),
    enabled: vin !== undefined,
    meta: { persist: true },
  });
}
