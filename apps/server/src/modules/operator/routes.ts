import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceCommand,
  deviceCommandRequest,
  importRequest,
  importResponse,
  operatorTractor,
  operatorTractorQuery,
  provisionRequest,
} from '@tractorlink/domain/operator-api';
import { serviceRecord, serviceRecordRequest } from '@tractorlink/domain/vehicles-api';
import type { DeviceCommands } from '../commands/service';
import { z } from 'zod';
import type { ServiceBook } from '../vehicles/service-book';
import { requireOperatorKey } from './operator-key';
import type { OperatorService } from './service';
import { noQuery } from '../../http/empty-input';

export interface OperatorRoutesOptions {
  operator: OperatorService;
  serviceBook: ServiceBook;
  commands: DeviceCommands;
  /** config.operatorKey: without one the operator API does not exist. */
  operatorKey: string | undefined;
}

const tags = ['operator'];
const security = [{ operatorKey: [] }];
/** An import of IMPORT_MAX tractors is about 500 KB of JSON; other API bodies stay at 16 KB. */
const IMPORT_BODY_LIMIT = 1024 * 1024;

/** Provider-only registry API under /operator, guarded by X-Operator-Key. */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (app, { operator, operatorKey, serviceBook, commands }) => {
  const vinParams = z.strictObject({ vin: z.string().min(1).max(64) });
  app.addHook('onRequest', requireOperatorKey(operatorKey));

  app.post('/operator/tractors', {
    schema: { tags, security, querystring: noQuery, body: provisionRequest, response: { 201: operatorTractor } },
    handler: async (request, reply) => reply.code(201).send(await operator.provision(request.body)),
  });

  app.post('/operator/tractors/import', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags,
      security,
      description:
        'A JSON array of provisioning records (at most 1000). Each is checked alone: the bad ones are refused with their reasons, the others imported.',
      querystring: noQuery,
      body: importRequest,
      response: { 200: importResponse },
    },
    handler: async (request) => operator.import(request.body),
  });

  app.post('/operator/tractors/:vin/services', {
    schema: {
      tags,
      security,
      description: "The workshop records a service done (day, engine hours, note): the tractor's due schedule restarts from it.",
      params: vinParams,
      querystring: noQuery,
      body: serviceRecordRequest,
      response: { 201: z.object({ vin: z.string(), record: serviceRecord, history: z.array(serviceRecord) }) },
    },
    handler: async (request, reply) => reply.code(201).send(await serviceBook.recordForVin(request.params.vin, request.body)),
  });

  app.post('/operator/tractors/:vin/commands', {
    schema: {
      tags,
      security,
      description:
        'Queues a text command (Codec 12, e.g. "getinfo", "setdigout 1") for the tractor\'s device: sent the next time the device is connected, its reply stored.',
      params: vinParams,
      querystring: noQuery,
      body: deviceCommandRequest,
      response: { 201: deviceCommand },
    },
    handler: async (request, reply) => reply.code(201).send(await commands.queue(request.params.vin, request.body.command)),
  });

  app.get('/operator/tractors/:vin/commands', {
    schema: {
      tags,
      security,
      description: "The commands of the tractor's device, newest first, with their replies.",
      params: vinParams,
      querystring: noQuery,
      response: { 200: z.object({ data: z.array(deviceCommand) }) },
    },
    handler: async (request) => ({ data: await commands.list(request.params.vin) }),
  });

  app.get('/operator/tractors', {
    schema: { tags, security, querystring: operatorTractorQuery, response: { 200: operatorTractor } },
    handler: async (request) => operator.find(request.query),
  });
};
