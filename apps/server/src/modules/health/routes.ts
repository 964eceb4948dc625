import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import { noQuery } from '../../http/empty-input';

const healthResponse = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']), version: z.string() });

/** GET health: answers 200 only when the database answers a trivial query. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; version: string }> = async (app, { db, version }) => {
  app.get('/health', {
    schema: { tags: ['health'], querystring: noQuery, response: { 200: healthResponse, 503: healthResponse } },
    handler: async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const, db: 'ok' as const, version };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'error', version });
      }
    },
  });
};
