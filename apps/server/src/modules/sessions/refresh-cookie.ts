import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isCrossSiteRequest } from '../../http/cross-site';

export const REFRESH_COOKIE = 'tl_refresh';
/**
 * Only the refresh call needs the cookie: scoped to it, the token is not sent with every API call
 * (less exposure, and the 30-second home poll stays small). Logout revokes by the access token.
 */
const COOKIE_PATH = '/api/v1/refreshtoken';

function secureFor(request: FastifyRequest, setting: Config['cookieSecure']): boolean {
  if (setting === 'auto') return request.protocol === 'https'; // honours X-Forwarded-Proto only with TRUST_PROXY
  return setting === 'true';
}

/**
 * The refresh token travels only in this cookie: httpOnly (no script can read it), SameSite=Strict
 * (never sent by another site), scoped to the refresh call. Max-Age only when the owner asked to be remembered.
 */
export function setRefreshCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  setting: Config['cookieSecure'],
  token: string,
  maxAgeSeconds: number | undefined,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    secure: secureFor(request, setting),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  });
}

export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, setting: Config['cookieSecure']): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: COOKIE_PATH, secure: secureFor(request, setting) });
}

/**
 * The refresh token, unless another site made the browser send it: then the cookie is ignored, as
 * SameSite=Strict means it to be, so a cross-site form can neither rotate nor end the session.
 */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  if (isCrossSiteRequest(request)) return undefined;
  const value = request.cookies[REFRESH_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}
