import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import type { AlertConfigChange, AlertConfigResponse, AlertConfigsRequest } from '@tractorlink/domain/alerts-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every type on, with the catalogue's default limit and time: the settings a tractor starts with. */
export function usualSettings(): AlertConfigChange[] {
  return ALERT_TYPES.map((type) => {
    const change: AlertConfigChange = { alertTypeId: type.id, enabled: true };
    const t = type as { threshold?: { default: number }; duration?: { default: number } };
    if (t.threshold) change.thresholdValue = t.threshold.default;
    if (t.duration) change.durationSeconds = t.duration.default;
    return change;
  });
}

/** PUT vehicles/alertconfigs: several types at once; here, all of them back to the usual settings. */
function putAlertConfigs(body: AlertConfigsRequest): Promise<AlertConfigResponse> {
  return apiJson<AlertConfigResponse>('vehicles/alertconfigs', { method: 'PUT', body });
}

export function useResetAlertConfigs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vin: string) => putAlertConfigs({ vin, configs: usualSettings() }),
    onSuccess: (answer) => client.setQueryData(queryKeys.alertConfig(answer.vin), answer),
  });
}
