import type { FastifyInstance } from 'fastify';
import { LocalPaymentGateway } from '../../src/providers/payments/local-gateway';

/** The app's gateway, which the tests configure as the local one. */
export function localGateway(app: FastifyInstance): LocalPaymentGateway {
  const gateway = app.services.paymentGateway;
  if (!(gateway instanceof LocalPaymentGateway)) throw new Error('tests use the local gateway');
  return gateway;
}

/** The browser posting the gateway's fields to a callback (`url` with its query), as checkout does. */
export function postCallback(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The gateway's signed webhook (one for packs and bookings). */
export function postWebhook(app: FastifyInstance, body: string, signature: string, eventId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/subscription/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    payload: body,
  });
}
