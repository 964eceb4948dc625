/**
 * A login waiting for this browser to be bound (DEVICE_NOT_BOUND): the server has sent a 'bind' OTP,
 * and once it is verified the same login is repeated with the ticket. The PIN stays in this module's
 * memory only — never in storage or router state — and is dropped as soon as it is used.
 */
export interface PendingLogin {
  mobileNo: string;
  pin: string;
  rememberMe: boolean;
}

let pending: PendingLogin | null = null;

export function holdPendingLogin(value: PendingLogin): void {
  pending = value;
}

export function takePendingLogin(): PendingLogin | null {
  const value = pending;
  pending = null;
  return value;
}

export function peekPendingLogin(): PendingLogin | null {
  return pending;
}
