import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { apiJson } from '../../../lib/api-client';
import { useOutboxEntries } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { overlayReceivers } from './pending-receivers';

/** GET receivers: people who also get this owner's alerts (spec §3 Alert receiver). */
async function getReceivers(signal?: AbortSignal): Promise<Receiver[]> {
  return (await apiJson<{ data: Receiver[] }>('receivers', { signal })).data;
}

const receiversQueryOptions = queryOptions({
  queryKey: queryKeys.receivers,
  queryFn: ({ signal }) => getReceivers(signal),
  meta: { persist: true },
});

/** The receivers, with the owner's changes still on this phone laid over them. */
export function useReceivers() {
  const entries = useOutboxEntries();
  return useQuery({ ...receiversQueryOptions, select: (list) => overlayReceivers(list, entries) });
}
