import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLanguageCode } from '@tractorlink/domain/languages';
import { isSec } from '@tractorlink/domain/vehicles-api';
import {
  createOrderRequest,
  historyQuery,
  historyResponse,
  invoiceView,
  orderParams,
  orderView,
  schemeQuery,
  schemeResponse,
} from '@tractorlink/domain/subscription-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { InvoicePdfRenderer } from './invoice-document';
import type { SubscriptionService } from './service';

const tags = ['subscription'];
const security = [{ bearer: [] }];
/** The spec's isSec flag is accepted as on GetScheme and history; any other field is refused. */
const isSecOnly = z.strictObject({ isSec });
const language = z.string().refine(isLanguageCode, { message: 'UNKNOWN_LANGUAGE' }).optional();
const pdfQuery = z.strictObject({ language });
/** The invoice screen asks in the language it shows, which may differ from the stored profile's. */
const invoiceQuery = z.strictObject({ isSec, language });

/**
 * Spec §7 Subscription, on the owner's own session (DESIGN §9: no subscription credential in the
 * client). Every order, history and invoice is the caller's own or a 404.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionService;
  sessions: SessionService;
  invoicePdf: InvoicePdfRenderer;
}> = async (app, { subscriptions, sessions, invoicePdf }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/subscription/Scheme/GetScheme', {
    schema: { tags, security, querystring: schemeQuery, response: { 200: schemeResponse } },
    handler: async (request) => subscriptions.scheme(userId(request), request.query.VIN),
  });

  app.post('/subscription/orders', {
    schema: { tags, security, querystring: isSecOnly, body: createOrderRequest, response: { 201: orderView } },
    handler: async (request, reply) => reply.code(201).send(await subscriptions.createOrder(userId(request), request.body)),
  });

  app.get('/subscription/orders/:orderId', {
    schema: { tags, security, params: orderParams, querystring: isSecOnly, response: { 200: orderView } },
    handler: async (request) => subscriptions.order(userId(request), request.params.orderId),
  });

  app.get('/subscription/history', {
    schema: { tags, security, querystring: historyQuery, response: { 200: historyResponse } },
    handler: async (request) => subscriptions.history(userId(request), request.query.vin),
  });

  app.get('/subscription/invoices/:orderId', {
    schema: {
      tags,
      security,
      params: orderParams,
      querystring: invoiceQuery,
      response: { 200: invoiceView },
      description: "The GST tax invoice as issued, its amount in words in the owner's language (or `language`).",
    },
    handler: async (request) => (await subscriptions.invoice(userId(request), request.params.orderId, request.query.language)).invoice,
  });

  app.get('/subscription/invoices/:orderId/pdf', {
    config: { binaryAnswer: ['application/pdf'] },
    schema: {
      tags,
      security,
      params: orderParams,
      querystring: pdfQuery,
      description: "The GST tax invoice as a PDF, labelled in the owner's language (or `language`).",
    },
    handler: async (request, reply) => {
      const { invoice, language } = await subscriptions.invoice(userId(request), request.params.orderId, request.query.language);
      const pdf = await invoicePdf(invoice, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf"`)
        .send(pdf);
    },
  });
};
