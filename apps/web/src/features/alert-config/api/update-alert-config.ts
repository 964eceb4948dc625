import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertConfigRequest, AlertConfigResponse } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT vehicles/alertconfig: one type's settings on one tractor; the answer holds every type. */
function updateAlertConfig(body: AlertConfigRequest): Promise<AlertConfigResponse> {
  return apiJson<AlertConfigResponse>('vehicles/alertconfig', { method: 'PUT', body });
}

export function useUpdateAlertConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAlertConfig,
    onSuccess: (answer) => client.setQueryData(queryKeys.alertConfig(answer.vin), answer),
  });
}
