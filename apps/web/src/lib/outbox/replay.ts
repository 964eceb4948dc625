import { ApiError } from '../api-error';
import { nextToSend } from './queue';
import type { IdMap } from './queue';
import type { OutboxEntry, Refusal, WriteMethod } from './types';

/** What one send came to. */
export type SendOutcome = { kind: 'applied'; body: unknown } | { kind: 'refused'; refusal: Refusal } | { kind: 'retry'; why: 'network' | 'server' };

/**
 * A failed send, judged: no answer, a server fault, too many requests, the key still in progress
 * or a session being renewed are passing (retry later, order kept); a DELETE of what is already gone
 * did what it meant to; any other 4xx is the server's refusal of this write.
 */
export function outcomeOfError(error: unknown, method: WriteMethod): SendOutcome {
  if (!(error instanceof ApiError) || error.isNetwork) return { kind: 'retry', why: 'network' };
  const { status, code } = error;
  if (status >= 500 || status === 401 || status === 408 || status === 429 || code === 'IDEMPOTENCY_KEY_IN_PROGRESS') return { kind: 'retry', why: 'server' };
  if (method === 'DELETE' && status === 404) return { kind: 'applied', body: null };
  return {
    kind: 'refused',
    refusal: { status, code, message: error.message, ...(error.details?.length ? { details: error.details } : {}) },
  };
}

export interface ReplayDeps {
  /** The entries now, in order (the callbacks below change them). */
  entries(): readonly OutboxEntry[];
  ids(): IdMap;
  /** Counts the try on the entry (kept) before it leaves: a reload mid-send must know it may have arrived. */
  attempted(entry: OutboxEntry): void;
  send(entry: OutboxEntry): Promise<SendOutcome>;
  applied(entry: OutboxEntry, body: unknown): void;
  refused(entry: OutboxEntry, refusal: Refusal): void;
}

/**
 * Sends the queue in order, one write at a time, until nothing is left to send ('done': empty, or
 * only refused entries and those waiting on them) or a send must be tried again later ('retry': the
 * queue stops there so the order holds).
 */
export async function replay(deps: ReplayDeps): Promise<'done' | 'retry'> {
  for (;;) {
    const entry = nextToSend(deps.entries(), deps.ids());
    if (!entry) return 'done';
    deps.attempted(entry);
    let outcome: SendOutcome;
    try {
      outcome = await deps.send(entry);
    } catch (error) {
      outcome = outcomeOfError(error, entry.method);
    }
    if (outcome.kind === 'retry') return 'retry';
    if (outcome.kind === 'applied') deps.applied(entry, outcome.body);
    else deps.refused(entry, outcome.refusal);
  }
}

/** Waits before the next try after a passing failure: 5 s, 15 s, 30 s, 1 min, 2 min, then every 5 min. */
export function retryDelayMs(failures: number): number {
  const steps = [5_000, 15_000, 30_000, 60_000, 120_000];
  return steps[Math.max(1, failures) - 1] ?? 300_000;
}
