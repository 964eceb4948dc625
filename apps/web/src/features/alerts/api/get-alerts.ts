import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AlertsResponse } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { istToday } from '../../../components/calendar/saved-period';
import { filterKey, listParams } from '../filters';
import type { AlertFilter } from '../filters';

/** One page of the list: a screenful on a small phone, a few KB on 2G. */
const ALERTS_PAGE_SIZE = 20;

/** GET alerts (spec §7): the owner's alerts for a query, newest first, one page. */
export function getAlerts(params: Record<string, string>, signal?: AbortSignal): Promise<AlertsResponse> {
  return apiJson<AlertsResponse>(`alerts?${new URLSearchParams(params)}`, { signal });
}

/**
 * The list for a filter, page by page ("load more"); kept (encrypted) so the last list shows offline.
 * The period is worked out when the page is fetched, so "today" is always today.
 */
function alertsQueryOptions(filter: AlertFilter, vin: string | undefined) {
  const scope = filter.allTractors || !vin ? 'all' : vin;
  return infiniteQueryOptions({
    queryKey: queryKeys.alertList(scope, filterKey(filter)),
    queryFn: ({ pageParam, signal }) =>
      getAlerts(
        { ...listParams(filter, scope === 'all' ? undefined : scope, istToday()), page: String(pageParam), pageSize: String(ALERTS_PAGE_SIZE) },
        signal,
      ).catch((error: unknown) => {
        // Spec §8: the alerts fetch logs the error (the screen then shows the list as empty). The
        // error stays the query's, so a list shown before is kept rather than replaced by nothing.
        if (!signal.aborted) console.error('Alerts not loaded', error);
        throw error;
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    meta: { persist: true },
  });
}

export function useAlerts(filter: AlertFilter, vin: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...alertsQueryOptions(filter, vin), enabled });
}
