import type { z } from 'zod';
import type { OtpPurpose, otpVerifyResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/device-id';

export type OtpVerifyResponse = z.infer<typeof otpVerifyResponse>;

/**
 * POST otp/verify — returns a short-lived ticket proving the number for `purpose`. This browser's id
 * lets the server find the code it asked for even if the phone's address changed (Wi-Fi to mobile data).
 */
export function verifyOtp(mobileNo: string, purpose: OtpPurpose, otp: string): Promise<OtpVerifyResponse> {
  return apiJson<OtpVerifyResponse>('otp/verify', { method: 'POST', body: { mobileNo, purpose, otp, deviceID: getDeviceId() }, auth: false });
}
