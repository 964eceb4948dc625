import type { z } from 'zod';
import type { OtpPurpose, otpVerifyResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';

export type OtpVerifyResponse = z.infer<typeof otpVerifyResponse>;

/** POST otp/verify — returns a short-lived ticket proving the number for `purpose`. */
export function verifyOtp(mobileNo: string, purpose: OtpPurpose, otp: string): Promise<OtpVerifyResponse> {
  return apiJson<OtpVerifyResponse>('otp/verify', { method: 'POST', body: { mobileNo, purpose, otp }, auth: false });
}
