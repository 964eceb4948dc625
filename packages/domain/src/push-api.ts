import { z } from 'zod';

/** Push subscription (spec §7 "POST / DELETE push subscription") and the alert push message. */

/** Browsers (push subscriptions) per owner; the oldest goes when another is added. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** A PushSubscription's endpoint: https, or http on the loopback for local testing. */
/** No URL parser here (the domain has no DOM or Node types), so the shape is checked by pattern. */
const PUSH_ENDPOINT = /^(?:https:\/\/[A-Za-z0-9.-]+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(?::\d{1,5})?\/\S*$/;
const pushEndpoint = z.string().max(1000, 'TOO_LONG').regex(PUSH_ENDPOINT, 'PUSH_ENDPOINT_INVALID');

/** POST pushsubscription: what PushSubscription.toJSON() gives (p256dh: 65-byte P-256 point, auth: 16 bytes). */
export const pushSubscriptionRequest = z.strictObject({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(base64url, 'PUSH_KEY_INVALID').min(86, 'PUSH_KEY_INVALID').max(88, 'PUSH_KEY_INVALID'),
    auth: z.string().regex(base64url, 'PUSH_KEY_INVALID').min(22, 'PUSH_KEY_INVALID').max(24, 'PUSH_KEY_INVALID'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

const deviceToken = z.string().min(1, 'REQUIRED').max(1000, 'TOO_LONG');
/**
 * DELETE pushsubscription: the browser's endpoint, its "device token". Spec §7 names the field
 * `devicetoken`, or `devicetokens` for several (a phone's browsers at logout): each form is taken,
 * exactly one of them a request.
 */
export const pushUnsubscribeRequest = z
  .strictObject({
    endpoint: deviceToken.optional(),
    devicetoken: deviceToken.optional(),
    devicetokens: z.array(deviceToken).min(1, 'TOO_SHORT').max(PUSH_SUBSCRIPTIONS_MAX, 'TOO_LONG').optional(),
  })
  .refine((b) => [b.endpoint, b.devicetoken, b.devicetokens].filter((v) => v !== undefined).length === 1, {
    message: 'ONE_DEVICE_TOKEN_FIELD',
    path: [],
  });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;
/** The endpoints a DELETE pushsubscription names, whichever field it used. */
export const endpointsToForget = (b: PushUnsubscribeRequest): string[] => b.devicetokens ?? [b.endpoint ?? b.devicetoken ?? ''];

/** GET pushsubscription/key: the VAPID public key for PushManager.subscribe (applicationServerKey). */
export const vapidKeyResponse = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message (≤ 3 KB; title and body in the receiver's language). */
export const alertPushPayload = z.object({
  type: z.literal('alert'),
  alertId: z.string(),
  alertTypeId: z.string(),
  vin: z.string(),
  critical: z.boolean(),
  title: z.string(),
  body: z.string(),
  timeStamp: z.number().int(),
  /** Hash route of the alert detail screen. */
  url: z.string(),
});
export type AlertPushPayload = z.infer<typeof alertPushPayload>;
