/**
 * At most one log line per key (a device address, an IMEI) per period, with how many were held
 * back since: a misbehaving device or a flood must not fill the disk with the same warning.
 */
export class LogLimiter {
  private readonly last = new Map<string, { at: number; held: number }>();

  constructor(
    private readonly periodMs: number,
    private readonly now: () => number = Date.now,
    /** Keys remembered at most; the oldest are forgotten first. */
    private readonly maxKeys = 10_000,
  ) {}

  /** Whether to log for `key` now; when yes, `held` says how many lines were held back before it. */
  take(key: string): { log: boolean; held: number } {
    const now = this.now();
    const entry = this.last.get(key);
    if (entry && now - entry.at < this.periodMs) {
      entry.held++;
      return { log: false, held: entry.held };
    }
    const held = entry?.held ?? 0;
    this.last.delete(key);
    this.last.set(key, { at: now, held: 0 });
    if (this.last.size > this.maxKeys) this.last.delete(this.last.keys().next().value as string);
    return { log: true, held };
  }
}
