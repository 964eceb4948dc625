import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §9 "general refresh": the badge is refetched at least this often while the app is open. */
const UNREAD_REFRESH_MS = 1_500_000;

/** GET alerts/unread-count?vin: unread alerts of the counted types for one tractor (the server counts). */
function getUnreadCount(vin: string, signal?: AbortSignal): Promise<UnreadCountResponse> {
  return apiJson<UnreadCountResponse>(`alerts/unread-count?${new URLSearchParams({ vin })}`, { signal });
}

function unreadCountQueryOptions(vin: string) {
  return queryOptions({
    queryKey: queryKeys.unreadCount(vin),
    queryFn: ({ signal }) => getUnreadCount(vin, signal),
    meta: { persist: true },
  });
}

/**
 * The unread badge of the selected tractor: kept for offline use, refetched whenever the app comes
 * back to the front, on a push message (the shell invalidates ['alerts']) and after marking read.
 */
export function useUnreadCount(vin: string | undefined) {
  return useQuery({
    ...unreadCountQueryOptions(vin ?? ''),
    enabled: vin !== undefined,
    select: (d) => d.count,
    refetchOnWindowFocus: 'always',
    refetchInterval: UNREAD_REFRESH_MS,
  });
}
