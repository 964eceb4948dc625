/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** How long the push service keeps the message for an offline phone, s. */
  ttlSeconds: number;
  /** RFC 8030 Urgency: 'high' wakes a sleeping phone (critical alerts). */
  urgency: 'high' | 'normal';
  /**
   * RFC 8030 Topic (≤ 32 URL-safe base64 characters): a message with the topic of one the push
   * service still holds for an offline phone replaces it, so a repeat is never shown twice.
   */
  topic?: string;
}

/** What the push service said, as the delivery worker acts on it. */
export type PushOutcome =
  | { kind: 'sent' }
  /** 404 / 410: the subscription has expired or was withdrawn; delete it. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx or no answer: try again (after `afterMs` when the service said when). */
  | { kind: 'retry'; status?: number; afterMs?: number }
  /** Any other refusal (400, 403, 413 …): trying again would be refused the same way. */
  | { kind: 'rejected'; status: number };

/** Sends one encrypted Web Push message (RFC 8030 / 8291 / 8292). */
export interface PushSender {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}
