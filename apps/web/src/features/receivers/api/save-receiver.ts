import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Receiver, ReceiverRequest } from '@tractorlink/domain/receivers-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST receivers (a new one; RECEIVER_LIMIT past 5, RECEIVER_EXISTS for the same number and channel). */
function createReceiver(body: ReceiverRequest): Promise<Receiver> {
  return apiJson<Receiver>('receivers', { method: 'POST', body });
}

/** PUT receivers/{id}: name, number and channel of one receiver. */
function updateReceiver(id: string, body: ReceiverRequest): Promise<Receiver> {
  return apiJson<Receiver>(`receivers/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Adds (no id) or changes a receiver; the list shows it at once. */
export function useSaveReceiver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ReceiverRequest }) => (id ? updateReceiver(id, body) : createReceiver(body)),
    onSuccess: async (saved) => {
      client.setQueryData<Receiver[]>(queryKeys.receivers, (list) =>
        list ? (list.some((r) => r.id === saved.id) ? list.map((r) => (r.id === saved.id ? saved : r)) : [...list, saved]) : [saved],
      );
      await client.invalidateQueries({ queryKey: queryKeys.receivers });
    },
  });
}
