import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** POST changepin — signed in; the old PIN must be valid. */
function changePin(oldPin: string, newPin: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('changepin', { method: 'POST', body: { oldPin, newPin } });
}

export function useChangePin() {
  return useMutation({ mutationFn: (v: { oldPin: string; newPin: string }) => changePin(v.oldPin, v.newPin) });
}
