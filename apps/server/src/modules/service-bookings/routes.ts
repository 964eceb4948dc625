import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_PHOTO_MAX_BYTES } from '@tractorlink/domain/service-booking';
import {
  bookingListQuery,
  bookingListResponse,
  bookingOptions,
  bookingParams,
  bookingPaymentResponse,
  bookingView,
  cancelBookingRequest,
  createBookingRequest,
  freeServicesQuery,
  freeServicesResponse,
  optionsQuery,
  photoUploadResponse,
} from '@tractorlink/domain/service-booking-api';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import type { BookingPayments } from './payments';
import type { ServiceBookingService } from './service';
import { noQuery } from '../../http/empty-input';
import { readUploadedFile } from '../../http/upload';

const tags = ['service-bookings'];
const security = [{ bearer: [] }];

/** Doorstep service booking on the owner's session (issue 15): another owner's booking or tractor is a 404. */
export const serviceBookingRoutes: FastifyPluginAsyncZod<{ bookings: ServiceBookingService; payments: BookingPayments; sessions: SessionService }> = async (
  app,
  { bookings, payments, sessions },
) => {
  app.addHook('preHandler', requireAuth(sessions));
  const userId = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get('/service-bookings/options', {
    schema: { tags, security, querystring: optionsQuery, response: { 200: bookingOptions } },
    handler: async (request) => bookings.options(userId(request), request.query),
  });

  app.post('/service-bookings/photos', {
    schema: {
      tags,
      security,
      consumes: ['multipart/form-data'],
      querystring: noQuery,
      description:
        'Multipart form with one file field `photo`: a whole JPEG or PNG (checked by its bytes, PHOTO_INVALID otherwise), at most 2 MB (PAYLOAD_TOO_LARGE).',
      response: { 201: photoUploadResponse },
    },
    handler: async (request, reply) => {
      const bytes = await readUploadedFile(request, 'photo', BOOKING_PHOTO_MAX_BYTES);
      return reply.code(201).send(await bookings.uploadPhoto(userId(request), bytes));
    },
  });

  app.post('/service-bookings', {
    schema: {
      tags,
      security,
      description: 'Books the slot (201). The same requestId again answers the booking it made (200).',
      querystring: noQuery,
      body: createBookingRequest,
      response: { 200: bookingView, 201: bookingView },
    },
    handler: async (request, reply) => {
      const { created, booking } = await bookings.create(userId(request), request.body);
      return reply.code(created ? 201 : 200).send(booking);
    },
  });

  app.get('/service-bookings', {
    schema: { tags, security, querystring: bookingListQuery, response: { 200: bookingListResponse } },
    handler: async (request) => ({ data: await bookings.list(userId(request), request.query.vin) }),
  });

  app.get('/service-bookings/free-services', {
    schema: { tags, security, querystring: freeServicesQuery, response: { 200: freeServicesResponse } },
    handler: async (request) => bookings.freeServices(userId(request), request.query.vin),
  });

  app.get('/service-bookings/:bookingId', {
    schema: { tags, security, params: bookingParams, querystring: noQuery, response: { 200: bookingView } },
    handler: async (request) => {
      const booking = await bookings.get(userId(request), request.params.bookingId);
      if (booking.paymentStatus !== 'pending') return booking;
      // Its callback may never have come: the gateway is asked (at most every few seconds).
      await payments.refresh(booking.bookingId);
      return bookings.get(userId(request), booking.bookingId);
    },
  });

  app.post('/service-bookings/:bookingId/payment', {
    schema: {
      tags,
      security,
      description:
        "Pay an 'online' booking's charge now: the gateway order for the booking's total (the server's amount), made once (201) and answered again while unpaid (200); send the browser to checkoutUrl. BOOKING_NOT_PAYABLE for a free or pay-at-the-farm booking, BOOKING_ALREADY_PAID, BOOKING_FINISHED when cancelled.",
      params: bookingParams,
      querystring: noQuery,
      body: z.strictObject({}).nullish(),
      response: { 200: bookingPaymentResponse, 201: bookingPaymentResponse },
    },
    handler: async (request, reply) => {
      const { created, payment } = await payments.start(userId(request), request.params.bookingId);
      return reply.code(created ? 201 : 200).send(payment);
    },
  });

  app.post('/service-bookings/:bookingId/cancel', {
    schema: { tags, security, params: bookingParams, querystring: noQuery, body: cancelBookingRequest, response: { 200: bookingView } },
    handler: async (request) => bookings.cancel(userId(request), request.params.bookingId, request.body.reason),
  });

  app.get('/service-bookings/:bookingId/photo', {
    schema: {
      tags,
      security,
      params: bookingParams,
      querystring: noQuery,
      description: 'The photo added to the booking (only your own; others are 404).',
    },
    handler: async (request, reply) => {
      const photo = await bookings.photo(userId(request), request.params.bookingId);
      return reply.type(photo.contentType).send(photo.data);
    },
  });
};
