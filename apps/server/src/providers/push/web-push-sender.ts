import webpush from 'web-push';
import type { PushOptions, PushOutcome, PushSender, PushTarget } from './push-sender';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Longest wait a push service may ask for before we try again anyway. */
const MAX_RETRY_AFTER_MS = 3600_000;

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, seconds));
}

/**
 * Web Push with VAPID through the `web-push` package: it encrypts the payload (aes128gcm) and
 * signs the VAPID JWT; the request itself goes through fetch, which gives us the status and
 * Retry-After and, unlike web-push's own https-only sender, lets tests use a local http fake.
 */
export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: VapidKeys & { subject: string },
    private readonly timeoutMs = 10_000,
  ) {}

  async send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: this.vapid,
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      ...(options.topic ? { topic: options.topic } : {}),
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    let response: Response;
    try {
      response = await fetch(request.endpoint, { method: 'POST', headers, body: request.body, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch {
      return { kind: 'retry' };
    }
    await response.body?.cancel();
    const { status } = response;
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status === 429 || status >= 500) return { kind: 'retry', status, afterMs: retryAfterMs(response.headers.get('retry-after')) };
    return { kind: 'rejected', status };
  }
}

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
