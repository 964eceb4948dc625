import type { OtpPurpose } from '@tractorlink/domain/auth';

/**
 * What the login-flow screens hand each other. It travels in router state (memory for this tab's
 * history), never in storage: the OTP ticket is a short-lived proof and the PIN is never in here.
 */
export interface ProfileDraft {
  name: string;
  birthDate: string;
  email?: string | undefined;
}

export interface VerifyOtpState {
  mobileNo: string;
  purpose: OtpPurpose;
  resendAfterSeconds: number;
}

export interface TicketState {
  mobileNo: string;
  ticket: string;
}

export interface PinStepState extends TicketState {
  profile: ProfileDraft;
}

export interface LoginState {
  notice?: 'pinChanged';
  /** Why the last session ended (refresh refused), shown once on the login screen. */
  endedCode?: string;
  /** Prefills the number after a PIN reset. */
  mobileNo?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

export function asVerifyOtpState(v: unknown): VerifyOtpState | null {
  if (!isRecord(v) || typeof v.mobileNo !== 'string' || typeof v.purpose !== 'string') return null;
  if (v.purpose !== 'register' && v.purpose !== 'reset' && v.purpose !== 'bind') return null;
  const wait = typeof v.resendAfterSeconds === 'number' ? v.resendAfterSeconds : 30;
  return { mobileNo: v.mobileNo, purpose: v.purpose, resendAfterSeconds: wait };
}

export function asTicketState(v: unknown): TicketState | null {
  if (!isRecord(v) || typeof v.mobileNo !== 'string' || typeof v.ticket !== 'string') return null;
  return { mobileNo: v.mobileNo, ticket: v.ticket };
}

export function asPinStepState(v: unknown): PinStepState | null {
  const base = asTicketState(v);
  if (!base || !isRecord(v) || !isRecord(v.profile)) return null;
  const p = v.profile;
  if (typeof p.name !== 'string' || typeof p.birthDate !== 'string') return null;
  return { ...base, profile: { name: p.name, birthDate: p.birthDate, email: typeof p.email === 'string' ? p.email : undefined } };
}
