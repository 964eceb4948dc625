import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import type { AlertConfigChange, AlertConfigResponse, AlertConfigsRequest } from '@tractorlink/domain/alerts-api';
import { paths } from '../../../config/paths';
import { outboxEntries, runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { alertConfigTarget, overlayAlertConfig } from './pending-alert-config';

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

/**
 * PUT vehicles/alertconfigs through the outbox: several types at once; here, all of them back to the
 * usual settings (which makes the tractor's settings changes not sent yet pointless).
 */
export function useResetAlertConfigs() {
  const client = useQueryClient();
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ vin, label }: { vin: string; label: string }): Promise<{ queued: boolean }> => {
      const body: AlertConfigsRequest = { vin, configs: usualSettings() };
      const target = alertConfigTarget(vin);
      const result = await submitWrite<AlertConfigResponse>(
        {
          kind: 'alertConfig.reset',
          method: 'PUT',
          path: 'vehicles/alertconfigs',
          body,
          target,
          label,
          invalidate: [queryKeys.alertConfig(vin)],
          editPath: paths.alertConfiguration.getHref(),
          supersedes: (e) => e.target === target || e.target.startsWith(`${target}:`),
        },
        {
          onKept: () =>
            client.setQueryData<AlertConfigResponse>(queryKeys.alertConfig(vin), (config) => (config ? overlayAlertConfig(config, outboxEntries()) : config)),
        },
      );
      if (result.state === 'applied') client.setQueryData(queryKeys.alertConfig(vin), result.body);
      return { queued: result.state === 'queued' };
    },
  });
}
