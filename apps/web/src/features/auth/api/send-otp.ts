import type { z } from 'zod';
import type { OtpPurpose, otpSendResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';
import { currentLanguage } from '../../../lib/i18n';

export type OtpSendResponse = z.infer<typeof otpSendResponse>;

/**
 * POST otp/send — first send and every resend. This browser's id goes along: on a phone already
 * bound to the account, the code comes from the owner's own allowance, which strangers cannot use up.
 * So does the app's language: the SMS of a number not yet registered comes in it (an account's own language wins).
 */
export function sendOtp(mobileNo: string, purpose: OtpPurpose): Promise<OtpSendResponse> {
  return apiJson<OtpSendResponse>('otp/send', {
    method: 'POST',
    body: { mobileNo, purpose, deviceID: getDeviceId(), language: currentLanguage() },
    auth: false,
  });
}
