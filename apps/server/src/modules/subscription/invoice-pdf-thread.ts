import type { Worker } from 'node:worker_threads';
import type { LanguageCode } from '@tractorlink/domain/languages';
import type { InvoiceView } from '@tractorlink/domain/subscription-api';
import { spawnWorker } from '../../threads/spawn';
import type { InvoicePdfRenderer } from './invoice-document';

export type ToPdfThread = { id: number; t: 'warm-up' } | { id: number; t: 'render'; invoice: InvoiceView; language: LanguageCode };
export type FromPdfThread = { id: number; pdf?: Uint8Array; error?: string };

/** A render that has not come back in this long is a stuck thread: it is ended, the next render starts another. */
const RENDER_TIMEOUT_MS = 30_000;
/**
 * A thread that dies after living this long is replaced at once, fonts decoded, so the next owner
 * does not wait for a cold start (365–412 ms against ~30 ms warm). One that dies sooner is left for the
 * next render to restart: a thread that cannot start must not loop.
 */
const RESTART_AHEAD_AFTER_MS = 60_000;

interface Waiting {
  resolve(pdf: Uint8Array | undefined): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Invoice PDFs rendered on a thread of their own (invoice-pdf-worker.ts), started on the first
 * render or warm-up and kept for the next. A thread that dies or sticks fails what it had in hand
 * (the owner taps Download again) and the next render starts a new one.
 */
export class InvoicePdfThread {
  private worker: Worker | undefined;
  private nextId = 1;
  /** Whether the thread runs the TypeScript source (tests, tools) or the bundle's invoice-pdf.mjs (`npm start`). */
  private readonly fromSource: boolean;

  private readonly restartAheadAfterMs: number;

  private readonly waiting = new Map<number, Waiting>();
  private closed = false;

  /**
   * `bundle: true` runs the bundle's thread from anywhere: the bench measures what `npm start` runs.
   * `restartAheadAfterMs`: how long a thread must have lived for its death to start the next one at once.
   */
  constructor({ bundle = false, restartAheadAfterMs = RESTART_AHEAD_AFTER_MS }: { bundle?: boolean; restartAheadAfterMs?: number } = {}) {
    this.fromSource = !bundle && import.meta.url.endsWith('.ts');
    this.restartAheadAfterMs = restartAheadAfterMs;
  }

  /** The renderer the invoice route calls. */
  readonly render: InvoicePdfRenderer = async (invoice, language) => {
    const pdf = await this.ask({ t: 'render', invoice, language });
    if (!pdf) throw new Error('the invoice PDF thread answered without a PDF');
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  };

  /** Starts the thread and decodes the fonts, so the first owner to open an invoice does not wait for them. */
  async warmUp(): Promise<void> {
    await this.ask({ t: 'warm-up' });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the server is closing'));
    await worker?.terminate();
  }

  private ask(message: { t: 'warm-up' } | { t: 'render'; invoice: InvoiceView; language: LanguageCode }): Promise<Uint8Array | undefined> {
    if (this.closed) return Promise.reject(new Error('the server is closing'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failAll(new Error(`no invoice PDF within ${RENDER_TIMEOUT_MS / 1000} s`));
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      }, RENDER_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, ...message } satisfies ToPdfThread);
    });
  }

  private start(): Worker {
    const worker = spawnWorker(this.entry(), this.fromSource, {});
    const startedAt = Date.now();
    // The HTTP server keeps the process alive; an idle PDF thread must not.
    worker.unref();
    worker.on('message', (m: FromPdfThread) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      clearTimeout(w.timer);
      if (m.error === undefined) w.resolve(m.pdf);
      else w.reject(new Error(m.error));
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(new Error('the invoice PDF thread stopped'));
      if (!this.closed && Date.now() - startedAt >= this.restartAheadAfterMs) this.warmUp().catch(() => undefined);
    });
    this.worker = worker;
    return worker;
  }

  /** In the bundle this module is dist/server.mjs, beside dist/invoice-pdf.mjs; from source, dist is three folders up. */
  private entry() {
    const fromBundle = !import.meta.url.endsWith('.ts');
    return {
      bundled: new URL(fromBundle ? './invoice-pdf.mjs' : '../../../dist/invoice-pdf.mjs', import.meta.url),
      source: new URL('./invoice-pdf-worker.ts', import.meta.url),
    };
  }

  private failAll(error: Error): void {
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(error);
    }
    this.waiting.clear();
  }
}
