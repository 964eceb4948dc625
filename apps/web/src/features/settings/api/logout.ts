import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';
import { forgetPushOnLogout } from '../../../lib/signed-in/push';

/**
 * POST logout, then the same local clean-up as a refused refresh (spec §4), even if offline. First,
 * while signed in, this phone stops getting the owner's alerts (DELETE pushsubscription).
 */
async function logout(): Promise<void> {
  try {
    await forgetPushOnLogout();
    await apiJson<{ ok: true }>('logout', { method: 'POST' });
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
