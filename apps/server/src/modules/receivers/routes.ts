import { receiver, receiverIdParams, receiverListResponse, receiverRequest } from '@tractorlink/domain/receivers-api';
import { isSec } from '@tractorlink/domain/vehicles-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { ReceiverService } from './service';
import { noBody } from '../../http/empty-input';

export interface ReceiverRoutesOptions {
  receivers: ReceiverService;
  sessions: SessionService;
}

const tags = ['alerts'];
const security = [{ bearer: [] }];
const isSecOnly = z.strictObject({ isSec });

/** Alert receivers CRUD (spec §3, §5): name letters only, phone 10 digits, channel sms or notification. */
export const receiverRoutes: FastifyPluginAsyncZod<ReceiverRoutesOptions> = async (app, { receivers, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/receivers', {
    schema: { tags, security, querystring: isSecOnly, response: { 200: receiverListResponse } },
    handler: async (request) => ({ data: await receivers.list(userId(request)) }),
  });

  app.post('/receivers', {
    schema: {
      tags,
      security,
      description: 'RECEIVER_LIMIT past 5 receivers; RECEIVER_EXISTS for the same number on the same channel.',
      querystring: isSecOnly,
      body: receiverRequest,
      response: { 201: receiver },
    },
    handler: async (request, reply) => reply.code(201).send(await receivers.create(userId(request), request.body)),
  });

  app.put('/receivers/:id', {
    schema: { tags, security, params: receiverIdParams, querystring: isSecOnly, body: receiverRequest, response: { 200: receiver } },
    handler: async (request) => receivers.update(userId(request), request.params.id, request.body),
  });

  app.delete('/receivers/:id', {
    schema: { tags, security, params: receiverIdParams, querystring: isSecOnly, body: noBody, response: { 204: z.null().describe('Deleted') } },
    handler: async (request, reply) => {
      await receivers.remove(userId(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
