import { istDate, istMidnight } from '@tractorlink/domain/time';
import { DeviceClient } from './device-client';
import { type Cadence, DEVICE_CADENCE, type FieldPlot, HISTORY_CADENCE, type SimCarry, type SimProfile, type SimSample, simulateDay } from './farm-day';
import { between, seededRandom, seedOf } from './random';
import type { ProgressStore, TractorProgress } from './progress-repo';
import { sampleToAvl } from './to-avl';
import { counted } from './cli-words';

/**
 * Runs simulated tractors as Teltonika devices against a server: back-fills history day by day
 * (coarser sampling), then follows the clock in real time. Progress is saved in the database the
 * records go to (issue 20), so a restart resumes where the devices left off instead of resending
 * months of records, and a new database is back-filled afresh.
 */
export interface FleetOptions {
  host: string;
  port: number;
  profiles: readonly SimProfile[];
  /** Days of history to back-fill on first start. */
  backfillDays: number;
  /** Where progress is kept; without one every start back-fills again (the server drops what it has). */
  store?: ProgressStore;
  now?: () => number;
  /** How often live samples are released, ms. */
  tickMs?: number;
  liveCadence?: Cadence;
  log?: (message: string) => void;
  /**
   * Told when a tractor's day is over (all of it sent), with the carry at its end: the demo's
   * workshop records a service when one falls due. Awaited, so it happens before the next day's records.
   */
  onDayDone?: (imei: string, day: string, carry: SimCarry) => Promise<void>;
  /** Fields a tractor works on a day instead of its own (the demo's hire work, issue 17). */
  fieldsFor?: (imei: string, day: string) => readonly FieldPlot[] | undefined;
}

const DAY_MS = 24 * 3600_000;
/** Records acknowledged between progress saves (a day back-filled is ≈ 1,000–3,000). */
const SAVE_EVERY = 250;

/** Where a tractor's simulated life starts (engine hours, odometer, tank), seeded by its IMEI. */
export function initialCarry(profile: SimProfile): SimCarry {
  const random = seededRandom(seedOf(profile.imei));
  return {
    fuelL: profile.tankCapacityL * between(random, 0.5, 0.9),
    engineMin: Math.round(between(random, 900, 3200) * 60),
    odometerM: Math.round(between(random, 8_000, 40_000) * 1000),
    position: profile.home,
  };
}

export class Fleet {
  private readonly clients = new Map<string, DeviceClient>();
  private progress: Record<string, TractorProgress> = {};
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Resolves on stop(): a chunk waiting for its acknowledgement stops waiting (a stopped client never gets it). */
  private halt: () => void = () => undefined;
  private readonly halted = new Promise<void>((resolve) => (this.halt = resolve));
  /** The back-fill and the live tick in progress: stop() waits for them, so nothing uses the database after it. */
  private backfill: Promise<void> = Promise.resolve();
  private ticking: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  /** Saves in flight, per device: each waits for the one before, so the newest progress lands last. */
  private readonly saving = new Map<string, Promise<void>>();

  constructor(private readonly options: FleetOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Acknowledged records so far, across the fleet. */
  get acknowledged(): number {
    return [...this.clients.values()].reduce((sum, c) => sum + c.stats.acknowledged, 0);
  }

  /** Back-fills every tractor (in parallel), then starts the live tick. Resolves when history is in, or at stop(). */
  start(): Promise<void> {
    const started = this.now();
    this.backfill = (async () => {
      this.progress = (await this.options.store?.load(this.options.profiles.map((p) => p.imei))) ?? {};
      await Promise.all(this.options.profiles.map((p) => this.catchUp(p)));
      if (this.stopped) return;
      this.options.log?.(
        `simulated fleet: ${counted(this.options.profiles.length, 'tractor')} caught up (${counted(this.acknowledged, 'record')} in ${Math.round((this.now() - started) / 1000)} s)`,
      );
      let busy = false;
      this.timer = setInterval(() => {
        // One tick at a time: a tick slower than the interval (a busy server) is not queued behind.
        if (busy) return;
        busy = true;
        this.ticking = this.tick()
          .catch((err: unknown) => this.options.log?.(`simulated fleet: ${(err as Error).message}`))
          .finally(() => {
            busy = false;
          });
      }, this.options.tickMs ?? 5000);
    })();
    return this.backfill;
  }

  /**
   * Stops sending; resolves once the day in hand (its workshop and hire work included) and the progress
   * saves in flight have landed, so the caller may close the database then. A day cut short is not
   * counted done: the next start resumes after its last acknowledged chunk.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.halt();
    for (const c of this.clients.values()) c.stop();
    await Promise.all([this.backfill, this.ticking].map((work) => work.catch(() => undefined)));
    await Promise.all(this.saving.values());
  }

  private client(profile: SimProfile): DeviceClient {
    let client = this.clients.get(profile.imei);
    if (!client) {
      client = new DeviceClient({ host: this.options.host, port: this.options.port, imei: profile.imei, retryMs: 500 });
      this.clients.set(profile.imei, client);
    }
    return client;
  }

  /** Sends everything from where the tractor left off up to now, a day at a time. */
  private async catchUp(profile: SimProfile): Promise<void> {
    const now = this.now();
    let p = this.progress[profile.imei];
    if (!p) {
      const day = istDate(now - this.options.backfillDays * DAY_MS);
      p = { day, carry: initialCarry(profile), lastSent: 0 };
      this.progress[profile.imei] = p;
    }
    while (!this.stopped) {
      const today = istDate(now) === p.day;
      const samples = this.dayOf(profile, p, today ? (this.options.liveCadence ?? DEVICE_CADENCE) : HISTORY_CADENCE);
      await this.send(
        profile,
        p,
        samples.filter((s) => s.time <= this.now()),
      );
      if (today || this.stopped) return;
      await this.endDay(profile, p, samples);
      await this.save(profile.imei, p);
    }
  }

  /** Releases the samples whose time has come; rolls over at IST midnight. */
  private async tick(): Promise<void> {
    for (const profile of this.options.profiles) {
      const p = this.progress[profile.imei];
      if (!p || this.stopped) continue;
      const samples = this.dayOf(profile, p, this.options.liveCadence ?? DEVICE_CADENCE);
      await this.send(
        profile,
        p,
        samples.filter((s) => s.time <= this.now()),
      );
      if (this.stopped) return;
      if (istDate(this.now()) !== p.day) await this.endDay(profile, p, samples);
      await this.save(profile.imei, p);
    }
  }

  private readonly cache = new Map<string, { key: string; samples: SimSample[]; carry: SimCarry }>();

  private dayOf(profile: SimProfile, p: TractorProgress, cadence: Cadence): SimSample[] {
    const key = `${p.day}:${cadence.movingS}`;
    const cached = this.cache.get(profile.imei);
    if (cached?.key === key) return cached.samples;
    const fields = this.options.fieldsFor?.(profile.imei, p.day);
    const day = simulateDay(profile, p.carry, p.day, { cadence, ...(fields ? { fields } : {}) });
    this.cache.set(profile.imei, { key, samples: day.samples, carry: day.carry });
    return day.samples;
  }

  private async endDay(profile: SimProfile, p: TractorProgress, _samples: SimSample[]): Promise<void> {
    const cached = this.cache.get(profile.imei);
    if (cached) p.carry = cached.carry;
    const done = p.day;
    p.day = istDate(istMidnight(p.day) + DAY_MS + 3600_000);
    this.cache.delete(profile.imei);
    await this.options.onDayDone?.(profile.imei, done, p.carry).catch((err: unknown) => this.options.log?.(`simulated workshop: ${(err as Error).message}`));
  }

  /**
   * Hands the samples not yet acknowledged to the device, a chunk at a time, saving the progress after
   * each acknowledged chunk: a fleet that dies mid-day resumes after its last chunk, not at the day's start.
   */
  private async send(profile: SimProfile, p: TractorProgress, due: SimSample[]): Promise<void> {
    const fresh = due.filter((s) => s.time > p.lastSent);
    const client = this.client(profile);
    for (let i = 0; i < fresh.length && !this.stopped; i += SAVE_EVERY) {
      const chunk = fresh.slice(i, i + SAVE_EVERY);
      client.enqueue(chunk.map(sampleToAvl));
      await Promise.race([client.drained(), this.halted]);
      // Stopped before the acknowledgement: the chunk is not counted sent (the next start sends it again).
      if (this.stopped) return;
      p.lastSent = chunk.at(-1)?.time ?? p.lastSent;
      void this.save(profile.imei, p);
    }
  }

  /**
   * Saves where a tractor's history stands. Best effort: a failed save (the database restarting, out
   * of connections) is logged and the next save tries again; at worst a restart resends records the
   * server already has, which it drops as duplicates.
   */
  private save(imei: string, p: TractorProgress): Promise<void> {
    const store = this.options.store;
    if (!store) return Promise.resolve();
    const snapshot: TractorProgress = { day: p.day, carry: { ...p.carry }, lastSent: p.lastSent };
    const next = (this.saving.get(imei) ?? Promise.resolve())
      .then(() => store.save(imei, snapshot))
      .catch((err: unknown) => this.options.log?.(`could not save the fleet's progress (${(err as Error).message}); trying again at the next save`));
    this.saving.set(imei, next);
    return next;
  }
}
