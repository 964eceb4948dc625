import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertConfigRequest, AlertConfigResponse } from '@tractorlink/domain/alerts-api';
import { paths } from '../../../config/paths';
import { outboxEntries, runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import { canRewrite } from '../../../lib/outbox/queue';
import { queryKeys } from '../../../lib/query-keys';
import { alertConfigTarget, overlayAlertConfig } from './pending-alert-config';

/**
 * PUT vehicles/alertconfig through the outbox: one type's settings on one tractor; the answer holds
 * every type. Changes of one type made while offline add up (a switch, then a limit) into one write.
 */
export function useUpdateAlertConfig() {
  const client = useQueryClient();
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ label, ...change }: AlertConfigRequest & { label: string }): Promise<{ queued: boolean }> => {
      const target = alertConfigTarget(change.vin, change.alertTypeId);
      const earlier = outboxEntries().filter((e) => e.kind === 'alertConfig.update' && e.target === target && canRewrite(e));
      const body = Object.assign({}, ...earlier.map((e) => e.body as object), change) as AlertConfigRequest;
      const result = await submitWrite<AlertConfigResponse>(
        {
          kind: 'alertConfig.update',
          method: 'PUT',
          path: 'vehicles/alertconfig',
          body,
          target,
          label,
          invalidate: [queryKeys.alertConfig(change.vin)],
          editPath: paths.alertConfiguration.getHref(),
        },
        {
          onKept: () =>
            client.setQueryData<AlertConfigResponse>(queryKeys.alertConfig(change.vin), (config) =>
              config ? overlayAlertConfig(config, outboxEntries()) : config,
            ),
        },
      );
      if (result.state === 'applied') client.setQueryData(queryKeys.alertConfig(result.body.vin), result.body);
      return { queued: result.state === 'queued' };
    },
  });
}
