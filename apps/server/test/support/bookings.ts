import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { BookingView, CreateBookingRequest } from '@tractorlink/domain/service-booking-api';
import type { PushSender, PushTarget } from '../../src/providers/push/push-sender';
import type { TractorRow } from '../../src/modules/tractors/repo';
import { post } from './api';

/** Pimpalgaon Baswant, Niphad taluka: inside the demo boundary of Nashik district. */
export const NASHIK_FARM = { lat: 20.1667, lng: 73.9833 };
export const OPERATOR_KEY = 'operator-key-for-tests-0123456789';
export const operator = { headers: { 'x-operator-key': OPERATOR_KEY } };
/** TEST_START is Saturday 21 Nov 2026 (IST): the first bookable day is the next. */
export const TOMORROW = '2026-11-22';

export function bookingBody(tractor: Pick<TractorRow, 'vin'>, overrides: Partial<CreateBookingRequest> = {}): CreateBookingRequest {
  return {
    requestId: randomUUID(),
    vin: tractor.vin,
    type: 'repair',
    address: { line: 'Gat no. 112, Ozar road', city: 'Niphad', pincode: '422209', state: 'Maharashtra' },
    position: NASHIK_FARM,
    date: TOMORROW,
    slot: '09:00',
    ...overrides,
  };
}

export function book(
  app: FastifyInstance,
  token: string,
  tractor: Pick<TractorRow, 'vin'>,
  overrides: Partial<CreateBookingRequest> = {},
): Promise<LightMyRequestResponse> {
  return post(app, 'service-bookings', bookingBody(tractor, overrides), { token });
}

/** Books and expects a new booking. */
export async function booked(
  app: FastifyInstance,
  token: string,
  tractor: Pick<TractorRow, 'vin'>,
  overrides: Partial<CreateBookingRequest> = {},
): Promise<BookingView> {
  const res = await book(app, token, tractor, overrides);
  if (res.statusCode !== 201) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
  return res.json<BookingView>();
}

/** The dealer's step over the operator API. */
export function dealerStep(app: FastifyInstance, bookingId: string, body: Record<string, unknown>) {
  return post(app, `operator/service-bookings/${bookingId}/status`, body, operator);
}

export interface BookingPush {
  type: string;
  bookingId: string;
  status: string;
  title: string;
  body: string;
  url: string;
}

/** A push sender that keeps what it was asked to send. */
export class RecordingPush implements PushSender {
  readonly sent: { target: PushTarget; payload: BookingPush }[] = [];
  async send(target: PushTarget, payload: string) {
    this.sent.push({ target, payload: JSON.parse(payload) as BookingPush });
    return { kind: 'sent' as const };
  }
}

/** A complete (if tiny) PNG and JPEG by their start and end markers. */
export const WHOLE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40, 7),
  Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
]);
export const WHOLE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 9), Buffer.from([0xff, 0xd9])]);
