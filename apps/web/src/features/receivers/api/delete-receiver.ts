import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { discard, outboxEntries, runsOffline, serverIdOf, submitWrite } from '../../../lib/outbox/outbox';
import { canRewrite, createOf, isLocalId } from '../../../lib/outbox/queue';
import { queryKeys } from '../../../lib/query-keys';
import { overlayReceivers, receiverTarget } from './pending-receivers';

/** DELETE receivers/{id} through the outbox; a receiver added offline and never sent is simply dropped. */
export function useDeleteReceiver() {
  const client = useQueryClient();
  const drop = (id: string) => client.setQueryData<Receiver[]>(queryKeys.receivers, (list) => list?.filter((r) => r.id !== id));
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ id: given, name }: { id: string; name: string }): Promise<{ queued: boolean }> => {
      const id = isLocalId(given) ? (serverIdOf(given) ?? given) : given;
      const create = isLocalId(id) ? createOf(outboxEntries(), id) : undefined;
      if (create && canRewrite(create)) {
        discard(create.id);
        drop(id);
        return { queued: false };
      }
      const target = receiverTarget(id);
      const result = await submitWrite<null>(
        {
          kind: 'receiver.delete',
          method: 'DELETE',
          path: `receivers/${encodeURIComponent(id)}`,
          target,
          label: name,
          invalidate: [queryKeys.receivers],
          supersedes: (e) => e.target === target && e.kind !== 'receiver.create',
        },
        { onKept: () => client.setQueryData<Receiver[]>(queryKeys.receivers, (list) => (list ? overlayReceivers(list, outboxEntries()) : list)) },
      );
      if (result.state === 'applied') drop(id);
      return { queued: result.state === 'queued' };
    },
  });
}
