import { randomUUID } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionRequest } from '@tractorlink/domain/push-api';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { deleteOwnSubscription, trimSubscriptions, upsertSubscription } from './repo';

const decodedLength = (base64url: string) => Buffer.from(base64url, 'base64url').length;

/** Whether `hostname` is one of the allowed push services or below one (`fcm.googleapis.com`, `*.notify.windows.com` …). */
export function isAllowedPushHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowed.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * A subscription's expirationTime as the store keeps it, whole epoch ms: the browser's value is a
 * DOMHighResTimeStamp, which may have a fraction, and the column is an integer (PostgreSQL refuses
 * 1.5 or 1e308 outright). NaN when it cannot be one.
 */
function expirationMs(value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = Math.round(value);
  return ms >= 0 && Number.isSafeInteger(ms) ? ms : Number.NaN;
}

/**
 * Browsers' Web Push subscriptions (spec §7 "POST / DELETE push subscription"). The server POSTs
 * to whatever endpoint a browser gives, so only known push services are accepted (configuration
 * PUSH_SERVICE_HOSTS), never an address inside our network.
 */
export class PushSubscriptionService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; allowedHosts: readonly string[]; publicKey: string }) {}

  get publicKey(): string {
    return this.deps.publicKey;
  }

  async subscribe(userId: string, body: PushSubscriptionRequest): Promise<void> {
    const host = new URL(body.endpoint).hostname.replace(/^\[|\]$/g, '');
    const details = [];
    if (!isAllowedPushHost(host, this.deps.allowedHosts)) details.push({ path: 'endpoint', code: 'PUSH_ENDPOINT_NOT_ALLOWED' });
    const point = Buffer.from(body.keys.p256dh, 'base64url');
    if (point.length !== 65 || point[0] !== 4) details.push({ path: 'keys.p256dh', code: 'PUSH_KEY_INVALID' });
    if (decodedLength(body.keys.auth) !== 16) details.push({ path: 'keys.auth', code: 'PUSH_KEY_INVALID' });
    const expirationTime = expirationMs(body.expirationTime);
    if (Number.isNaN(expirationTime)) details.push({ path: 'expirationTime', code: 'INVALID' });
    if (details.length > 0) throw new AppError('VALIDATION_FAILED', { details });
    const { db, clock } = this.deps;
    const stored = await upsertSubscription(db, {
      id: randomUUID(),
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      expiration_time: expirationTime,
      created_at: clock.now(),
    });
    if (!stored) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'endpoint', code: 'PUSH_ENDPOINT_TAKEN' }] });
    await trimSubscriptions(db, userId, PUSH_SUBSCRIPTIONS_MAX);
  }

  /** Removes the caller's subscription with this endpoint; nothing if it is not theirs. */
  async unsubscribe(userId: string, endpoints: readonly string[]): Promise<void> {
    for (const endpoint of endpoints) await deleteOwnSubscription(this.deps.db, userId, endpoint);
  }
}
