import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptProposalRequest,
  billLinkListResponse,
  billLinksQuery,
  createBillLinkRequest,
  createCustomerRequest,
  createdBillLink,
  createJobRequest,
  createPaymentRequest,
  customer,
  customerLedger,
  customerListResponse,
  customerParams,
  endJobRequest,
  jobDetail,
  jobListResponse,
  jobParams,
  jobsQuery,
  linkParams,
  payment,
  paymentListResponse,
  paymentParams,
  paymentsQuery,
  proposalListResponse,
  proposalParams,
  updateCustomerRequest,
  updateJobRequest,
} from '@tractorlink/domain/hire-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { HireModule } from './module';
import { noBody, noQuery } from '../../http/empty-input';

const tags = ['hire'];
const security = [{ bearer: [] }];
const empty = z.strictObject({}).nullish();
const created = 'Created (201); the same id with the same body again answers what exists (200); the id used otherwise is ID_CONFLICT.';

/** The hire ledger on the owner's session (issue 17; docs/hire-api.md): anything of another owner is a 404. */
export const hireRoutes: FastifyPluginAsyncZod<{ hire: HireModule; sessions: SessionService }> = async (app, { hire, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/hire/customers', {
    schema: { tags, security, querystring: noQuery, response: { 200: customerListResponse } },
    handler: async (request) => ({ data: await hire.ledger.customers(userId(request)) }),
  });

  app.post('/hire/customers', {
    schema: { tags, security, description: created, querystring: noQuery, body: createCustomerRequest, response: { 200: customer, 201: customer } },
    handler: async (request, reply) => {
      const result = await hire.ledger.createCustomer(userId(request), request.body);
      return reply.code(result.created ? 201 : 200).send(result.customer);
    },
  });

  app.get('/hire/customers/:customerId', {
    schema: { tags, security, params: customerParams, querystring: noQuery, response: { 200: customerLedger } },
    handler: async (request) => hire.ledger.ledger(userId(request), request.params.customerId),
  });

  app.put('/hire/customers/:customerId', {
    schema: { tags, security, params: customerParams, querystring: noQuery, body: updateCustomerRequest, response: { 200: customer } },
    handler: async (request) => hire.ledger.updateCustomer(userId(request), request.params.customerId, request.body),
  });

  app.delete('/hire/customers/:customerId', {
    schema: { tags, security, description: 'CUSTOMER_IN_USE while they have jobs or payments.', params: customerParams, querystring: noQuery, body: noBody },
    handler: async (request, reply) => {
      await hire.ledger.deleteCustomer(userId(request), request.params.customerId);
      return reply.code(204).send();
    },
  });

  app.get('/hire/jobs', {
    schema: { tags, security, querystring: jobsQuery, response: { 200: jobListResponse } },
    handler: async (request) => ({ data: await hire.jobs.list(userId(request), request.query) }),
  });

  app.post('/hire/jobs', {
    schema: {
      tags,
      security,
      description: `${created} JOB_OVERLAP when the tractor has a job then.`,
      querystring: noQuery,
      body: createJobRequest,
      response: { 200: jobDetail, 201: jobDetail },
    },
    handler: async (request, reply) => {
      const result = await hire.jobs.create(userId(request), request.body);
      return reply.code(result.created ? 201 : 200).send(result.job);
    },
  });

  app.get('/hire/jobs/:jobId', {
    schema: { tags, security, params: jobParams, querystring: noQuery, response: { 200: jobDetail } },
    handler: async (request) => hire.jobs.detail(userId(request), request.params.jobId),
  });

  app.patch('/hire/jobs/:jobId', {
    schema: { tags, security, params: jobParams, querystring: noQuery, body: updateJobRequest, response: { 200: jobDetail } },
    handler: async (request) => hire.jobs.update(userId(request), request.params.jobId, request.body),
  });

  app.post('/hire/jobs/:jobId/end', {
    schema: { tags, security, params: jobParams, querystring: noQuery, body: endJobRequest, response: { 200: jobDetail } },
    handler: async (request) => hire.jobs.end(userId(request), request.params.jobId, request.body?.endAt),
  });

  app.delete('/hire/jobs/:jobId', {
    schema: { tags, security, params: jobParams, querystring: noQuery, body: noBody },
    handler: async (request, reply) => {
      await hire.jobs.remove(userId(request), request.params.jobId);
      return reply.code(204).send();
    },
  });

  app.get('/hire/proposals', {
    schema: { tags, security, querystring: noQuery, response: { 200: proposalListResponse } },
    handler: async (request) => ({ data: await hire.proposals.list(userId(request)) }),
  });

  app.post('/hire/proposals/:proposalId/accept', {
    schema: {
      tags,
      security,
      description: created,
      params: proposalParams,
      querystring: noQuery,
      body: acceptProposalRequest,
      response: { 200: jobDetail, 201: jobDetail },
    },
    handler: async (request, reply) => {
      const result = await hire.proposals.accept(userId(request), request.params.proposalId, request.body);
      return reply.code(result.created ? 201 : 200).send(result.job);
    },
  });

  app.post('/hire/proposals/:proposalId/dismiss', {
    schema: { tags, security, params: proposalParams, querystring: noQuery, body: empty },
    handler: async (request, reply) => {
      await hire.proposals.dismiss(userId(request), request.params.proposalId);
      return reply.code(204).send();
    },
  });

  app.get('/hire/payments', {
    schema: { tags, security, querystring: paymentsQuery, response: { 200: paymentListResponse } },
    handler: async (request) => ({ data: await hire.ledger.payments(userId(request), request.query.customerId) }),
  });

  app.post('/hire/payments', {
    schema: { tags, security, description: created, querystring: noQuery, body: createPaymentRequest, response: { 200: payment, 201: payment } },
    handler: async (request, reply) => {
      const result = await hire.ledger.createPayment(userId(request), request.body);
      return reply.code(result.created ? 201 : 200).send(result.payment);
    },
  });

  app.delete('/hire/payments/:paymentId', {
    schema: { tags, security, params: paymentParams, querystring: noQuery, body: noBody },
    handler: async (request, reply) => {
      await hire.ledger.deletePayment(userId(request), request.params.paymentId);
      return reply.code(204).send();
    },
  });

  app.post('/hire/bill-links', {
    // The answer holds the link's token: an Idempotency-Key's repeat is refused rather than kept (idempotency.ts).
    config: { idempotentAnswer: 'withheld' },
    schema: {
      tags,
      security,
      description:
        'The token is in this answer only (the server keeps its hash). A repeat with the same Idempotency-Key is 422 IDEMPOTENCY_KEY_REUSED (detail ANSWER_NOT_KEPT): the link exists, its token is not kept.',
      querystring: noQuery,
      body: createBillLinkRequest,
      response: { 201: createdBillLink },
    },
    handler: async (request, reply) => reply.code(201).send(await hire.links.createBill(userId(request), request.body)),
  });

  app.get('/hire/bill-links', {
    schema: { tags, security, querystring: billLinksQuery, response: { 200: billLinkListResponse } },
    handler: async (request) => ({ data: await hire.links.bills(userId(request), request.query.customerId) }),
  });

  app.delete('/hire/bill-links/:linkId', {
    schema: { tags, security, params: linkParams, querystring: noQuery, body: noBody },
    handler: async (request, reply) => {
      await hire.links.revokeBill(userId(request), request.params.linkId);
      return reply.code(204).send();
    },
  });
};
