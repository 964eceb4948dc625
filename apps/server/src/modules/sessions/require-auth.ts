import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { Principal, SessionService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  return match?.[1];
}

/**
 * Hook for protected routes: 401 UNAUTHENTICATED unless a live session's access token is sent.
 * Runs once per request: when authenticateFirst already checked it on request, the principal stands.
 */
export function requireAuth(sessions: SessionService): preHandlerAsyncHookHandler & onRequestAsyncHookHandler {
  return async (request) => {
    request.principal ??= await sessions.authenticate(bearerToken(request));
  };
}

/** The signed-in owner of a route guarded by requireAuth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}
