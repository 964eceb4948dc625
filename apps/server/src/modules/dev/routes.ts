import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mobileNo } from '@tractorlink/domain/validation';
import { AppError } from '../../errors/app-error';
import type { LocalSmsProvider } from '../../providers/sms/local-sms';

const inboxResponse = z.object({
  messages: z.array(z.object({ to: z.string(), text: z.string(), sentAt: z.number() })),
});

/** Loopback by the socket's own address: a forwarded-for header is the caller's word, not proof. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * GET dev/sms-inbox: what the local SMS provider "sent", newest last. Registered only with the
 * local provider outside production (app.ts decides), so real codes can never be read here, and
 * answered only to callers on this machine: anyone who can reach a dev server over the network
 * (a phone on the same Wi-Fi, a demo on a public address) would otherwise read every code.
 */
export const devRoutes: FastifyPluginAsyncZod<{ sms: LocalSmsProvider }> = async (app, { sms }) => {
  app.get('/dev/sms-inbox', {
    schema: {
      tags: ['dev'],
      querystring: z.strictObject({ mobileNo: mobileNo.optional() }),
      response: { 200: inboxResponse },
    },
    handler: async (request) => {
      if (!isLoopback(request.socket.remoteAddress)) throw new AppError('NOT_FOUND');
      return { messages: sms.messages(request.query.mobileNo) };
    },
  });
};
