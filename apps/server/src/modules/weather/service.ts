import type { FastifyBaseLogger } from 'fastify';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { systemClock } from '../../clock';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { WeatherError } from '../../providers/weather/weather-provider';
import type { WeatherProvider } from '../../providers/weather/weather-provider';

export interface WeatherServiceDeps {
  provider: WeatherProvider;
  /**
   * The last known position of the caller's tractor; null when it has none yet. Throws
   * AppError('NOT_FOUND') for a VIN the caller does not own.
   */
  positionOf: (userId: string, vin: string) => Promise<{ lat: number; lon: number } | null>;
  clock?: Clock;
  /** Provider failures are logged here (provider name and reason; never the key or the URL). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Entries kept per cache (location keys, hourly, five-day); the least recently used go first. Default 5,000. */
  maxEntries?: number;
}

/** A location key holds for a position (rounded to 0.01°, ~1 km) for a day. */
export const LOCATION_KEY_TTL_MS = 24 * 3600_000;
/** The 1-hour forecast per key and language for 30 minutes. */
export const HOURLY_TTL_MS = 30 * 60_000;
/** The five-day forecast per key and language for 3 hours. */
export const FIVE_DAY_TTL_MS = 3 * 3600_000;
export const DEFAULT_MAX_ENTRIES = 5000;

/** A bounded map whose entries expire; reading an entry makes it the most recently used. */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly max: number) {}

  get(key: string, now: number): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry);
    return { value: entry.value };
  }

  set(key: string, value: V, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Weather for the owner's tractor (spec §7 Weather): its last known position → location key →
 * hourly or five-day forecast, each cached in memory so the phones' polls do not spend the paid
 * provider's quota. Only answers are cached; a failed call is asked again next time (and answers
 * WEATHER_UNAVAILABLE now). Concurrent asks for the same thing share one provider call.
 */
export class WeatherService {
  private readonly clock: Clock;
  private readonly keys: TtlCache<string | null>;
  private readonly hourlies: TtlCache<HourlyItem[]>;
  private readonly fiveDays: TtlCache<FiveDayResponse>;
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: WeatherServiceDeps) {
    this.clock = deps.clock ?? systemClock;
    const max = deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.keys = new TtlCache(max);
    this.hourlies = new TtlCache(max);
    this.fiveDays = new TtlCache(max);
  }

  /** Spec §3: a list whose first item is used; empty when the tractor has no known position or the provider no location there. */
  async hourly(userId: string, vin: string, language: string): Promise<HourlyItem[]> {
    const key = await this.keyFor(userId, vin, language);
    if (key === null) return [];
    return this.guarded(() => this.cached(this.hourlies, 'hourly', `${key}|${language}`, HOURLY_TTL_MS, () => this.deps.provider.hourly(key, language)));
  }

  /** The five-day forecast; no days when the tractor has no known position or the provider no location there. */
  async fiveDay(userId: string, vin: string, language: string): Promise<FiveDayResponse> {
    const key = await this.keyFor(userId, vin, language);
    if (key === null) return { DailyForecasts: [] };
    return this.guarded(() => this.cached(this.fiveDays, 'fiveDay', `${key}|${language}`, FIVE_DAY_TTL_MS, () => this.deps.provider.fiveDay(key, language)));
  }

  /** Entries held now (tests and diagnostics). */
  get cacheSizes(): { keys: number; hourly: number; fiveDay: number } {
    return { keys: this.keys.size, hourly: this.hourlies.size, fiveDay: this.fiveDays.size };
  }

  private async keyFor(userId: string, vin: string, language: string): Promise<string | null> {
    const position = await this.deps.positionOf(userId, vin);
    if (!position || !Number.isFinite(position.lat) || !Number.isFinite(position.lon)) return null;
    // ~1 km: the same field, and the provider is never told the tractor's exact position.
    const lat = Number(position.lat.toFixed(2));
    const lon = Number(position.lon.toFixed(2));
    return this.guarded(() => this.cached(this.keys, 'key', `${lat},${lon}`, LOCATION_KEY_TTL_MS, () => this.deps.provider.locationKey(lat, lon, language)));
  }

  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof WeatherError)) throw err;
      this.deps.log?.warn({ weather: { provider: this.deps.provider.name, reason: err.message } }, 'weather provider failed');
      throw new AppError('WEATHER_UNAVAILABLE');
    }
  }

  private cached<V>(cache: TtlCache<V>, kind: string, key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const hit = cache.get(key, this.clock.now());
    if (hit) return Promise.resolve(hit.value);
    const pendingKey = `${kind}|${key}`;
    const pending = this.pending.get(pendingKey) as Promise<V> | undefined;
    if (pending) return pending;
    const loading = load()
      .then((value) => {
        cache.set(key, value, this.clock.now() + ttlMs);
        return value;
      })
      .finally(() => this.pending.delete(pendingKey));
    this.pending.set(pendingKey, loading);
    return loading;
  }
}
