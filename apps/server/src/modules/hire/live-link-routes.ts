import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdLiveLink, createLiveLinkRequest, linkParams, liveLinkListResponse, liveLinksQuery } from '@tractorlink/domain/hire-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { HireLinks } from './links';
import { noBody, noQuery } from '../../http/empty-input';

const tags = ['live-links'];
const security = [{ bearer: [] }];
const withheld =
  'The token is in this answer only (the server keeps its hash). A repeat with the same Idempotency-Key is 422 IDEMPOTENCY_KEY_REUSED (detail ANSWER_NOT_KEPT): the link exists, its token is not kept.';

/** Live-location links on the owner's session (issue 17 item 3): 1 h, 1 day or 1 week, revocable. */
export const liveLinkRoutes: FastifyPluginAsyncZod<{ links: HireLinks; sessions: SessionService }> = async (app, { links, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.post('/live-links', {
    // The answer holds the link's token: an Idempotency-Key's repeat is refused rather than kept (idempotency.ts).
    config: { idempotentAnswer: 'withheld' },
    schema: {
      tags,
      security,
      description: withheld,
      querystring: noQuery,
      body: createLiveLinkRequest,
      response: { 201: createdLiveLink },
    },
    handler: async (request, reply) => reply.code(201).send(await links.createLive(userId(request), request.body)),
  });

  app.get('/live-links', {
    schema: { tags, security, querystring: liveLinksQuery, response: { 200: liveLinkListResponse } },
    handler: async (request) => ({ data: await links.lives(userId(request), request.query.vin) }),
  });

  app.delete('/live-links/:linkId', {
    schema: { tags, security, params: linkParams, querystring: noQuery, body: noBody },
    handler: async (request, reply) => {
      await links.revokeLive(userId(request), request.params.linkId);
      return reply.code(204).send();
    },
  });
};
