import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingPaymentParams } from '@tractorlink/domain/service-booking-api';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import { AppError } from '../../errors/app-error';
import { acceptGatewayForms, formFields, originOf, sendPage } from '../payments/pages';
import type { BookingPayments } from './payments';
import { noQuery } from '../../http/empty-input';

const callbackQuery = z.strictObject({ paymentId: bookingPaymentParams.shape.paymentId });
const statusPage = (bookingId: string, outcome?: 'paid' | 'failed') => `/#/booking-status?bookingId=${bookingId}${outcome ? `&${outcome}=1` : ''}`;

/**
 * Paying a booking online, outside the owner's session as a pack's payment is (the gateway's pages
 * post here, and SameSite=Strict cookies do not follow a cross-site POST): the checkout page of a
 * booking's payment (its id, 96 random bits, is the capability) and the gateway's signed callback,
 * which sends the owner back to the booking's status. The gateway's webhook is the one of the packs
 * (PaymentWebhook dispatches it here).
 */
export const bookingPaymentRoutes: FastifyPluginAsyncZod<{ payments: BookingPayments; gateway: PaymentGateway }> = async (app, { payments, gateway }) => {
  acceptGatewayForms(app);
  const tags = ['payments'];

  app.get('/service-bookings/payments/:paymentId/checkout', {
    schema: {
      tags,
      params: bookingPaymentParams,
      querystring: noQuery,
      description: "The gateway's checkout page for a booking's unpaid charge (HTML); a paid or cancelled booking's goes back to its status.",
    },
    handler: async (request, reply) => {
      const found = await payments.checkout(request.params.paymentId);
      if (!found) throw new AppError('NOT_FOUND');
      if (!('payment' in found)) return reply.redirect(statusPage(found.bookingId, found.paid ? 'paid' : undefined), 303);
      const { payment, booking } = found;
      const base = originOf(request);
      return sendPage(reply, gateway, (nonce) =>
        gateway.checkoutPage({
          gatewayOrderId: payment.gateway_order_id,
          amountPaise: Number(payment.amount_paise),
          referenceId: booking.reference_id,
          description: `Doorstep service: ${booking.type} (${booking.reg_no || booking.vin})`,
          callbackUrl: `${base}/api/v1/service-bookings/payments/callback?paymentId=${payment.id}`,
          cancelUrl: `${base}${statusPage(booking.id)}`,
          nonce,
        }),
      );
    },
  });

  app.post('/service-bookings/payments/callback', {
    schema: {
      tags,
      querystring: callbackQuery,
      body: formFields,
      description: "Where the gateway posts a booking payment's result (form fields); redirects to the booking's status.",
    },
    handler: async (request, reply) => {
      const result = await payments.callback(request.query.paymentId, request.body);
      if (!result) return reply.redirect('/#/servicerequest-history', 303);
      return reply.redirect(statusPage(result.bookingId, result.paid ? 'paid' : 'failed'), 303);
    },
  });
};
