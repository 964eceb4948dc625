import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';

/**
 * What every payment page of ours shares (subscription packs, service bookings): the CSP of the
 * checkout and callback pages, sending such a page with a fresh nonce, and the gateway's form posts.
 */
const FORM_LIMIT = 16 * 1024;

/** The gateway's callback fields (razorpay_* or error[…]), bounded. */
export const formFields = z.record(z.string().max(64), z.string().max(2000)).refine((f) => Object.keys(f).length <= 30, { message: 'TOO_MANY_FIELDS' });

/** Our pages a gateway may post a payment's result back to (the local gateway checks the one it is given). */
export const CALLBACK_PATHS: readonly string[] = ['/api/v1/subscription/payments/callback', '/api/v1/service-bookings/payments/callback'];

/** The checkout and callback pages: our origin plus what the gateway's own script needs. */
function pageCsp(gateway: PaymentGateway, nonce: string): string {
  const extra = gateway.checkoutCsp;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${extra.scriptSrc.join(' ')}`,
    `style-src 'nonce-${nonce}' 'unsafe-inline'`,
    `img-src 'self' data: https:`,
    `connect-src 'self' ${extra.connectSrc.join(' ')}`,
    `frame-src ${extra.frameSrc.join(' ') || "'none'"}`,
    `form-action 'self' ${extra.formAction.join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function sendPage(reply: FastifyReply, gateway: PaymentGateway, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return reply.header('content-security-policy', pageCsp(gateway, nonce)).type('text/html; charset=utf-8').send(render(nonce));
}

/** The gateway's result comes as a form post (the browser's, from the gateway's page). */
export function acceptGatewayForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });
}

export const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
