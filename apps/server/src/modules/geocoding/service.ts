import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import type { Geocoder, Place } from '../../providers/geocoder/geocoder';
import { type CacheEntry, type CacheKey, readCached, writeCached } from './repo';

/** Entries kept in memory in front of the database cache (a few MB at most). */
const MEMORY_ENTRIES = 20_000;
/** New answers are written to the database cache together, this long after the first of them. */
const WRITE_DELAY_MS = 1000;
/** …or as soon as this many are waiting. */
const WRITE_BATCH = 200;

/** ~110 m: a tractor working one field keeps hitting the same few keys. */
export const roundE3 = (degrees: number) => Math.round(degrees * 1000);

/** One line for the home screen: "Pimpalgaon Baswant, Nashik, Maharashtra" or "Nashik, Maharashtra". */
export function formatPlace(place: Place): string {
  return [place.name, place.district, place.state].filter((part, i, all) => part && all.indexOf(part) === i).join(', ');
}

/**
 * Reverse geocoding through the configured provider, cached per rounded coordinate and language:
 * first in memory (the home poll), then in the database (restarts, other instances). A provider
 * failure answers undefined and caches nothing, so the next poll tries again.
 *
 * New answers reach the database cache in batches, after the request that asked has been
 * answered: on SQLite every write is a disk sync on the thread that serves requests, and a fleet
 * coming online asks thousands of new places at once. An answer lost in a crash is only asked again.
 */
export class GeocodingService {
  private readonly memory = new Map<string, Place | null>();
  private pending: CacheEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { db: Kysely<Database>; geocoder: Geocoder; clock: Clock; log: FastifyBaseLogger }) {}

  async reverse(lat: number, lon: number, language: string): Promise<Place | undefined> {
    const key: CacheKey = { provider: this.deps.geocoder.cacheName, language, latE3: roundE3(lat), lonE3: roundE3(lon) };
    const id = `${key.language}:${key.latE3}:${key.lonE3}`;
    if (this.memory.has(id)) return this.memory.get(id) ?? undefined;
    let place = await readCached(this.deps.db, key);
    if (place === undefined) {
      let answer: Place | undefined;
      try {
        answer = await this.deps.geocoder.reverse(key.latE3 / 1000, key.lonE3 / 1000, language);
      } catch (err) {
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'no address: geocoder failed');
        return undefined;
      }
      this.queueWrite({ key, place: answer, at: this.deps.clock.now() });
      place = answer ?? null;
    }
    this.remember(id, place);
    return place ?? undefined;
  }

  /** Writes the answers not yet in the database cache (before shutdown; tests). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      if (entries.length === 0) return;
      try {
        await writeCached(this.deps.db, entries);
      } catch (err) {
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), entries: entries.length }, 'geocode cache not written');
      }
    });
    await this.writing;
  }

  private queueWrite(entry: CacheEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= WRITE_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), WRITE_DELAY_MS);
      this.timer.unref();
    }
  }

  private remember(id: string, place: Place | null): void {
    // Oldest first out: Map keeps insertion order.
    if (this.memory.size >= MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value as string);
    this.memory.set(id, place);
  }
}
