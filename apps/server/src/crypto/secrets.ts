import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and the generated master secret. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmac(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Compares two strings without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Keys {
  /** Signs access tokens. */
  access: Uint8Array;
  /** Signs OTP tickets: a separate key, so a ticket can never pass as an access token. */
  ticket: Uint8Array;
  /** HMAC key of stored OTP codes. */
  otp: Uint8Array;
}

/** One master secret, one independent key per use (HKDF). */
export function deriveKeys(masterSecret: string): Keys {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', masterSecret, 'tractorlink', info, 32));
  return { access: derive('access-token'), ticket: derive('otp-ticket'), otp: derive('otp-code') };
}
