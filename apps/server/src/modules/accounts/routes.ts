import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePinRequest, createPinRequest, loginRequest, okResponse, registerRequest, tokenResponse } from '@tractorlink/domain/auth';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { isSec } from '@tractorlink/domain/vehicles-api';
import type { Config } from '../../config';
import { isCrossSiteRequest } from '../../http/cross-site';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../sessions/refresh-cookie';
import { bearerToken, principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { AccountService, SignedIn } from './service';

export interface AccountRoutesOptions {
  accounts: AccountService;
  sessions: SessionService;
  cookieSecure: Config['cookieSecure'];
  /** Per-IP limit of each auth route. */
  authRateLimit: { max: number; timeWindow: number };
}

const tags = ['accounts'];
/** refreshtoken and logout need no body; an empty one or `{}` is fine, anything else is refused. */
const emptyBody = z.strictObject({}).nullish();
/** The spec's isSec flag is accepted and ignored (DESIGN §9); any other query field is refused. */
const isSecOnly = z.strictObject({ isSec });

/** Account HTTP endpoints: parse, call the service, shape the answer and the refresh cookie. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts, sessions, cookieSecure, authRateLimit: rateLimit } = options;
  const authed = requireAuth(sessions);

  const signIn = (request: FastifyRequest, reply: FastifyReply, s: SignedIn): TokenResponse => {
    // No new refresh token in the grace of a second tab: the cookie the browser holds is the current one.
    if (s.refreshToken !== undefined) setRefreshCookie(reply, request, cookieSecure, s.refreshToken, s.cookieMaxAgeSeconds);
    return { access_token: s.accessToken, token_type: 'Bearer', expires_in: s.expiresIn, user: s.user };
  };

  app.post('/register', {
    config: { rateLimit },
    schema: { tags, querystring: isSecOnly, body: registerRequest, response: { 200: tokenResponse } },
    handler: async (request, reply) => signIn(request, reply, await accounts.register(request.body)),
  });

  app.post('/login', {
    config: { rateLimit },
    schema: { tags, querystring: isSecOnly, body: loginRequest, response: { 200: tokenResponse } },
    handler: async (request, reply) => signIn(request, reply, await accounts.login(request.body, request.ip)),
  });

  app.post('/createpin', {
    config: { rateLimit },
    schema: { tags, querystring: isSecOnly, body: createPinRequest, response: { 200: okResponse } },
    handler: async (request) => {
      await accounts.createPin(request.body);
      return { ok: true as const };
    },
  });

  app.post('/changepin', {
    config: { rateLimit },
    preHandler: authed,
    schema: { tags, security: [{ bearer: [] }], querystring: isSecOnly, body: changePinRequest, response: { 200: okResponse } },
    handler: async (request) => {
      const { userId, sessionId } = principalOf(request);
      await accounts.changePin(userId, sessionId, request.body.oldPin, request.body.newPin);
      return { ok: true as const };
    },
  });

  // The spec's refreshtoken answers with `refreshToken` in the body. We deliberately do not: the
  // refresh token only ever travels in the httpOnly cookie (DESIGN §7), so no script can read it.
  // No body is needed; an empty body or `{}` is accepted.
  app.post('/refreshtoken', {
    config: { rateLimit },
    schema: { tags, querystring: isSecOnly, body: emptyBody, response: { 200: tokenResponse } },
    handler: async (request, reply) => signIn(request, reply, await accounts.refresh(readRefreshCookie(request))),
  });

  app.post('/logout', {
    schema: { tags, querystring: isSecOnly, body: emptyBody, response: { 200: okResponse } },
    handler: async (request, reply) => {
      await sessions.logout({ refreshToken: readRefreshCookie(request), accessToken: bearerToken(request) });
      // Another site cannot sign the owner out by clearing the cookie either.
      if (!isCrossSiteRequest(request)) clearRefreshCookie(reply, request, cookieSecure);
      return { ok: true as const };
    },
  });
};
