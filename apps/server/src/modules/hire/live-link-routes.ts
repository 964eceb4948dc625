import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdLiveLink, createLiveLinkRequest, linkParams, liveLinkListResponse, liveLinksQuery } from '@tractorlink/domain/hire-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { HireLinks } from './links';

const tags = ['live-links'];
const security = [{ bearer: [] }];

/** Live-location links on the owner's session (issue 17 item 3): 1 h, 1 day or 1 week, revocable. */
export const liveLinkRoutes: FastifyPluginAsyncZod<{ links: HireLinks; sessions: SessionService }> = async (app, { links, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.post('/live-links', {
    schema: { tags, security, description: 'The token is in this answer only.', body: createLiveLinkRequest, response: { 201: createdLiveLink } },
    handler: async (request, reply) => reply.code(201).send(await links.createLive(userId(request), request.body)),
  });

  app.get('/live-links', {
    schema: { tags, security, querystring: liveLinksQuery, response: { 200: liveLinkListResponse } },
    handler: async (request) => ({ data: await links.lives(userId(request), request.query.vin) }),
  });

  app.delete('/live-links/:linkId', {
    schema: { tags, security, params: linkParams },
    handler: async (request, reply) => {
      await links.revokeLive(userId(request), request.params.linkId);
      return reply.code(204).send();
    },
  });
};
