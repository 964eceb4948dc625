import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBill, publicLive, tokenParams } from '@tractorlink/domain/hire-api';
import type { PublicPages } from './public';
import { noQuery } from '../../http/empty-input';

const tags = ['public'];
const notFound = 'An unknown, revoked or expired token answers 404 NOT_FOUND, the same body as an unknown route.';

/** The no-login pages' data (issue 17): a bill and a live position, each behind its link's token. */
export const publicHireRoutes: FastifyPluginAsyncZod<{ pages: PublicPages }> = async (app, { pages }) => {
  app.get('/public/bills/:token', {
    schema: { tags, description: notFound, params: tokenParams, querystring: noQuery, response: { 200: publicBill } },
    handler: async (request) => pages.bill(request.params.token),
  });

  app.get('/public/live/:token', {
    schema: { tags, description: notFound, params: tokenParams, querystring: noQuery, response: { 200: publicLive } },
    handler: async (request) => pages.live(request.params.token),
  });
};
