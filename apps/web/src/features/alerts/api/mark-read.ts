import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { AlertItem, AlertsResponse, MarkReadRequest } from '@tractorlink/domain/alerts-api';
import { MARK_READ_MAX } from '@tractorlink/domain/alerts-catalog';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { istToday } from '../../../components/calendar/saved-period';
import { listParams } from '../filters';
import type { AlertFilter } from '../filters';
import { getAlerts } from './get-alerts';

/** PUT alerts with status 1 (spec §7, §9): marks the alerts read, at most MARK_READ_MAX per call. */
export async function markRead(ids: readonly string[]): Promise<number> {
  let updated = 0;
  for (let i = 0; i < ids.length; i += MARK_READ_MAX) {
    const body: MarkReadRequest = { alerts: ids.slice(i, i + MARK_READ_MAX), status: 1, isSec: true };
    updated += (await apiJson<{ updated: number }>('alerts', { method: 'PUT', body })).updated;
  }
  return updated;
}

/** Every unread alert a filter shows, all pages (for "mark all read"). */
async function unreadIds(filter: AlertFilter, vin: string | undefined): Promise<string[]> {
  const params = listParams({ ...filter, unreadOnly: true }, filter.allTractors ? undefined : vin, istToday());
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await getAlerts({ ...params, page: String(page), pageSize: '200' });
    ids.push(...res.data.map((a) => a.alertId));
    if (res.data.length === 0 || page * res.pageSize >= res.total) return ids;
  }
}

/** The cached lists and details show the alerts read at once; then the lists and the count refetch. */
function useAfterMarking() {
  const client = useQueryClient();
  return async (ids: readonly string[]) => {
    const read = new Set(ids);
    const mark = (a: AlertItem): AlertItem => (read.has(a.alertId) ? { ...a, alertStatus: 'read' } : a);
    client.setQueriesData<InfiniteData<AlertsResponse>>({ queryKey: queryKeys.alertLists }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map(mark) })) } : data,
    );
    for (const id of ids) client.setQueryData<AlertItem>(queryKeys.alert(id), (a) => (a ? mark(a) : a));
    // A detail still being fetched when the PUT began would land afterwards saying 'unread' (seen on a
    // busy phone): the marked details are asked again, which cancels such a fetch first.
    const details = ids.length <= 20 ? ids.map((id) => client.invalidateQueries({ queryKey: queryKeys.alert(id), exact: true })) : [];
    await Promise.all([client.invalidateQueries({ queryKey: queryKeys.alerts, predicate: (q) => q.queryKey[1] !== 'detail' }), ...details]);
  };
}

/** Marks one alert read when it is opened. */
export function useMarkRead() {
  const after = useAfterMarking();
  // Nothing spins for it: opened offline, it waits for the network and is sent when it is back.
  return useMutation({ mutationFn: markRead, networkMode: 'online', onSuccess: (_n, ids) => after(ids) });
}

/** "Mark all read": every unread alert the current filter shows, on every page. */
export function useMarkAllRead() {
  const after = useAfterMarking();
  return useMutation({
    mutationFn: async ({ filter, vin }: { filter: AlertFilter; vin: string | undefined }) => {
      const ids = await unreadIds(filter, vin);
      if (ids.length > 0) await markRead(ids);
      return ids;
    },
    onSuccess: (ids) => after(ids),
  });
}
