import { endpointsToForget, pushSubscriptionRequest, pushUnsubscribeRequest, vapidKeyResponse } from '@tractorlink/domain/push-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSec } from '@tractorlink/domain/vehicles-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { PushSubscriptionService } from './service';

export interface PushRoutesOptions {
  push: PushSubscriptionService;
  sessions: SessionService;
}

const tags = ['alerts'];
const security = [{ bearer: [] }];
const isSecOnly = z.strictObject({ isSec });
const noContent = { 204: z.null().describe('Done') };

/** Spec §7 push subscription (the browser's "device token"), and the key browsers subscribe with. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, { push, sessions }) => {
  app.get('/pushsubscription/key', {
    schema: {
      tags,
      description: 'The VAPID public key: PushManager.subscribe({ applicationServerKey }).',
      querystring: isSecOnly,
      response: { 200: vapidKeyResponse },
    },
    handler: async () => ({ publicKey: push.publicKey }),
  });

  const preHandler = requireAuth(sessions);

  app.post('/pushsubscription', {
    preHandler,
    schema: {
      tags,
      security,
      description: 'PushSubscription.toJSON() of this browser; an endpoint already known moves to the caller.',
      querystring: isSecOnly,
      body: pushSubscriptionRequest,
      response: noContent,
    },
    handler: async (request, reply) => {
      await push.subscribe(principalOf(request).userId, request.body);
      return reply.code(204).send(null);
    },
  });

  app.delete('/pushsubscription', {
    preHandler,
    schema: {
      tags,
      security,
      description: "Stops pushes to this browser (only the caller's own subscription).",
      querystring: isSecOnly,
      body: pushUnsubscribeRequest,
      response: noContent,
    },
    handler: async (request, reply) => {
      await push.unsubscribe(principalOf(request).userId, endpointsToForget(request.body));
      return reply.code(204).send(null);
    },
  });
};
