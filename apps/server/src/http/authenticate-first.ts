import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { requireAuth } from '../modules/sessions/require-auth';
import type { SessionService } from '../modules/sessions/service';

interface WithSecurity {
  security?: readonly Record<string, unknown>[];
}

/**
 * Every route whose schema declares the bearer scheme checks the session on request, before its body
 * is read or validated: a caller without a session learns nothing of the route's schema (a 400 naming
 * fields) and costs no parsing. The route's own requireAuth then finds the principal already set.
 * Register before the routes: onRoute sees only routes added after it.
 */
export function authenticateFirst(app: FastifyInstance, sessions: SessionService): void {
  const authenticate: onRequestAsyncHookHandler = requireAuth(sessions);
  app.addHook('onRoute', (route) => {
    const security = (route.schema as WithSecurity | undefined)?.security;
    if (!security?.some((scheme) => 'bearer' in scheme)) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...existing, authenticate];
  });
}
