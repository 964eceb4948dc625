import { alertType, type AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import type { AlertPushPayload } from '@tractorlink/domain/push-api';
import { type AlertTextInput, alertDescription, alertName } from '../texts';

/** Browsers accept about 4 KB of payload; ours stays well under (the spec's budget is 3 KB). */
export const PUSH_PAYLOAD_MAX_BYTES = 3 * 1024;

export interface AlertForDelivery extends AlertTextInput {
  alertId: string;
  vin: string;
}

/** The push message of an alert, in the receiving user's language. */
export function pushPayload(a: AlertForDelivery, language: string): string {
  const payload: AlertPushPayload = {
    type: 'alert',
    alertId: a.alertId,
    alertTypeId: a.typeId,
    vin: a.vin,
    critical: alertType(a.typeId as AlertTypeId).critical,
    title: alertName(a.typeId, language),
    body: alertDescription(a, language),
    timeStamp: Math.floor(a.time / 1000),
    url: `/#/alert-detail/${encodeURIComponent(a.alertId)}`,
  };
  let json = JSON.stringify(payload);
  // Names are short and bounded; only a pathological tractor name could push it over. Cut the body then.
  while (Buffer.byteLength(json) > PUSH_PAYLOAD_MAX_BYTES && payload.body.length > 0) {
    payload.body = payload.body.slice(0, Math.floor(payload.body.length * 0.8));
    json = JSON.stringify(payload);
  }
  return json;
}
