import {
  alertConfigRequest,
  alertConfigResponse,
  alertConfigsRequest,
  alertIdParams,
  alertItem,
  alertsQuery,
  alertsResponse,
  markReadRequest,
  markReadResponse,
  unreadCountQuery,
  unreadCountResponse,
} from '@tractorlink/domain/alerts-api';
import { isSec } from '@tractorlink/domain/vehicles-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { AlertConfigService } from './config-service';
import type { AlertService } from './service';

export interface AlertRoutesOptions {
  alerts: AlertService;
  config: AlertConfigService;
  sessions: SessionService;
  /** The place near a position, in a language (the geocoding service); without it the detail has coordinates only. */
  placeOf?: (lat: number, lon: number, language: string) => Promise<string | null>;
}

const tags = ['alerts'];
const security = [{ bearer: [] }];
/** Any string: a malformed VIN is as unknown as one the caller does not own (404). */
const vinParams = z.strictObject({ vin: z.string().min(1).max(64) });
const isSecOnly = z.strictObject({ isSec });

/** Spec §7 Alerts and alert configuration (HTTP only; ownership is checked in the services). */
export const alertRoutes: FastifyPluginAsyncZod<AlertRoutesOptions> = async (app, { alerts, config, sessions, placeOf }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/alerts', {
    schema: {
      tags,
      security,
      description: "The owner's alerts, newest first; by default from the first day of two months back to today 23:59:59 IST.",
      querystring: alertsQuery,
      response: { 200: alertsResponse },
    },
    handler: async (request) => alerts.list(userId(request), request.query),
  });

  app.put('/alerts', {
    schema: {
      tags,
      security,
      description: "Status 1 marks the listed alerts read; NOT_FOUND (nothing marked) if any id is not one of the caller's alerts.",
      querystring: isSecOnly,
      body: markReadRequest,
      response: { 200: markReadResponse },
    },
    handler: async (request) => alerts.markRead(userId(request), request.body.alerts),
  });

  app.get('/alerts/unread-count', {
    schema: {
      tags,
      security,
      description: 'Unread alerts of the counted types (spec §9) for one tractor: the badge.',
      querystring: unreadCountQuery,
      response: { 200: unreadCountResponse },
    },
    handler: async (request) => alerts.unreadCount(userId(request), request.query.vin),
  });

  app.get('/alerts/:alertId', {
    schema: { tags, security, params: alertIdParams, querystring: isSecOnly, response: { 200: alertItem } },
    handler: async (request) => alerts.detail(userId(request), request.params.alertId, placeOf),
  });

  app.get('/vehicles/alertconfig/:vin', {
    schema: { tags, security, params: vinParams, querystring: isSecOnly, response: { 200: alertConfigResponse } },
    handler: async (request) => config.get(userId(request), request.params.vin),
  });

  app.put('/vehicles/alertconfig', {
    schema: {
      tags,
      security,
      description: "One type's settings for one tractor; answers every type.",
      querystring: isSecOnly,
      body: alertConfigRequest,
      response: { 200: alertConfigResponse },
    },
    handler: async (request) => {
      const { vin, isSec: _ignored, ...change } = request.body;
      return config.update(userId(request), vin, [change]);
    },
  });

  app.put('/vehicles/alertconfigs', {
    schema: {
      tags,
      security,
      description: "Several types' settings for one tractor; answers every type.",
      querystring: isSecOnly,
      body: alertConfigsRequest,
      response: { 200: alertConfigResponse },
    },
    handler: async (request) => config.update(userId(request), request.body.vin, request.body.configs),
  });
};
