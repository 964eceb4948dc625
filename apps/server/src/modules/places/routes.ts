import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autocompleteQuery,
  autocompleteResponse,
  dieselStationsQuery,
  dieselStationsResponse,
  placeDetails,
  placeDetailsQuery,
} from '@tractorlink/domain/places';
import { AppError } from '../../errors/app-error';
import { PlacesError, type PlacesProvider } from '../../providers/places/places-provider';
import { requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';

export interface PlacesRoutesOptions {
  places: PlacesProvider;
  sessions: SessionService;
}

const tags = ['places'];
const security = [{ bearer: [] }];

/** A provider that is down answers 503 PLACES_UNAVAILABLE; the map still works without stations. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlacesError) throw new AppError('PLACES_UNAVAILABLE');
    throw error;
  }
}

/** Signed-in only: each call may spend a paid provider's quota. */
export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { places, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));

  app.get('/places/diesel-stations', {
    schema: { tags, security, querystring: dieselStationsQuery, response: { 200: dieselStationsResponse } },
    handler: async (request) => {
      const { lat, lon, radiusKm, language } = request.query;
      return { data: await guarded(() => places.dieselStations(lat, lon, radiusKm * 1000, language)) };
    },
  });

  app.get('/places/autocomplete', {
    schema: { tags, security, querystring: autocompleteQuery, response: { 200: autocompleteResponse } },
    handler: async (request) => ({ data: await guarded(() => places.autocomplete(request.query.input, request.query.language)) }),
  });

  app.get('/places/details', {
    schema: { tags, security, querystring: placeDetailsQuery, response: { 200: placeDetails } },
    handler: async (request) => {
      const found = await guarded(() => places.details(request.query.placeId, request.query.language));
      if (!found) throw new AppError('NOT_FOUND');
      return found;
    },
  });
};
