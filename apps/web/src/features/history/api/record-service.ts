import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRecordRequest, ServiceReminderResponse } from '@tractorlink/domain/vehicles-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST servicereminders/{vin}: a service done; the service card and the home card show the new due point. */
export function useRecordService(vin: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ServiceRecordRequest, 'isSec'>) =>
      apiJson<ServiceReminderResponse>(`servicereminders/${encodeURIComponent(vin)}`, { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.tractor(vin) }), client.invalidateQueries({ queryKey: queryKeys.home })]);
    },
  });
}
