import type { FastifyInstance } from 'fastify';
import type { OrderView } from '@tractorlink/domain/subscription-api';
import { expect } from 'vitest';
import { LocalPaymentGateway } from '../../src/providers/payments/local-gateway';
import { post } from './api';
import type { TestContext } from './harness';

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

/**
 * The success button on the local gateway's checkout page (its HTML in `page`): posts its form as the
 * browser would, and returns the callback the page was given and the signed fields the gateway's
 * answer posts back to it.
 */
export async function payOnGatewayPage(app: FastifyInstance, page: string): Promise<{ callbackUrl: string; fields: Record<string, string> }> {
  const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
  const callbackUrl = /name="callbackUrl" value="([^"]+)"/.exec(page)?.[1]?.replace(/&#38;/g, '&') ?? '';
  const paid = await app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome: 'success', callbackUrl }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const fields = Object.fromEntries([...paid.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
  return { callbackUrl, fields };
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

/** A renewal order for the owner's tractors (201 expected). */
export async function placeOrder(app: FastifyInstance, token: string, vins: string[], pack: 'month' | 'year' = 'year'): Promise<OrderView> {
  const res = await post(app, 'subscription/orders', { vins, pack }, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderView>();
}

/** The gateway's id of a renewal order, as its checkout opened it. */
export async function gatewayOrderId(t: TestContext, orderId: string): Promise<string> {
  const row = await t.database.db.kysely.selectFrom('subscription_orders').select('gateway_order_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  if (!row.gateway_order_id) throw new Error('no gateway order');
  return row.gateway_order_id;
}
