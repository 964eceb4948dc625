import type { z } from 'zod';
import type { OtpPurpose, otpSendResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';

export type OtpSendResponse = z.infer<typeof otpSendResponse>;

/** POST otp/send — first send and every resend. */
export function sendOtp(mobileNo: string, purpose: OtpPurpose): Promise<OtpSendResponse> {
  return apiJson<OtpSendResponse>('otp/send', { method: 'POST', body: { mobileNo, purpose }, auth: false });
}
