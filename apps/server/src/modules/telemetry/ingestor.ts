import type { AlertRow } from '@tractorlink/domain/alert-rules/types';
import { checkReading } from '@tractorlink/domain/reading-limits';
import type { Reading } from '@tractorlink/domain/telemetry';
import type { UsageTotals } from '@tractorlink/domain/usage';
import type { Clock } from '../../clock';
import { alertId } from '../../crypto/alert-id';
import type { AlertHook } from './alert-hook';
import { fuelLitres, type TractorProcessor, type TractorProfile } from './processor';
import type { Derived, TelemetryRow } from './rows';
import type { TelemetryStore } from './store';

/** A record as a protocol decoder hands it over. */
export interface IncomingRecord {
  reading: Reading;
  attributes?: Record<string, string | number | boolean>;
}

/**
 * Records still in their wire form: decoded only when their batch is written. Between a device's
 * frame and its commit the records wait in the queue while other transactions run; kept as one
 * buffer instead of dozens of objects per record they are not promoted to the old generation, which
 * was a fifth of the CPU of ingestion. `decode` throwing refuses the submission alone.
 */
export interface EncodedRecords {
  count: number;
  decode(): readonly IncomingRecord[];
  /**
   * The same records as bytes another thread can decode (the writer thread's decoders name them):
   * sent as they are rather than decoded on the thread that reads the sockets.
   */
  wire?: WireRecords;
}

/** Records as bytes, and what their decoder needs besides (structured-cloneable). */
export interface WireRecords {
  decoder: string;
  bytes: Uint8Array;
  /** The same object for many submissions (a device model's IO rules): the writer thread is sent it once. */
  shared: object;
}

/**
 * Where the device front ends hand records: the Ingestor itself, or the writer thread's client
 * that runs one in a worker (src/writer). Each promise resolves once the records are committed.
 */
export interface RecordSink {
  /** Stores records of one tractor; resolves with how many were committed (duplicates included). */
  submit(profile: TractorProfile, records: readonly IncomingRecord[] | EncodedRecords, options?: SubmitOptions): Promise<number>;
  /** Resolves when everything submitted so far is committed (or failed). */
  idle(): Promise<void>;
  /** A tractor's device connected anew: its cached state is checked before its next batch. */
  connected(tractorId: string): void;
  /** Replays the tractors whose late records have stopped coming (for `quietMs`, else the default); resolves with how many. */
  replayDue(quietMs?: number): Promise<number>;
}

/**
 * The attributes without numbers that are not finite (noted in `dropped`), −0 as 0; the same object
 * when nothing needs changing (the common case: no copy for every record).
 */
function finiteAttributes(attributes: Record<string, string | number | boolean>, dropped: string[]): Record<string, string | number | boolean> {
  let clean = true;
  for (const k in attributes) {
    const v = attributes[k];
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) {
      clean = false;
      break;
    }
  }
  if (clean) return attributes;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(attributes)) {
    if (typeof v === 'number' && !Number.isFinite(v)) dropped.push(`${k}: not a finite number`);
    else out[k] = v === 0 ? 0 : v;
  }
  return out;
}

export type LoadProcessor = (profile: TractorProfile) => Promise<TractorProcessor>;

/**
 * What each tractor's committed state is, as a short fingerprint (its tractor_state version and last
 * time), for the tractors that have one: read before a batch to tell whether another instance
 * committed for the tractor since this one cached its state.
 */
export type StateVersions = (tractorIds: readonly string[]) => Promise<Map<string, string>>;

/** The fingerprint StateVersions reports for a tractor_state row. */
export const stateFingerprint = (version: number, lastTime: number): string => `${Number(version)}|${Number(lastTime)}`;

export interface SubmitOptions {
  /**
   * Check the tractor's cached state against the database before processing (HTTP and UDP
   * submissions: any instance may have had the previous one). A TCP connection asks once, with
   * `connected()`, when its device is accepted.
   */
  verify?: boolean;
}

interface Pending {
  profile: TractorProfile;
  records: EncodedRecords;
  verify: boolean;
  resolve: (count: number) => void;
  reject: (error: unknown) => void;
}

/** Most rows a transaction writes unless the store says otherwise (IngestorOptions.maxBatchRows). */
export const MAX_BATCH_ROWS = 5000;

export interface IngestorOptions {
  /** Most rows written in one transaction. */
  maxBatchRows?: number;
  /** Records dated further ahead than this are not processed (reading-limits.ts refuses them before they are stored). */
  maxFutureMs?: number;
  /** The alert rules; without it ingestion derives usage only. */
  alerts?: AlertHook;
  /** Replays a tractor's history from a late record's day (see late-replay.ts); without it late records wait for the day rebuild. */
  replay?: ReplayLate;
  /** Late records are replayed once none have come for this long (a backlog arrives in many frames). */
  replayQuietMs?: number;
  /** Fields (or whole records) dropped as out of range, per submission. */
  onDropped?: (profile: TractorProfile, dropped: readonly string[]) => void;
  /** Records not stored because one with the same device time was (after the commit, not awaited). */
  onResent?: (rows: readonly TelemetryRow[]) => void;
  /**
   * Reads the committed state's fingerprints (several instances on one database): a tractor's cached
   * state is checked against it when its device connects anew or submits over HTTP or UDP, and
   * reloaded when another instance has committed since. Without it the cache is trusted (one process).
   */
  stateVersions?: StateVersions;
}

export type ReplayLate = (current: TractorProcessor, from: number, now: number) => Promise<{ processor: TractorProcessor; alerts: AlertRow[] } | undefined>;

/** A tractor whose late records wait to be replayed: from the oldest of them, last one received at `at` (wall clock). */
interface LateMark {
  profile: TractorProfile;
  from: number;
  at: number;
}

/**
 * Group commit: submissions from every connection wait in one queue; each flush writes as many as
 * fit in one transaction, and each submission's promise resolves only after that commit, which is
 * when the device gets its acknowledgement. While one transaction runs, the next batch gathers.
 */
export class Ingestor implements RecordSink {
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private readonly processors = new Map<string, TractorProcessor>();
  private readonly maxBatchRows: number;
  private readonly maxFutureMs: number;
  private readonly alerts: AlertHook | undefined;
  private idleWaiters: (() => void)[] = [];
  /** Replays waiting for the flush in progress to hand over. */
  private turnWaiters: (() => void)[] = [];
  private readonly late = new Map<string, LateMark>();
  private readonly replay: ReplayLate | undefined;
  private readonly replayQuietMs: number;
  private readonly onDropped: IngestorOptions['onDropped'];
  private readonly onResent: IngestorOptions['onResent'];
  private readonly stateVersions: StateVersions | undefined;
  /** Per cached tractor: the fingerprint of tractor_state its processor matches (as read, or as this instance committed it). */
  private readonly fingerprints = new Map<string, string | null>();
  /** Tractors whose device connected anew: their cached state is checked before their next batch. */
  private readonly unverified = new Set<string>();
  /** Versions this instance writes to tractor_state: Date.now(), made strictly increasing. */
  private lastVersion = 0;

  constructor(
    private readonly store: TelemetryStore,
    private readonly load: LoadProcessor,
    private readonly clock: Clock,
    options: IngestorOptions = {},
  ) {
    this.maxBatchRows = options.maxBatchRows ?? MAX_BATCH_ROWS;
    this.maxFutureMs = options.maxFutureMs ?? 10 * 60_000;
    this.alerts = options.alerts;
    this.replay = options.replay;
    this.replayQuietMs = options.replayQuietMs ?? 5_000;
    this.onDropped = options.onDropped;
    this.onResent = options.onResent;
    this.stateVersions = options.stateVersions;
  }

  /**
   * Replays the tractors whose late records have stopped coming for `quietMs`, one at a time,
   * between batches. Resolves with how many were replayed.
   */
  async replayDue(quietMs = this.replayQuietMs): Promise<number> {
    const replay = this.replay;
    if (!replay) return 0;
    const due = [...this.late.values()].filter((mark) => Date.now() - mark.at >= quietMs);
    let replayed = 0;
    for (const mark of due) {
      await this.exclusive(async () => {
        const id = mark.profile.id;
        if (this.late.get(id) !== mark) return; // more late records came: wait for them to stop
        this.late.delete(id);
        try {
          const current = this.processors.get(id) ?? (await this.load(mark.profile));
          const out = await replay(current, mark.from, this.clock.now());
          if (!out) return;
          this.processors.set(id, out.processor);
          // The replay wrote its own version: the next check reloads (once) rather than trust it.
          this.fingerprints.delete(id);
          if (out.alerts.length > 0) this.alerts?.committed(out.alerts);
          replayed++;
        } catch (error) {
          // Nothing of the replay was kept: reload the tractor's state and try again later.
          this.processors.delete(id);
          this.fingerprints.delete(id);
          if (!this.late.has(id)) this.late.set(id, { ...mark, at: Date.now() });
          throw error;
        }
      });
    }
    return replayed;
  }

  /** Stores records of one tractor; resolves with how many were committed (duplicates included). */
  submit(profile: TractorProfile, records: readonly IncomingRecord[] | EncodedRecords, options: SubmitOptions = {}): Promise<number> {
    const encoded: EncodedRecords = 'decode' in records ? records : { count: records.length, decode: () => records };
    if (encoded.count === 0) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ profile, records: encoded, verify: options.verify === true, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when everything submitted so far is committed (or failed). */
  idle(): Promise<void> {
    if (!this.flushing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops a tractor's in-memory state (it is reloaded from the database when next needed). */
  forget(tractorId: string): void {
    this.processors.delete(tractorId);
    this.fingerprints.delete(tractorId);
  }

  /**
   * A tractor's device connected (TCP, its IMEI accepted): it may have been sending to another
   * instance meanwhile, so its cached state is checked against the database before its next batch
   * (one indexed read for all the tractors of that batch; reloaded only if another instance committed).
   */
  connected(tractorId: string): void {
    if (this.stateVersions) this.unverified.add(tractorId);
  }

  /** Drops the cached state of the batch's tractors that another instance has committed for since. */
  private async verify(taken: readonly Pending[]): Promise<Set<string>> {
    const checked = new Set<string>();
    if (!this.stateVersions) return checked;
    for (const p of taken) if (p.verify || this.unverified.has(p.profile.id)) checked.add(p.profile.id);
    if (checked.size === 0) return checked;
    const ids = [...checked];
    for (const id of ids) this.unverified.delete(id);
    const versions = await this.stateVersions(ids);
    for (const id of ids) {
      const current = versions.get(id) ?? null;
      if (this.processors.has(id) && this.fingerprints.get(id) !== current) this.processors.delete(id);
      this.fingerprints.set(id, current);
    }
    return checked;
  }

  private nextVersion(): number {
    this.lastVersion = Math.max(Date.now(), this.lastVersion + 1);
    return this.lastVersion;
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      // A replay took its turn meanwhile; it schedules the next flush when it is done.
      if (!this.flushing) void this.flush();
    });
  }

  /** Runs `work` with no batch committing meanwhile (a flush in progress hands over when done). */
  private async exclusive(work: () => Promise<void>): Promise<void> {
    if (this.flushing) await new Promise<void>((resolve) => this.turnWaiters.push(resolve));
    else this.flushing = true;
    try {
      await work();
    } finally {
      this.release();
    }
  }

  /** Ends a flush or a replay: the next replay waiting takes its turn, else the queue goes on. */
  private release(): void {
    const next = this.turnWaiters.shift();
    if (next) {
      next();
      return;
    }
    this.flushing = false;
    if (this.queue.length > 0) this.schedule();
    else {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let rows = 0;
    while (this.queue.length > 0 && (batch.length === 0 || rows + (this.queue[0]?.records.count ?? 0) <= this.maxBatchRows)) {
      const next = this.queue.shift() as Pending;
      rows += next.records.count;
      batch.push(next);
    }
    return batch;
  }

  /**
   * The submissions decoded and checked into rows; one that cannot be decoded is refused and left out
   * of the batch. The decoded records are let go here: only the rows live until the commit.
   */
  private rowsOf(taken: readonly Pending[], now: number): { batch: Pending[]; rows: TelemetryRow[] } {
    const batch: Pending[] = [];
    const rows: TelemetryRow[] = [];
    for (const pending of taken) {
      let records: readonly IncomingRecord[];
      try {
        records = pending.records.decode();
      } catch (error) {
        pending.reject(error);
        continue;
      }
      batch.push(pending);
      for (const row of this.checked(pending.profile, records, now)) rows.push(row);
    }
    return { batch, rows };
  }

  /**
   * The records as rows, every number checked against its physical range (reading-limits.ts): a
   * field out of range is dropped and reported, a record whose time cannot be placed is dropped.
   */
  private checked(profile: TractorProfile, records: readonly IncomingRecord[], now: number): TelemetryRow[] {
    const rows: TelemetryRow[] = [];
    const dropped: string[] = [];
    for (const r of records) {
      const checked = checkReading(r.reading, now);
      dropped.push(...checked.dropped);
      const attributes = r.attributes && finiteAttributes(r.attributes, dropped);
      if (checked.reading)
        rows.push({ tractorId: profile.id, reading: checked.reading, receivedAt: now, attributes, fuelL: fuelLitres(checked.reading, profile.tankCapacityL) });
    }
    if (dropped.length > 0) this.onDropped?.(profile, dropped);
    return rows;
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    const taken = this.takeBatch();
    const now = this.clock.now();
    try {
      const checked = await this.verify(taken);
      for (const p of taken) {
        if (this.processors.has(p.profile.id)) continue;
        this.processors.set(p.profile.id, await this.load(p.profile));
        // Loaded without a fingerprint read just before: the next check reloads rather than trust it.
        if (!checked.has(p.profile.id)) this.fingerprints.delete(p.profile.id);
      }
      await this.alerts?.prepare(taken.map((p) => p.profile.id));
      // Decoded only now, after this flush's own awaits: the records live until the commit, not longer.
      const { batch, rows } = this.rowsOf(taken, now);
      const { derived, fresh } = await this.commit(batch, rows, now);
      const { alerts, late, states } = derived;
      for (const s of states) if (s.version !== undefined) this.fingerprints.set(s.tractorId, stateFingerprint(s.version, s.lastTime));
      for (const mark of late) {
        const known = this.late.get(mark.profile.id);
        this.late.set(mark.profile.id, { ...mark, from: Math.min(mark.from, known?.from ?? mark.from) });
      }
      for (const p of batch) p.resolve(p.records.count);
      if (alerts.length > 0) this.alerts?.committed(alerts);
      if (fresh.length < rows.length) {
        const freshRows = new Set(fresh);
        this.onResent?.(rows.filter((row) => !freshRows.has(row)));
      }
    } catch (error) {
      // Nothing of the batch was kept: forget what the processors computed, and let the devices resend.
      // (A submission already refused for its encoding is not affected by a second reject.)
      for (const p of taken) {
        this.processors.delete(p.profile.id);
        this.fingerprints.delete(p.profile.id);
        p.reject(error);
      }
    } finally {
      this.release();
    }
  }

  /**
   * Writes the rows and what the processors derive from the new ones. When every row is newer than
   * its tractor's last processed reading (the steady stream), they are derived before the transaction
   * and the write lock is held only for the SQL (the main thread's writes wait for it); the
   * transaction checks that each row was indeed new. A late or resent row, or that check failing,
   * takes the exact way: the store reports which rows were new and they are derived inside.
   */
  private async commit(
    batch: readonly Pending[],
    rows: readonly TelemetryRow[],
    now: number,
  ): Promise<{ derived: Derived & { late: LateMark[] }; fresh: readonly TelemetryRow[] }> {
    if (this.store.commitNew && this.allNewer(rows)) {
      const derived = this.derive(batch, rows, now);
      if (await this.store.commitNew(rows, derived)) return { derived, fresh: rows };
      // A row was stored before after all: what the processors computed counted it. Start them again.
      for (const p of batch) {
        this.processors.set(p.profile.id, await this.load(p.profile));
        this.fingerprints.delete(p.profile.id);
      }
    }
    let result: { derived: Derived & { late: LateMark[] }; fresh: readonly TelemetryRow[] } | undefined;
    await this.store.commit(rows, (fresh) => {
      const derived = this.derive(batch, fresh, now);
      result = { derived, fresh };
      return derived;
    });
    if (!result) throw new Error('the store committed without deriving');
    return result;
  }

  /** Whether every row is newer than its tractor's last processed reading and the rows before it in the batch. */
  private allNewer(rows: readonly TelemetryRow[]): boolean {
    const newest = new Map<string, number>();
    for (const row of rows) {
      const after = newest.get(row.tractorId) ?? this.processors.get(row.tractorId)?.last?.time ?? Number.NEGATIVE_INFINITY;
      if (!(row.reading.time > after)) return false;
      newest.set(row.tractorId, row.reading.time);
    }
    return true;
  }

  private derive(batch: readonly Pending[], fresh: readonly TelemetryRow[], now: number): Derived & { late: LateMark[] } {
    const byTractor = new Map<string, Reading[]>();
    for (const row of fresh) {
      if (row.reading.time > now + this.maxFutureMs) continue;
      const list = byTractor.get(row.tractorId) ?? [];
      list.push(row.reading);
      byTractor.set(row.tractorId, list);
    }
    const derived: Derived & { late: LateMark[] } = { hours: [], states: [], dirtyDays: [], alerts: [], refuels: [], late: [] };
    const seen = new Set(batch.map((p) => p.profile.id));
    for (const tractorId of seen) {
      const processor = this.processors.get(tractorId) as TractorProcessor;
      const readings = (byTractor.get(tractorId) ?? []).sort((a, b) => a.time - b.time);
      const result = processor.process(readings);
      for (const [hourStart, totals] of result.hours) derived.hours.push({ tractorId, hourStart, totals: totals as UsageTotals });
      for (const dayStart of result.lateDays) derived.dirtyDays.push({ tractorId, dayStart });
      if (result.lateFrom !== undefined) derived.late.push({ profile: processor.profile, from: result.lateFrom, at: Date.now() });
      for (const r of result.refuels) derived.refuels.push({ tractorId, ...r });
      for (const a of result.alerts) derived.alerts.push({ id: alertId(now), tractorId, ...a, createdAt: now });
      if (!processor.last) continue;
      derived.states.push({
        tractorId,
        lastTime: processor.last.time,
        lastSeenAt: now,
        lastReading: JSON.stringify(processor.last),
        lastFix: processor.state.lastFix ? JSON.stringify(processor.state.lastFix) : null,
        processor: processor.serialize(),
        ...(this.stateVersions ? { version: this.nextVersion() } : {}),
      });
    }
    return derived;
  }
}
