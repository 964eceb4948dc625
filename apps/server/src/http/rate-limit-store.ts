import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Window {
  count: number;
  startMs: number;
}

/** Keys kept at most per limit (per route and the global one); the oldest used goes first, as the library's own store. */
const KEYS_KEPT = 5000;

/**
 * The rate limits' counts: fixed windows per key (an address, an IPv6 /64 as one), in this process's
 * memory. It replaces @fastify/rate-limit's own LocalStore (11.2), which answers with the object it
 * keeps counting in; the library reads the count only after an await, so every request of a parallel
 * burst saw the burst's final count and all of them were refused, the first `max` too.
 */
export class SnapshotRateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  incr(key: string, answer: Answer, timeWindow: number): void {
    const now = Date.now();
    const held = this.windows.get(key);
    const window = held && held.startMs + timeWindow > now ? held : { count: 0, startMs: now };
    window.count += 1;
    // A Map keeps insertion order: set last = used last, so the first key is the least recently used.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > KEYS_KEPT) this.windows.delete(this.windows.keys().next().value as string);
    answer(null, { current: window.count, ttl: window.startMs + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return new SnapshotRateLimitStore();
  }
}
