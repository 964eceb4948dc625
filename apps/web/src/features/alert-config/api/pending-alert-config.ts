import type { AlertConfigChange, AlertConfigResponse } from '@tractorlink/domain/alerts-api';
import type { OutboxEntry } from '../../../lib/outbox/types';

/**
 * Alert settings changed on this phone and not yet sent (the outbox), laid over what the server last
 * said for that tractor: a type switched or given a new limit, or all of them reset.
 */

export const alertConfigTarget = (vin: string, alertTypeId?: string): string => (alertTypeId ? `alertConfig:${vin}:${alertTypeId}` : `alertConfig:${vin}`);

function apply(config: AlertConfigResponse, changes: readonly AlertConfigChange[]): AlertConfigResponse {
  const byType = new Map<string, AlertConfigChange>(changes.map((c) => [c.alertTypeId, c]));
  return {
    ...config,
    data: config.data.map((item) => {
      const c = byType.get(item.alertTypeId);
      if (!c) return item;
      return {
        ...item,
        alertConfigBy: 'user',
        ...(c.enabled === undefined ? {} : { enabled: c.enabled }),
        ...(c.thresholdValue === undefined ? {} : { thresholdValue: c.thresholdValue }),
        ...(c.durationSeconds === undefined ? {} : { durationSeconds: c.durationSeconds }),
      };
    }),
  };
}

export function overlayAlertConfig(config: AlertConfigResponse, entries: readonly OutboxEntry[]): AlertConfigResponse {
  let out = config;
  for (const e of entries) {
    if (e.kind === 'alertConfig.update' && e.target.startsWith(`${alertConfigTarget(config.vin)}:`)) out = apply(out, [e.body as AlertConfigChange]);
    else if (e.kind === 'alertConfig.reset' && e.target === alertConfigTarget(config.vin))
      out = apply(out, (e.body as { configs: AlertConfigChange[] }).configs);
  }
  return out;
}
