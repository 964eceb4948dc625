import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { writerGone } from '../db/write-turns';
import { spawnWorker } from '../threads/spawn';
import { DecodeError } from '../devices/teltonika/codec';
import type { EncodedRecords, IncomingRecord, RecordSink, SubmitOptions } from '../modules/telemetry/ingestor';
import type { DeviceLog } from '../modules/telemetry/pipeline';
import type { TractorProfile } from '../modules/telemetry/processor';
import type { FromWriter, ToWriter, WriterSettings } from './protocol';

/** A writer thread that died is started again after this long (records meanwhile are refused: devices resend). */
const RESTART_AFTER_MS = 1_000;

interface Waiting {
  resolve(value: number): void;
  reject(error: unknown): void;
}

/** The writer's code: dist/ingest-writer.mjs in the bundle, worker.ts from source (threads/spawn.ts). */
function newWorker(settings: WriterSettings): Worker {
  const options = { workerData: settings, resourceLimits: { maxYoungGenerationSizeMb: 3 * WRITER_SEMI_SPACE_MB } };
  const entry = { bundled: new URL('./ingest-writer.mjs', import.meta.url), source: new URL('./worker.ts', import.meta.url) };
  return withWriterHeap(() => spawnWorker(entry, import.meta.url.endsWith('.ts'), options));
}

/**
 * The writer's young generation, per semi-space: it allocates for every record and keeps a batch's
 * rows alive until the commit, which with 4 MB semi-spaces copied and promoted them scavenge after
 * scavenge (635 scavenges, 0.85 s of a 192k-record burst; 77 and 0.34 s with 32 MB).
 */
const WRITER_SEMI_SPACE_MB = 32;

/**
 * V8 sizes a new isolate's young generation from --max-semi-space-size when the process was started
 * with it (SERVER_NODE_FLAGS: 4 MB, for the main thread's memory) and then ignores the worker's
 * resourceLimits; so the flag is raised while the writer's isolate is made and put back once it runs.
 */
function withWriterHeap(create: () => Worker): Worker {
  const own = /--max-semi-space-size=(\d+)/.exec(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)?.[1];
  if (own === undefined) return create();
  setFlagsFromString(`--max-semi-space-size=${WRITER_SEMI_SPACE_MB}`);
  let worker: Worker;
  try {
    worker = create();
  } catch (error) {
    setFlagsFromString(`--max-semi-space-size=${own}`);
    throw error;
  }
  const restore = () => setFlagsFromString(`--max-semi-space-size=${own}`);
  worker.once('online', restore);
  worker.once('exit', restore);
  return worker;
}

/**
 * Ingestion on a thread of its own (INGEST_WRITER=thread): this side, on the thread that serves HTTP
 * and the device sockets, hands each submission over (a Teltonika frame as its checked bytes, to be
 * decoded there) and resolves it when the writer reports its commit, which is when the device gets
 * its acknowledgement. The writer owns its own database connection (SQLite's WAL lets the readers
 * here go on meanwhile). If the thread dies, what it had not committed is refused (the devices
 * resend, nothing acknowledged is lost) and a new one starts.
 */
export class WriterThread implements RecordSink {
  private worker!: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Decoder contexts already sent to the current worker, by identity. */
  private sharedIds = new WeakMap<object, number>();
  private closing = false;
  /** False between a thread's death and its successor's start: submissions are refused at once. */
  private alive = false;
  private alertsListener: () => void = () => undefined;

  constructor(
    private readonly settings: WriterSettings,
    private readonly log: DeviceLog & { error(obj: object, msg: string): void },
  ) {
    this.start();
  }

  /** Called after each commit that wrote alerts (the delivery worker's wake-up). */
  onAlerts(listener: () => void): void {
    this.alertsListener = listener;
  }

  submit(profile: TractorProfile, records: readonly IncomingRecord[] | EncodedRecords, options: SubmitOptions = {}): Promise<number> {
    const encoded = 'decode' in records ? records : undefined;
    const count = encoded ? encoded.count : (records as readonly IncomingRecord[]).length;
    if (count === 0) return Promise.resolve(0);
    const verify = options.verify === true;
    const wire = encoded?.wire;
    let list: readonly IncomingRecord[] = [];
    if (!wire) {
      try {
        list = encoded ? encoded.decode() : (records as readonly IncomingRecord[]);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (!this.alive) return Promise.reject(new Error('the ingestion writer thread is restarting'));
    const id = this.nextId++;
    const done = new Promise<number>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (wire) {
      // Only the frame's own bytes, in a buffer of their own handed over without a copy.
      const bytes = new Uint8Array(wire.bytes);
      this.post({ t: 'submit-wire', id, profile, verify, count, decoder: wire.decoder, bytes, shared: this.sharedId(wire.shared) }, [bytes.buffer]);
    } else {
      this.post({ t: 'submit', id, profile, verify, records: list });
    }
    return done;
  }

  connected(tractorId: string): void {
    this.post({ t: 'connected', tractorId });
  }

  /** The owner's alert settings (or service record) of a tractor changed. */
  settingsChanged(tractorId: string): void {
    this.post({ t: 'settings-changed', tractorId });
  }

  geofencesChanged(tractorIds: Iterable<string>): void {
    this.post({ t: 'geofences-changed', tractorIds: [...tractorIds] });
  }

  async idle(): Promise<void> {
    await this.call({ call: 'idle' });
  }

  replayDue(quietMs?: number): Promise<number> {
    return this.call({ call: 'replayDue', quietMs });
  }

  /** Lets what was submitted commit, closes the writer's database connection and ends the thread. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    try {
      await this.call({ call: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  private call(call: { call: 'idle' | 'close' } | { call: 'replayDue'; quietMs: number | undefined }): Promise<number> {
    if (!this.alive) return Promise.resolve(0); // nothing is in flight while there is no thread
    const id = this.nextId++;
    const answer = new Promise<number>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.post({ t: 'call', id, ...call });
    return answer;
  }

  private sharedId(value: object): number {
    let id = this.sharedIds.get(value);
    if (id === undefined) {
      id = this.nextId++;
      this.sharedIds.set(value, id);
      this.post({ t: 'shared', shared: id, value });
    }
    return id;
  }

  private post(message: ToWriter, transfer: ArrayBuffer[] = []): void {
    if (this.alive) this.worker.postMessage(message, transfer);
  }

  private start(): void {
    const worker = newWorker(this.settings);
    // The HTTP server keeps the process alive; a writer left behind by a failed start must not.
    worker.unref();
    worker.on('message', (m: FromWriter) => this.receive(m));
    worker.on('error', (err) => this.log.error({ err }, 'ingestion writer thread failed'));
    worker.on('exit', (code) => this.stopped(worker, code));
    this.worker = worker;
    this.alive = true;
    this.sharedIds = new WeakMap();
  }

  private stopped(worker: Worker, code: number): void {
    if (worker !== this.worker) return;
    this.alive = false;
    writerGone(this.settings.mainWrites);
    // Nothing it had not reported as committed was acknowledged: refused, the devices resend.
    const lost = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of lost) w.reject(new Error('the ingestion writer thread stopped'));
    if (this.closing) return;
    this.log.error({ code, refused: lost.length }, 'ingestion writer thread stopped; starting another');
    const timer = setTimeout(() => {
      if (!this.closing) this.start();
    }, RESTART_AFTER_MS);
    timer.unref();
  }

  private settle(id: number, settle: (w: Waiting) => void): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    settle(w);
  }

  private receive(m: FromWriter): void {
    switch (m.t) {
      case 'committed':
        for (const [id, count] of m.results) this.settle(id, (w) => w.resolve(count));
        break;
      case 'refused':
        this.settle(m.id, (w) => w.reject(m.code ? new DecodeError(m.code as DecodeError['code'], m.message) : new Error(m.message)));
        break;
      case 'answer':
        this.settle(m.id, (w) => (m.error === undefined ? w.resolve(m.value) : w.reject(new Error(m.error))));
        break;
      case 'alerts':
        this.alertsListener();
        break;
      case 'log':
        this.log[m.level](m.obj, m.msg);
        break;
    }
  }
}
