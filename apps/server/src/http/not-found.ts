import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

/** Unknown routes answer NOT_FOUND; rate-limited like everything else so probing costs the prober. */
export function installNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_request, reply) => sendError(reply, 'NOT_FOUND'));
}
