import type { TokenResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';
import { reconcileLanguage } from '../../../lib/language-sync';
import { startSession } from '../../../lib/session';

export interface LoginInput {
  mobileNo: string;
  pin: string;
  rememberMe: boolean;
  /** From a 'bind' OTP after DEVICE_NOT_BOUND. */
  otpTicket?: string;
}

/** POST login — the spec's authentication request (§3); starts the session on success. */
export async function login({ mobileNo, pin, rememberMe, otpTicket }: LoginInput): Promise<TokenResponse> {
  const res = await apiJson<TokenResponse>('login', {
    method: 'POST',
    auth: false,
    body: {
      userName: mobileNo,
      password: pin,
      deviceID: getDeviceId(),
      rememberMe,
      grantType: 'password',
      requestedFrom: 'WEB',
      vehicleCategory: 'FD_DOM',
      isSec: true,
      ...(otpTicket ? { otpTicket } : {}),
    },
  });
  startSession(res, rememberMe);
  reconcileLanguage(res.user);
  return res;
}
