import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homeResponse } from '@tractorlink/domain/auth';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { HomeService } from './service';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService; sessions: SessionService }> = async (app, { home, sessions }) => {
  app.get('/home', {
    preHandler: requireAuth(sessions),
    schema: {
      tags: ['home'],
      security: [{ bearer: [] }],
      querystring: z.strictObject({ isSec: z.enum(['true', 'false']).optional() }),
      response: { 200: homeResponse },
    },
    handler: async (request) => home.get(principalOf(request).userId),
  });
};
