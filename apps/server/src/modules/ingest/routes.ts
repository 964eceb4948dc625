import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseOsmandJsonLocations, parseOsmandParams } from '../../devices/http-ingest/osmand';
import { AppError } from '../../errors/app-error';
import { requireOperatorKey } from '../operator/operator-key';
import { batchRequest } from './batch-schema';
import type { IngestService, OsmandLocation } from './service';
import { noQuery } from '../../http/empty-input';

export interface IngestRoutesOptions {
  ingest: IngestService;
  /** config.operatorKey: without one the batch route does not exist. */
  operatorKey: string | undefined;
  now: () => number;
}

/** Devices behind one carrier NAT share an address; they need far more than an app user does. */
const DEVICE_RATE_LIMIT = { max: 60_000, timeWindow: 60_000 };

/**
 * HTTP ingestion (issue 3 §3): the OsmAnd / Traccar Client protocol for phones and simple trackers
 * (any method; parameters in the query string or a form body, or the JSON document) and a JSON
 * batch for integrations (operator key). The routes parse; the service stores, and answers after the commit.
 */
export const ingestRoutes: FastifyPluginAsyncZod<IngestRoutesOptions> = async (app, { ingest, operatorKey, now }) => {
  // Bodies that are not JSON (form posts, or a query string as the body) arrive as text.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/ingest/osmand',
    config: { rateLimit: DEVICE_RATE_LIMIT },
    schema: { hide: true },
    handler: async (request, reply) => {
      const query = new URL(request.url, 'http://device').searchParams;
      const body = request.body;
      const results =
        body !== null && typeof body === 'object'
          ? parseOsmandJsonLocations(body, now())
          : [parseOsmandParams([...query.keys()].length > 0 ? query : new URLSearchParams(typeof body === 'string' ? body : ''), now())];
      // A batch is stored whole or not at all: the device keeps what was refused and sends it again.
      const refused = results.find((r) => !r.ok);
      if (refused && !refused.ok) throw new AppError(refused.code);
      await ingest.osmand(
        results.filter((r): r is OsmandLocation => r.ok),
        query.get('key') ?? undefined,
      );
      return reply.code(200).send();
    },
  });

  app.post(
    '/ingest/batch',
    {
      onRequest: requireOperatorKey(operatorKey),
      config: { rateLimit: DEVICE_RATE_LIMIT },
      schema: { hide: true, querystring: noQuery, body: batchRequest },
      bodyLimit: 1024 * 1024,
    },
    async (request) => ({ accepted: await ingest.batch(request.body.records) }),
  );
};
