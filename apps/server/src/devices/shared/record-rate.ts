/**
 * A record budget per device (a token bucket): a device id is all that vouches for a Teltonika or
 * OsmAnd device, so a forged id could otherwise write without bound. The rate sits far above what
 * a real device sends, a backlog emptied after a day without signal included; a device over it is
 * slowed (TCP reads wait), told to come back (HTTP 429) or not acknowledged (UDP resends), never
 * loses a record.
 */
export class RecordRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  /** Devices of our own let past the budget: the demo tractors while they back-fill their history. */
  readonly exempt = new Set<string>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /**
   * Takes `count` records from the budgets of the devices (all or none, for a batch); returns 0
   * when taken, else the ms until they would fit.
   */
  take(entries: Iterable<readonly [deviceId: string, count: number]>): number {
    const now = this.now();
    const wanted = new Map<string, number>();
    for (const [id, count] of entries) if (!this.exempt.has(id)) wanted.set(id, (wanted.get(id) ?? 0) + count);
    let waitMs = 0;
    for (const [id, count] of wanted) {
      const bucket = this.refill(id, now);
      // A request larger than the whole budget is let through once the budget is full.
      const need = Math.min(count, this.perMinute);
      if (bucket.tokens < need) waitMs = Math.max(waitMs, Math.ceil((need - bucket.tokens) / this.perMs));
    }
    if (waitMs > 0) return waitMs;
    for (const [id, count] of wanted) (this.buckets.get(id) as { tokens: number }).tokens -= Math.min(count, this.perMinute);
    return 0;
  }

  private refill(id: string, now: number): { tokens: number; at: number } {
    let bucket = this.buckets.get(id);
    if (!bucket) {
      bucket = { tokens: this.perMinute, at: now };
      this.buckets.set(id, bucket);
      // Full buckets carry no information: drop them now and then so the map follows active devices.
      if (this.buckets.size > 50_000) this.prune(now);
    }
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    return bucket;
  }

  private prune(now: number): void {
    for (const [id, b] of this.buckets) if (b.tokens + (now - b.at) * this.perMs >= this.perMinute) this.buckets.delete(id);
  }
}
