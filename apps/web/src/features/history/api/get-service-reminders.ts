import { useQuery } from '@tanstack/react-query';
import type { ServiceReminderResponse } from '@tractorlink/domain/vehicles-api';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET servicereminders/{vin}: when the next service falls due, in engine hours. */
export function useServiceReminders(vin: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.tractor(vin ?? ''), 'service'],
    queryFn: conditionalQuery<ServiceReminderResponse>(`servicereminders/${encodeURIComponent(vin ?? '')}`),
    enabled: vin !== undefined,
    meta: { persist: true },
    select: bodyOf,
  });
}
