import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fiveDayResponse, hourlyResponse, weatherParams, weatherQuery } from '@tractorlink/domain/weather-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { WeatherService } from './service';

export interface WeatherRoutesOptions {
  weather: WeatherService;
  sessions: SessionService;
}

const tags = ['weather'];
const security = [{ bearer: [] }];

/**
 * Spec §7 Weather, for the home screen's widget: the forecasts at the owner's tractor, in the
 * owner's language. 404 NOT_FOUND for a VIN the caller does not own; 503 WEATHER_UNAVAILABLE when
 * the provider fails (the widget then keeps what it has, spec §8).
 */
export const weatherRoutes: FastifyPluginAsyncZod<WeatherRoutesOptions> = async (app, { weather, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));

  app.get('/weather/hourly/:vin', {
    schema: {
      tags,
      security,
      description: "The 1-hour forecast at the tractor's last known position: a list whose first item is used; empty while no position is known.",
      params: weatherParams,
      querystring: weatherQuery,
      response: { 200: hourlyResponse },
    },
    handler: async (request) => weather.hourly(principalOf(request).userId, request.params.vin, request.query.language),
  });

  app.get('/weather/daily/:vin', {
    schema: {
      tags,
      security,
      description: "The five-day forecast at the tractor's last known position; no days while no position is known.",
      params: weatherParams,
      querystring: weatherQuery,
      response: { 200: fiveDayResponse },
    },
    handler: async (request) => weather.fiveDay(principalOf(request).userId, request.params.vin, request.query.language),
  });
};
