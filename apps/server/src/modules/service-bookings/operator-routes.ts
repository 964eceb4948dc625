import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingParams, bookingView, operatorBookingQuery, operatorStatusRequest } from '@tractorlink/domain/service-booking-api';
import { requireOperatorKey } from '../operator/operator-key';
import type { DealerDesk } from './dealer-desk';
import { noQuery } from '../../http/empty-input';

const tags = ['operator'];
const security = [{ operatorKey: [] }];

/** The provider's booking desk under /operator, guarded by X-Operator-Key (issue 15 item 6). */
export const operatorBookingRoutes: FastifyPluginAsyncZod<{ desk: DealerDesk; operatorKey: string | undefined }> = async (app, { desk, operatorKey }) => {
  app.addHook('onRequest', requireOperatorKey(operatorKey));

  app.get('/operator/service-bookings', {
    schema: {
      tags,
      security,
      description: 'Bookings, newest first (at most 200), optionally of one status or dealer id.',
      querystring: operatorBookingQuery,
      response: { 200: z.object({ data: z.array(bookingView) }) },
    },
    handler: async (request) => ({ data: await desk.list(request.query) }),
  });

  app.get('/operator/service-bookings/:bookingId', {
    schema: { tags, security, params: bookingParams, querystring: noQuery, response: { 200: bookingView } },
    handler: async (request) => desk.get(request.params.bookingId),
  });

  app.post('/operator/service-bookings/:bookingId/status', {
    schema: {
      tags,
      security,
      description:
        "The dealer's next step: confirmed → assigned (with the technician) → on_the_way → in_progress → done (records the service at the tractor's engine hours), or cancelled (with a reason) until the work starts.",
      params: bookingParams,
      querystring: noQuery,
      body: operatorStatusRequest,
      response: { 200: bookingView },
    },
    handler: async (request) => desk.move(request.params.bookingId, request.body),
  });
};
