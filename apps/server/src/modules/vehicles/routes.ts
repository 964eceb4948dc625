import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aggregationQuery,
  aggregationResponse,
  claimRequest,
  dieselDetailsResponse,
  historyQuery,
  historyResponse,
  isSec,
  modelConfigResponse,
  renameRequest,
  serviceRecordRequest,
  serviceReminderResponse,
  trackingResponse,
  trackQuery,
  trackResponse,
  tractorHomepageResponse,
  vehicleEntry,
  vehicleListResponse,
} from '@tractorlink/domain/vehicles-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import { sendConditional } from './etag';
import type { LiveService } from './live-service';
import type { ServiceBook } from './service-book';
import type { VehicleService } from './service';
import type { UsageService } from './usage-service';

export interface VehicleRoutesOptions {
  vehicles: VehicleService;
  live: LiveService;
  usage: UsageService;
  sessions: SessionService;
  /** Per-IP limit of claims: each one is a guess at someone's VIN. */
  claimRateLimit: { max: number; timeWindow: number };
  serviceBook: ServiceBook;
}

const tags = ['vehicles'];
const security = [{ bearer: [] }];
/** Any string: a malformed VIN is as unknown as a well-formed one the caller does not own (404). */
const vinParams = z.strictObject({ vin: z.string().min(1).max(64) });
const isSecOnly = z.strictObject({ isSec });
const conditional = '304 with no body when If-None-Match holds the current ETag.';

/** Spec §7 vehicle endpoints (HTTP only: the services hold the rules, ownership included). */
export const vehicleRoutes: FastifyPluginAsyncZod<VehicleRoutesOptions> = async (app, options) => {
  const { vehicles, live, usage, sessions, claimRateLimit, serviceBook } = options;
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/vehicles', {
    schema: { tags, security, querystring: isSecOnly, response: { 200: vehicleListResponse } },
    handler: async (request) => ({ data: await vehicles.list(userId(request)) }),
  });

  app.post('/vehicles/claim', {
    config: { rateLimit: claimRateLimit },
    schema: { tags, security, querystring: isSecOnly, body: claimRequest, response: { 200: vehicleEntry } },
    handler: async (request) => vehicles.claim(userId(request), request.body),
  });

  app.put('/vehicles/:vin/name', {
    schema: { tags, security, params: vinParams, querystring: isSecOnly, body: renameRequest, response: { 200: vehicleEntry } },
    handler: async (request) => vehicles.rename(userId(request), request.params.vin, request.body.vehName),
  });

  app.get('/vehicles/tracking', {
    schema: { tags, security, description: conditional, querystring: isSecOnly, response: { 200: trackingResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await live.tracking(userId(request))),
  });

  app.get('/tractorhomepage/:vin', {
    schema: { tags, security, description: conditional, params: vinParams, querystring: isSecOnly, response: { 200: tractorHomepageResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await live.homepage(userId(request), request.params.vin)),
  });

  app.get('/vehicles/aggregations/:vin', {
    schema: { tags, security, description: conditional, params: vinParams, querystring: aggregationQuery, response: { 200: aggregationResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await usage.aggregations(userId(request), request.params.vin, request.query)),
  });

  app.get('/vehicles/:vin', {
    schema: {
      tags,
      security,
      description: `Diesel details. ${conditional}`,
      params: vinParams,
      querystring: isSecOnly,
      response: { 200: dieselDetailsResponse },
    },
    handler: async (request, reply) => sendConditional(request, reply, await live.dieselDetails(userId(request), request.params.vin)),
  });

  app.get('/servicereminders/:vin', {
    schema: { tags, security, description: conditional, params: vinParams, querystring: isSecOnly, response: { 200: serviceReminderResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await live.serviceReminders(userId(request), request.params.vin)),
  });

  app.post('/servicereminders/:vin', {
    schema: {
      tags,
      security,
      description: 'Records a service done (day, engine hours, note); answers the service reminders with the new due point.',
      params: vinParams,
      querystring: isSecOnly,
      body: serviceRecordRequest,
      response: { 201: serviceReminderResponse },
    },
    handler: async (request, reply) => {
      await serviceBook.recordForOwner(userId(request), request.params.vin, request.body);
      return reply.code(201).send(await live.serviceReminders(userId(request), request.params.vin));
    },
  });

  app.get('/vehiclesmodelconfig', {
    schema: { tags, security, querystring: isSecOnly, response: { 200: modelConfigResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await live.modelConfig()),
  });

  app.get('/vehicles/:vin/history', {
    schema: { tags, security, description: conditional, params: vinParams, querystring: historyQuery, response: { 200: historyResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await usage.history(userId(request), request.params.vin, request.query)),
  });

  app.get('/vehicles/:vin/track', {
    schema: { tags, security, description: conditional, params: vinParams, querystring: trackQuery, response: { 200: trackResponse } },
    handler: async (request, reply) => sendConditional(request, reply, await usage.track(userId(request), request.params.vin, request.query.date)),
  });
};
