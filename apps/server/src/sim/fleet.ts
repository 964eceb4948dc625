import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { istDate, istMidnight } from '@tractorlink/domain/time';
import { DeviceClient } from './device-client';
import { type Cadence, DEVICE_CADENCE, HISTORY_CADENCE, type SimCarry, type SimProfile, type SimSample, simulateDay } from './farm-day';
import { between, seededRandom, seedOf } from './random';
import { sampleToAvl } from './to-avl';

/**
 * Runs simulated tractors as Teltonika devices against a server: back-fills history day by day
 * (coarser sampling), then follows the clock in real time. Progress is saved to a small state file,
 * so a restart resumes where the devices left off instead of resending months of records.
 */
export interface FleetOptions {
  host: string;
  port: number;
  profiles: readonly SimProfile[];
  /** Days of history to back-fill on first start. */
  backfillDays: number;
  stateFile?: string;
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
}

interface TractorProgress {
  /** IST date of the day being sent, and the carry at its start (to regenerate it after a restart). */
  day: string;
  carry: SimCarry;
  /** Device time of the newest record handed to the device. */
  lastSent: number;
}

const DAY_MS = 24 * 3600_000;

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
  private readonly now: () => number;

  constructor(private readonly options: FleetOptions) {
    this.now = options.now ?? Date.now;
    if (options.stateFile && existsSync(options.stateFile)) {
      try {
        this.progress = JSON.parse(readFileSync(options.stateFile, 'utf8')) as Record<string, TractorProgress>;
      } catch {
        this.progress = {};
      }
    }
  }

  /** Acknowledged records so far, across the fleet. */
  get acknowledged(): number {
    return [...this.clients.values()].reduce((sum, c) => sum + c.stats.acknowledged, 0);
  }

  /** Back-fills every tractor (in parallel), then starts the live tick. Resolves when history is in. */
  async start(): Promise<void> {
    const started = this.now();
    await Promise.all(this.options.profiles.map((p) => this.catchUp(p)));
    this.options.log?.(`simulated fleet: ${this.options.profiles.length} tractors caught up (${this.acknowledged} records in ${Math.round((this.now() - started) / 1000)} s)`);
    if (!this.stopped) this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 5000);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const c of this.clients.values()) c.stop();
    this.save();
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
      await this.send(profile, p, samples.filter((s) => s.time <= this.now()));
      if (today) return;
      await this.endDay(profile, p, samples);
      this.save();
    }
  }

  /** Releases the samples whose time has come; rolls over at IST midnight. */
  private async tick(): Promise<void> {
    for (const profile of this.options.profiles) {
      const p = this.progress[profile.imei];
      if (!p || this.stopped) continue;
      const samples = this.dayOf(profile, p, this.options.liveCadence ?? DEVICE_CADENCE);
      await this.send(profile, p, samples.filter((s) => s.time <= this.now()));
      if (istDate(this.now()) !== p.day) await this.endDay(profile, p, samples);
    }
    this.save();
  }

  private readonly cache = new Map<string, { key: string; samples: SimSample[]; carry: SimCarry }>();

  private dayOf(profile: SimProfile, p: TractorProgress, cadence: Cadence): SimSample[] {
    const key = `${p.day}:${cadence.movingS}`;
    const cached = this.cache.get(profile.imei);
    if (cached?.key === key) return cached.samples;
    const day = simulateDay(profile, p.carry, p.day, { cadence });
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

  private async send(profile: SimProfile, p: TractorProgress, due: SimSample[]): Promise<void> {
    const fresh = due.filter((s) => s.time > p.lastSent);
    if (fresh.length === 0) return;
    const client = this.client(profile);
    client.enqueue(fresh.map(sampleToAvl));
    await client.drained();
    p.lastSent = fresh.at(-1)?.time ?? p.lastSent;
  }

  /**
   * Saves where each tractor's history stands. Best effort: a failed save (out of file handles under
   * a connection flood, a full disk) is logged and the next save tries again; at worst a restart
   * resends records the server already has, which it drops as duplicates.
   */
  private save(): void {
    const file = this.options.stateFile;
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(this.progress));
      renameSync(`${file}.tmp`, file);
    } catch (err) {
      this.options.log?.(`could not save the fleet's progress (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); trying again at the next save`);
    }
  }
}
