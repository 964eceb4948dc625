import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mobileNo } from '@tractorlink/domain/validation';
import type { LocalSmsProvider } from '../../providers/sms/local-sms';

const inboxResponse = z.object({
  messages: z.array(z.object({ to: z.string(), text: z.string(), sentAt: z.number() })),
});

/**
 * GET dev/sms-inbox: what the local SMS provider "sent", newest last. Registered only with the
 * local provider outside production (app.ts decides), so real codes can never be read here.
 */
export const devRoutes: FastifyPluginAsyncZod<{ sms: LocalSmsProvider }> = async (app, { sms }) => {
  app.get('/dev/sms-inbox', {
    schema: {
      tags: ['dev'],
      querystring: z.strictObject({ mobileNo: mobileNo.optional() }),
      response: { 200: inboxResponse },
    },
    handler: async (request) => ({ messages: sms.messages(request.query.mobileNo) }),
  });
};
