import type { Reading } from '@tractorlink/domain/telemetry';
import type { UsageTotals } from '@tractorlink/domain/usage';
import type { Clock } from '../../clock';
import { alertId } from '../alerts/alert-id';
import type { AlertHook } from './alert-hook';
import { fuelLitres, type TractorProcessor, type TractorProfile } from './processor';
import type { AlertRow, Derived, TelemetryRow } from './rows';
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
}

/** What is known of a tractor when it is first seen after a start: its saved state and today's coverage. */
export type LoadProcessor = (profile: TractorProfile) => Promise<TractorProcessor>;

interface Pending {
  profile: TractorProfile;
  records: EncodedRecords;
  resolve: (count: number) => void;
  reject: (error: unknown) => void;
}

export interface IngestorOptions {
  /** Most rows written in one transaction. */
  maxBatchRows?: number;
  /** Records dated further ahead than this are stored but not processed (a device clock gone wrong). */
  maxFutureMs?: number;
  /** The alert rules; without it ingestion derives usage only. */
  alerts?: AlertHook;
}

/**
 * Group commit: submissions from every connection wait in one queue; each flush writes as many as
 * fit in one transaction, and each submission's promise resolves only after that commit, which is
 * when the device gets its acknowledgement. While one transaction runs, the next batch gathers.
 */
export class Ingestor {
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private readonly processors = new Map<string, TractorProcessor>();
  private readonly maxBatchRows: number;
  private readonly maxFutureMs: number;
  private readonly alerts: AlertHook | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: TelemetryStore,
    private readonly load: LoadProcessor,
    private readonly clock: Clock,
    options: IngestorOptions = {},
  ) {
    this.maxBatchRows = options.maxBatchRows ?? 5000;
    this.maxFutureMs = options.maxFutureMs ?? 10 * 60_000;
    this.alerts = options.alerts;
  }

  /** Stores records of one tractor; resolves with how many were committed (duplicates included). */
  submit(profile: TractorProfile, records: readonly IncomingRecord[] | EncodedRecords): Promise<number> {
    const encoded: EncodedRecords = 'decode' in records ? records : { count: records.length, decode: () => records };
    if (encoded.count === 0) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ profile, records: encoded, resolve, reject });
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
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
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

  /** Each submission's records; one that cannot be decoded is refused and left out of the batch. */
  private static decoded(batch: readonly Pending[]): { pending: Pending; records: readonly IncomingRecord[] }[] {
    const out: { pending: Pending; records: readonly IncomingRecord[] }[] = [];
    for (const pending of batch) {
      try {
        out.push({ pending, records: pending.records.decode() });
      } catch (error) {
        pending.reject(error);
      }
    }
    return out;
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    const taken = this.takeBatch();
    const now = this.clock.now();
    try {
      for (const p of taken) {
        if (!this.processors.has(p.profile.id)) this.processors.set(p.profile.id, await this.load(p.profile));
      }
      await this.alerts?.prepare(taken.map((p) => p.profile.id));
      // Decoded only now, after this flush's own awaits: the records live until the commit, not longer.
      const submissions = Ingestor.decoded(taken);
      const batch = submissions.map((s) => s.pending);
      const rows: TelemetryRow[] = submissions.flatMap(({ pending: p, records }) =>
        records.map((r) => ({ tractorId: p.profile.id, reading: r.reading, receivedAt: now, attributes: r.attributes, fuelL: fuelLitres(r.reading, p.profile.tankCapacityL) })),
      );
      let alerts: AlertRow[] = [];
      await this.store.commit(rows, (fresh) => {
        const derived = this.derive(batch, fresh, now);
        alerts = derived.alerts;
        return derived;
      });
      for (const p of batch) p.resolve(p.records.count);
      if (alerts.length > 0) this.alerts?.committed(alerts);
    } catch (error) {
      // Nothing of the batch was kept: forget what the processors computed, and let the devices resend.
      // (A submission already refused for its encoding is not affected by a second reject.)
      for (const p of taken) {
        this.processors.delete(p.profile.id);
        p.reject(error);
      }
    } finally {
      this.flushing = false;
      if (this.queue.length > 0) this.schedule();
      else {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const w of waiters) w();
      }
    }
  }

  private derive(batch: readonly Pending[], fresh: readonly TelemetryRow[], now: number): Derived {
    const byTractor = new Map<string, Reading[]>();
    for (const row of fresh) {
      if (row.reading.time > now + this.maxFutureMs) continue;
      const list = byTractor.get(row.tractorId) ?? [];
      list.push(row.reading);
      byTractor.set(row.tractorId, list);
    }
    const derived: Derived = { hours: [], states: [], dirtyDays: [], alerts: [] };
    const seen = new Set(batch.map((p) => p.profile.id));
    for (const tractorId of seen) {
      const processor = this.processors.get(tractorId) as TractorProcessor;
      const readings = (byTractor.get(tractorId) ?? []).sort((a, b) => a.time - b.time);
      const result = processor.process(readings);
      for (const [hourStart, totals] of result.hours) derived.hours.push({ tractorId, hourStart, totals: totals as UsageTotals });
      for (const dayStart of result.lateDays) derived.dirtyDays.push({ tractorId, dayStart });
      for (const a of result.alerts) derived.alerts.push({ id: alertId(now), tractorId, ...a, createdAt: now });
      if (!processor.last) continue;
      derived.states.push({
        tractorId,
        lastTime: processor.last.time,
        lastSeenAt: now,
        lastReading: JSON.stringify(processor.last),
        lastFix: processor.state.lastFix ? JSON.stringify(processor.state.lastFix) : null,
        processor: processor.serialize(),
      });
    }
    return derived;
  }
}
