import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n';
import type { Receiver, ReceiverRequest } from '@tractorlink/domain/receivers-api';
import { paths } from '../../../config/paths';
import { outboxEntries, runsOffline, serverIdOf, submitWrite } from '../../../lib/outbox/outbox';
import { canRewrite, createOf, isLocalId, newLocalId } from '../../../lib/outbox/queue';
import type { WriteRequest } from '../../../lib/outbox/types';
import { queryKeys } from '../../../lib/query-keys';
import { overlayReceivers, receiverTarget } from './pending-receivers';

/** What a save came to: the receiver as shown now, and whether it still waits on the phone. */
export interface SavedReceiver {
  receiver: Receiver;
  queued: boolean;
}

const refetched = [queryKeys.receivers];

/**
 * POST receivers (a new one; RECEIVER_LIMIT past 5, RECEIVER_EXISTS for the same number and channel)
 * or PUT receivers/{id}, through the outbox: the list shows it at once, offline too. A receiver added
 * offline and changed before it was sent is one add with the newest details.
 */
export function useSaveReceiver() {
  const client = useQueryClient();
  const showKept = () => client.setQueryData<Receiver[]>(queryKeys.receivers, (list) => (list ? overlayReceivers(list, outboxEntries()) : list));
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ id: given, body }: { id?: string; body: ReceiverRequest }): Promise<SavedReceiver> => {
      const id = given && isLocalId(given) ? (serverIdOf(given) ?? given) : given;
      const create = id && isLocalId(id) ? createOf(outboxEntries(), id) : undefined;
      const localId = id === undefined ? newLocalId() : create && canRewrite(create) ? id : undefined;
      const request: WriteRequest =
        localId !== undefined
          ? {
              kind: 'receiver.create',
              method: 'POST',
              path: 'receivers',
              body,
              target: receiverTarget(localId),
              label: body.name,
              localId,
              invalidate: refetched,
              editPath: paths.alertReceivers.getHref(),
              supersedes: (e) => e.id === create?.id,
            }
          : {
              kind: 'receiver.update',
              method: 'PUT',
              path: `receivers/${encodeURIComponent(id ?? '')}`,
              body,
              target: receiverTarget(id ?? ''),
              label: body.name,
              invalidate: refetched,
              editPath: paths.alertReceivers.getHref(),
            };
      const result = await submitWrite<Receiver>(request, { onKept: showKept });
      if (result.state === 'queued') return { receiver: { id: localId ?? id ?? '', language: currentLanguage(), ...body }, queued: true };
      const saved = result.body;
      client.setQueryData<Receiver[]>(queryKeys.receivers, (list) =>
        list
          ? list.some((r) => r.id === saved.id)
            ? list.map((r) => (r.id === saved.id ? saved : r))
            : [...list.filter((r) => r.id !== localId), saved]
          : [saved],
      );
      return { receiver: saved, queued: false };
    },
  });
}
