import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TelemetryPipeline } from '../telemetry/pipeline';
import { parseOsmandJson, parseOsmandParams } from '../../devices/http-ingest/osmand';
import { batchRequest } from './batch-schema';
import { ingestBatch } from './service';

export interface IngestRoutesOptions {
  pipeline: TelemetryPipeline;
  operatorKey: string | undefined;
  now: () => number;
}

/** Devices behind one carrier NAT share an address; they need far more than an app user does. */
const DEVICE_RATE_LIMIT = { max: 60_000, timeWindow: 60_000 };

/**
 * Device-facing codes: the same error body as the API, but for devices and integrations, which
 * read the status; they are not shown to owners, so they live here rather than in the catalogue.
 */
function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** Over a device's record budget: come back later; nothing was stored, so the device resends. */
function tooMany(reply: FastifyReply, waitMs: number) {
  return reply.header('retry-after', String(Math.ceil(waitMs / 1000))).code(429).send({ error: { code: 'DEVICE_RATE_LIMITED', message: 'This device sent too many records; send again later.' } });
}

function secretMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * HTTP ingestion (issue 3 §3): the OsmAnd / Traccar Client protocol for phones and simple trackers
 * (any method; parameters in the query string or a form body, or the JSON document) and a JSON
 * batch for integrations. Only provisioned devices; the reply comes after the records are committed.
 */
export const ingestRoutes: FastifyPluginAsync<IngestRoutesOptions> = async (app, { pipeline, operatorKey, now }) => {
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
      const result =
        body !== null && typeof body === 'object'
          ? parseOsmandJson(body, now())
          : parseOsmandParams([...query.keys()].length > 0 ? query : new URLSearchParams(typeof body === 'string' ? body : ''), now());
      if (!result.ok) return refuse(reply, 400, result.code, result.message);
      const device = await pipeline.lookup(result.deviceId);
      // As Traccar answers: 400 for the query form, 404 for the JSON form.
      if (!device) return refuse(reply, result.format === 'json' ? 404 : 400, 'DEVICE_UNKNOWN', 'This device is not provisioned.');
      // A device given a secret must send it (as `key`, in the parameters, the document or the query string).
      if (device.key !== undefined && !secretMatches(device.key, result.key ?? query.get('key') ?? undefined)) {
        return refuse(reply, 401, 'DEVICE_KEY_INVALID', 'The device key is missing or wrong.');
      }
      const waitMs = pipeline.rate.take([[device.profile.id, 1]]);
      if (waitMs > 0) return tooMany(reply, waitMs);
      await pipeline.ingestor.submit(device.profile, [{ reading: result.reading, attributes: result.attributes }]);
      return reply.code(200).send();
    },
  });

  app.post('/ingest/batch', { config: { rateLimit: DEVICE_RATE_LIMIT }, schema: { hide: true }, bodyLimit: 1024 * 1024 }, async (request, reply) => {
    if (!operatorKey) return refuse(reply, 404, 'NOT_FOUND', 'Not found.');
    if (!secretMatches(operatorKey, request.headers['x-operator-key'])) return refuse(reply, 401, 'OPERATOR_KEY_INVALID', 'The operator key is missing or wrong.');
    const parsed = batchRequest.safeParse(request.body);
    if (!parsed.success) {
      const details = parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), code: i.code }));
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message: 'The batch is not valid.', details } });
    }
    const outcome = await ingestBatch(pipeline, parsed.data.records);
    if (!outcome.ok && 'waitMs' in outcome) return tooMany(reply, outcome.waitMs);
    if (!outcome.ok) return refuse(reply, 400, 'DEVICE_UNKNOWN', `Not provisioned: ${outcome.unknown.slice(0, 10).join(', ')}`);
    return reply.code(200).send({ accepted: outcome.accepted });
  });
};
