import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';
import { MOBILE_PATTERN } from './patterns';
import { FULL_NAME_MAX, FULL_NAME_PATTERN } from './validation';

/** Alert receivers (spec §3 Alert receiver, §5): who else hears of a tractor's alerts, by SMS or notification. */

/** Receivers per owner (each SMS costs money; the cap per day is on the server). */
export const RECEIVERS_MAX = 5;
/** As a profile's full name: the refusal's message names this length. */
export const RECEIVER_NAME_MAX = FULL_NAME_MAX;

export const RECEIVER_CHANNELS = ['sms', 'notification'] as const;
export type ReceiverChannel = (typeof RECEIVER_CHANNELS)[number];

/** Letters, words separated by single spaces (spec §5; the seven languages' scripts, as a full name). */
export const receiverName = z.string().min(1, 'NAME_REQUIRED').max(RECEIVER_NAME_MAX, 'NAME_TOO_LONG').regex(FULL_NAME_PATTERN, 'NAME_INVALID');
/** 10 digits, digits only (spec §5), an Indian mobile (SMS goes to it). */
export const receiverPhone = z.string().min(1, 'PHONE_REQUIRED').regex(MOBILE_PATTERN, 'PHONE_INVALID');

export const receiverRequest = z.strictObject({
  name: receiverName,
  phone: receiverPhone,
  channel: z.enum(RECEIVER_CHANNELS, 'CHANNEL_INVALID'),
  /** The language of the alert SMS they get; by default the owner's (on create) or as it was (on update). */
  language: z.enum(LANGUAGE_CODES, 'LANGUAGE_INVALID').optional(),
});
export type ReceiverRequest = z.infer<typeof receiverRequest>;

export const receiver = z.object({ id: z.string(), name: z.string(), phone: z.string(), channel: z.enum(RECEIVER_CHANNELS), language: z.enum(LANGUAGE_CODES) });
export type Receiver = z.infer<typeof receiver>;
export const receiverListResponse = z.object({ data: z.array(receiver) });
export const receiverIdParams = z.strictObject({ id: z.string().min(1).max(64) });
