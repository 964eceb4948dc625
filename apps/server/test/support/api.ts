import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ERROR_STATUS } from '@tractorlink/domain/errors';
import type { ApiErrorBody, ErrorCode } from '@tractorlink/domain/errors';
import type { LocalSmsProvider } from '../../src/providers/sms/local-sms';

export interface CallOptions {
  token?: string;
  /** Value of the tl_refresh cookie to send. */
  refresh?: string;
  headers?: Record<string, string>;
}

/** JSON call through app.inject. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.refresh !== undefined) headers.cookie = `tl_refresh=${options.refresh}`;
  return app.inject({
    method,
    url: `/api/v1/${url}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export const post = (app: FastifyInstance, url: string, body?: unknown, options?: CallOptions) => call(app, 'POST', url, body, options);
export const get = (app: FastifyInstance, url: string, options?: CallOptions) => call(app, 'GET', url, undefined, options);

/** Asserts an error answer: its status (from the contract), code and optional retryAfterSeconds. */
export function expectError(res: LightMyRequestResponse, code: ErrorCode, retryAfterSeconds?: number): ApiErrorBody {
  const body = res.json<ApiErrorBody>();
  expect({ status: res.statusCode, code: body.error?.code }).toEqual({ status: ERROR_STATUS[code], code });
  if (retryAfterSeconds !== undefined) expect(body.error.retryAfterSeconds).toBe(retryAfterSeconds);
  return body;
}

export function refreshCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'tl_refresh');
}

/** The code of the newest SMS to `mobileNo`. */
export function latestOtp(sms: LocalSmsProvider, mobileNo: string): string {
  const text = sms.messages(mobileNo).at(-1)?.text ?? '';
  // The code opens the SMS in every language.
  const code = /^(\d{6}) /.exec(text)?.[1];
  if (!code) throw new Error(`no OTP sent to ${mobileNo}`);
  return code;
}

export const newDeviceId = () => randomUUID();

export interface Owner {
  mobileNo: string;
  pin: string;
  deviceID: string;
  accessToken: string;
  refresh: string;
}

/** A verified ticket for `purpose`, through otp/send → inbox → otp/verify. */
export async function ticketFor(app: FastifyInstance, sms: LocalSmsProvider, mobileNo: string, purpose: 'register' | 'reset' | 'bind'): Promise<string> {
  const sent = await post(app, 'otp/send', { mobileNo, purpose });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await post(app, 'otp/verify', { mobileNo, purpose, otp: latestOtp(sms, mobileNo) });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<{ ticket: string }>().ticket;
}

export const validRegistration = {
  name: 'Ramesh Patil',
  birthDate: '1980-01-01',
  pin: '1234',
  rememberMe: true,
  acceptedTerms: true,
} as const;

/** Registers an owner end to end through the HTTP API (OTP read from the local inbox). */
export async function registerOwner(
  app: FastifyInstance,
  sms: LocalSmsProvider,
  overrides: { mobileNo?: string; pin?: string; deviceID?: string; rememberMe?: boolean } = {},
): Promise<Owner> {
  const mobileNo = overrides.mobileNo ?? '9876543210';
  const deviceID = overrides.deviceID ?? newDeviceId();
  const pin = overrides.pin ?? '1234';
  const ticket = await ticketFor(app, sms, mobileNo, 'register');
  const res = await post(app, 'register', {
    ...validRegistration,
    ticket,
    pin,
    deviceID,
    rememberMe: overrides.rememberMe ?? true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const refresh = refreshCookie(res)?.value;
  if (!refresh) throw new Error('no refresh cookie');
  return { mobileNo, pin, deviceID, accessToken: res.json<{ access_token: string }>().access_token, refresh };
}

export function login(app: FastifyInstance, owner: Pick<Owner, 'mobileNo' | 'deviceID'>, pin: string, extra: Record<string, unknown> = {}) {
  return post(app, 'login', { userName: owner.mobileNo, password: pin, deviceID: owner.deviceID, ...extra });
}
