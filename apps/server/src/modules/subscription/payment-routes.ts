import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderParams } from '@tractorlink/domain/subscription-api';
import { AppError } from '../../errors/app-error';
import { callbackPostPage, LocalPaymentGateway } from '../../providers/payments/local-gateway';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import { acceptGatewayForms, CALLBACK_PATHS, formFields, originOf as origin, sendPage } from '../payments/pages';
import type { PaymentWebhook } from '../payments/webhook';
import type { SubscriptionService } from './service';
import { noQuery } from '../../http/empty-input';

const WEBHOOK_LIMIT = 64 * 1024;

function parseUrl(url: string, base: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
const callbackQuery = z.strictObject({ orderId: orderParams.shape.orderId });

/**
 * The browser's side of paying, outside the owner's session (the gateway's pages post here, and
 * SameSite=Strict cookies do not follow a cross-site POST): the checkout page of an order (the
 * order id, 96 random bits, is the capability), the gateway's signed callback, its signed
 * webhooks, and the local gateway's buttons. Own body parsers: raw bytes for the webhook
 * signature, form fields for the callback.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionService; gateway: PaymentGateway; webhook: PaymentWebhook }> = async (
  app,
  { subscriptions, gateway, webhook },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_LIMIT }, (_request, body, done) => done(null, body));
  acceptGatewayForms(app);
  const tags = ['payments'];

  app.get('/subscription/orders/:orderId/checkout', {
    schema: { tags, params: orderParams, querystring: noQuery, description: "The gateway's checkout page for an unpaid order (HTML)." },
    handler: async (request, reply) => {
      const found = await subscriptions.checkout(request.params.orderId);
      if (!found?.order.gateway_order_id) return reply.redirect(`/#/payment-success?orderId=${request.params.orderId}`, 303);
      const { order, items } = found;
      const base = origin(request);
      return sendPage(reply, gateway, (nonce) =>
        gateway.checkoutPage({
          gatewayOrderId: order.gateway_order_id ?? '',
          amountPaise: Number(order.total_paise),
          referenceId: order.reference_id,
          description: `${order.pack === 'year' ? 'Year' : 'Month'} pack × ${items.length} (${items.map((i) => i.reg_no || i.vin).join(', ')})`,
          callbackUrl: `${base}/api/v1/subscription/payments/callback?orderId=${order.id}`,
          cancelUrl: `${base}/#/payment-failed?orderId=${order.id}&cancelled=1`,
          nonce,
        }),
      );
    },
  });

  app.post('/subscription/payments/callback', {
    schema: {
      tags,
      querystring: callbackQuery,
      body: formFields,
      description: 'Where the gateway posts the payment result (form fields); redirects to the success or failure page.',
    },
    handler: async (request, reply) => {
      const result = await subscriptions.callback(request.query.orderId, request.body);
      const orderId = result?.orderId ?? request.query.orderId;
      return reply.redirect(`/#/${result?.outcome === 'success' ? 'payment-success' : 'payment-failed'}?orderId=${orderId}`, 303);
    },
  });

  app.post('/subscription/payments/webhook', {
    schema: {
      tags,
      querystring: noQuery,
      headers: z.object({ 'x-razorpay-signature': z.string().max(256), 'x-razorpay-event-id': z.string().max(128).optional() }),
      description: 'Razorpay webhooks (payment.captured, order.paid, payment.failed) for packs and service bookings alike, verified on the raw body.',
    },
    handler: async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return webhook.receive(body, request.headers['x-razorpay-signature'], request.headers['x-razorpay-event-id']);
    },
  });

  if (gateway instanceof LocalPaymentGateway) {
    const local = gateway;
    app.post('/subscription/payments/local/:gatewayOrderId', {
      schema: {
        tags,
        params: z.strictObject({ gatewayOrderId: z.string().regex(/^order_[0-9a-f]{14}$/) }),
        querystring: noQuery,
        body: z.strictObject({ outcome: z.enum(['success', 'failure']), callbackUrl: z.string().max(300) }),
        hide: true,
      },
      handler: async (request, reply) => {
        // Only our own callback: the local gateway is no open redirector. Checked before paying, so a
        // refused request changes nothing; both refusals are the API's error body (DESIGN §5).
        const callback = parseUrl(request.body.callbackUrl, origin(request));
        if (!callback || callback.origin !== new URL(origin(request)).origin || !CALLBACK_PATHS.includes(callback.pathname))
          throw new AppError('VALIDATION_FAILED', { details: [{ path: 'callbackUrl', code: 'INVALID' }] });
        const result = local.pay(request.params.gatewayOrderId, request.body.outcome);
        if (!result) throw new AppError('NOT_FOUND');
        // The webhook follows a moment later, as the real gateway's does (it may also win the race).
        const event = result.webhook;
        setTimeout(() => {
          webhook
            .receive(Buffer.from(event.body), event.signature, event.eventId)
            .catch((err: unknown) => request.log.warn({ err }, 'local gateway webhook failed'));
        }, 1500).unref();
        return sendPage(reply, gateway, (nonce) => callbackPostPage(callback.toString(), result.callbackFields, nonce));
      },
    });
  }
};
