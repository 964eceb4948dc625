import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** POST logout, then the same local clean-up as a refused refresh (spec §4), even if offline. */
export async function logout(): Promise<void> {
  try {
    await apiJson<{ ok: true }>('logout', { method: 'POST' });
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
