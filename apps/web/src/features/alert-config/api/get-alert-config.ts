import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertConfigResponse } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { useOutboxEntries } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { overlayAlertConfig } from './pending-alert-config';

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

/** A tractor's settings, with the owner's changes still on this phone laid over them. */
export function useAlertConfig(vin: string | undefined) {
  const entries = useOutboxEntries();
  return useQuery({ ...alertConfigQueryOptions(vin ?? ''), enabled: vin !== undefined, select: (config) => overlayAlertConfig(config, entries) });
}
