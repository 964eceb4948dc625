import {
  assignTractorsRequest,
  boundaryOutlineResponse,
  createGeofenceRequest,
  districtParams,
  geofence,
  geofenceActiveRequest,
  geofenceDefinition,
  geofenceDistrictsResponse,
  geofenceIdParams,
  geofenceListResponse,
  geofencesQuery,
  geofenceStatesResponse,
  stateParams,
} from '@tractorlink/domain/geofences';
import { isSec } from '@tractorlink/domain/vehicles-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { GeofenceService } from './service';
import { noBody } from '../../http/empty-input';

export interface GeofenceRoutesOptions {
  geofences: GeofenceService;
  sessions: SessionService;
}

const tags = ['geofences'];
const security = [{ bearer: [] }];
/** The query the spec sends with these calls (`isSec=true`), nothing else. */
const isSecQuery = z.strictObject({ isSec });

/** Spec §7 `geofences`: list, create, read, edit, delete, assign tractors, active toggle; state and district lists. */
export const geofenceRoutes: FastifyPluginAsyncZod<GeofenceRoutesOptions> = async (app, { geofences, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/geofences', {
    schema: {
      tags,
      security,
      description: "The owner's geofences, newest first; vin: only those watching that tractor (NOT_FOUND if not the owner's).",
      querystring: geofencesQuery,
      response: { 200: geofenceListResponse },
    },
    handler: async (request) => geofences.list(userId(request), request.query),
  });

  app.post('/geofences', {
    schema: {
      tags,
      security,
      description:
        "GEOFENCE_LIMIT past 50; DUPLICATE_GEOFENCE_NAME for a name the owner already uses (any case); BOUNDARY_NOT_LOADED for a state or district without a loaded boundary; NOT_FOUND for a VIN not the owner's.",
      querystring: isSecQuery,
      body: createGeofenceRequest,
      response: { 201: geofence },
    },
    handler: async (request, reply) => reply.code(201).send(await geofences.create(userId(request), request.body)),
  });

  app.get('/geofences/states', {
    schema: { tags, security, querystring: isSecQuery, response: { 200: geofenceStatesResponse } },
    handler: async () => geofences.states(),
  });

  app.get('/geofences/states/:state/districts', {
    schema: { tags, security, params: stateParams, querystring: isSecQuery, response: { 200: geofenceDistrictsResponse } },
    handler: async (request) => geofences.districts(request.params.state),
  });

  app.get('/geofences/states/:state/outline', {
    schema: { tags, security, params: stateParams, querystring: isSecQuery, response: { 200: boundaryOutlineResponse } },
    handler: async (request) => geofences.outline(request.params.state),
  });

  app.get('/geofences/states/:state/districts/:district/outline', {
    schema: { tags, security, params: districtParams, querystring: isSecQuery, response: { 200: boundaryOutlineResponse } },
    handler: async (request) => geofences.outline(request.params.state, request.params.district),
  });

  app.get('/geofences/:id', {
    schema: { tags, security, params: geofenceIdParams, querystring: isSecQuery, response: { 200: geofence } },
    handler: async (request) => geofences.get(userId(request), request.params.id),
  });

  app.put('/geofences/:id', {
    schema: {
      tags,
      security,
      description: 'Replaces the definition (name, type, shape, coordinates, flags); tractors and active stay.',
      params: geofenceIdParams,
      querystring: isSecQuery,
      body: geofenceDefinition,
      response: { 200: geofence },
    },
    handler: async (request) => geofences.update(userId(request), request.params.id, request.body),
  });

  app.delete('/geofences/:id', {
    schema: { tags, security, params: geofenceIdParams, querystring: isSecQuery, body: noBody, response: { 204: z.null().describe('Deleted') } },
    handler: async (request, reply) => {
      await geofences.remove(userId(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.put('/geofences/:id/tractors', {
    schema: {
      tags,
      security,
      description: "The owner's tractors it watches (replaces the list); a VIN not the owner's is NOT_FOUND and nothing changes.",
      params: geofenceIdParams,
      querystring: isSecQuery,
      body: assignTractorsRequest,
      response: { 200: geofence },
    },
    handler: async (request) => geofences.assign(userId(request), request.params.id, request.body.vins),
  });

  app.put('/geofences/:id/active', {
    schema: { tags, security, params: geofenceIdParams, querystring: isSecQuery, body: geofenceActiveRequest, response: { 200: geofence } },
    handler: async (request) => geofences.setActive(userId(request), request.params.id, request.body.active),
  });
};
