import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@tractorlink/domain/auth';
import { reminderBody, reminderListResponse, reminderParams } from '@tractorlink/domain/reminders-api';
import { AppError } from '../../errors/app-error';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { ReminderService } from './service';
import { noBody, noQuery } from '../../http/empty-input';

const tags = ['reminders'];
const security = [{ bearer: [] }];

/** The owner's reminders (spec §3 Reminder), synced from the phone; each owner sees only their own. */
export const reminderRoutes: FastifyPluginAsyncZod<{ reminders: ReminderService; sessions: SessionService }> = async (app, { reminders, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/reminders', {
    schema: { tags, security, querystring: noQuery, response: { 200: reminderListResponse } },
    handler: async (request) => ({ data: await reminders.list(userId(request)) }),
  });

  app.put('/reminders/:id', {
    schema: { tags, security, params: reminderParams, querystring: noQuery, body: reminderBody, response: { 200: reminderBody } },
    handler: async (request) => {
      if (request.body.id !== request.params.id) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'id', code: 'ID_MISMATCH' }] });
      return reminders.save(userId(request), request.body);
    },
  });

  app.delete('/reminders/:id', {
    schema: { tags, security, params: reminderParams, querystring: noQuery, body: noBody, response: { 200: okResponse } },
    handler: async (request) => {
      await reminders.remove(userId(request), request.params.id);
      return { ok: true as const };
    },
  });
};
