import { apiJson } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';

/** POST createpin — new PIN after a verified 'reset' OTP (forgot PIN). */
export function createPin(ticket: string, pin: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('createpin', { method: 'POST', auth: false, body: { ticket, pin, deviceID: getDeviceId() } });
}
