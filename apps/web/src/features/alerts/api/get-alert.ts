import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { AlertItem, AlertsResponse } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET alerts/{alertId}: one alert with every field of spec §3. */
function getAlert(id: string, signal?: AbortSignal): Promise<AlertItem> {
  return apiJson<AlertItem>(`alerts/${encodeURIComponent(id)}`, { signal });
}

/** The alert as a list already holds it (shown at once, and offline), if any list does. */
function alertFromLists(client: ReturnType<typeof useQueryClient>, id: string): AlertItem | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<AlertsResponse>>({ queryKey: queryKeys.alertLists })) {
    for (const page of data?.pages ?? []) {
      const found = page.data.find((a) => a.alertId === id);
      if (found) return found;
    }
  }
  return undefined;
}

export function useAlert(id: string) {
  const client = useQueryClient();
  return useQuery<AlertItem, Error, AlertItem, ReturnType<typeof queryKeys.alert>>({
    queryKey: queryKeys.alert(id),
    queryFn: ({ signal }) => getAlert(id, signal),
    placeholderData: () => alertFromLists(client, id),
    meta: { persist: true },
  });
}
