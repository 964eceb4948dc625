import type { TokenResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';
import { reconcileLanguage } from '../../../lib/language-sync';
import { startSession } from '../../../lib/session';
import type { ProfileDraft } from '../flow-state';

/** POST register — profile and PIN after a verified 'register' OTP; logs the new owner in. */
export async function register(ticket: string, profile: ProfileDraft, pin: string): Promise<TokenResponse> {
  const res = await apiJson<TokenResponse>('register', {
    method: 'POST',
    auth: false,
    body: {
      ticket,
      name: profile.name,
      birthDate: profile.birthDate,
      ...(profile.email ? { email: profile.email } : {}),
      pin,
      deviceID: getDeviceId(),
      rememberMe: true,
      acceptedTerms: true,
    },
  });
  startSession(res, true);
  reconcileLanguage(res.user);
  return res;
}
