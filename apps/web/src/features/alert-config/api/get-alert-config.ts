import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertConfigResponse } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET vehicles/alertconfig/{vin}: every alert type's settings for one tractor, in catalogue order. */
function getAlertConfig(vin: string, signal?: AbortSignal): Promise<AlertConfigResponse> {
  return apiJson<AlertConfigResponse>(`vehicles/alertconfig/${encodeURIComponent(vin)}`, { signal });
}

function alertConfigQueryOptions(vin: string) {
  return queryOptions({
    queryKey: queryKeys.alertConfig(vin),
    queryFn: ({ signal }) => getAlertConfig(vin, signal),
    meta: { persist: true },
  });
}

export function useAlertConfig(vin: string | undefined) {
  return useQuery({ ...alertConfigQueryOptions(vin ?? ''), enabled: vin !== undefined });
}
