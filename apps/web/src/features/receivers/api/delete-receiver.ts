import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE receivers/{id}. */
async function deleteReceiver(id: string): Promise<void> {
  await apiRequest(`receivers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteReceiver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReceiver,
    onSuccess: async (_v, id) => {
      client.setQueryData<Receiver[]>(queryKeys.receivers, (list) => list?.filter((r) => r.id !== id));
      await client.invalidateQueries({ queryKey: queryKeys.receivers });
    },
  });
}
