import { isMainThread } from 'node:worker_threads';

/**
 * One SQLite file, two writers: the main thread (HTTP: logins, settings, the alert outbox, caches)
 * and the ingestion writer thread (src/writer), each with a connection of its own. SQLite lets one
 * write at a time, and a writer that finds the file locked sleeps in its busy handler — on the main
 * thread that stops every request, in steps that grow to 100 ms and overshoot the lock's release —
 * while the writer thread, committing batch after batch, keeps winning the lock. So the two take
 * turns here, in memory both threads see:
 * - the main thread counts its write statements in progress, and the writer thread starts no
 *   transaction while the count is above zero (a main-thread write waits for one batch at most);
 * - the writer thread marks the transaction it runs, and a main-thread write that finds it marked
 *   waits on that mark (Atomics.wait), woken the moment the transaction ends, never in SQLite's sleeps.
 * Each side sets its own cell before reading the other's, so the two never write at once.
 */
const MAIN_WRITES = 0;
const WRITER_BUSY = 1;
const cells = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/** The shared cells to hand to the writer thread (workerData). */
export const mainWriteCounter = (): SharedArrayBuffer => cells.buffer as SharedArrayBuffer;

/** The longest a main-thread write waits on the writer's mark before trying anyway (SQLite's busy timeout then applies). */
const MAX_WAIT_MS = 5_000;

/** Runs a write statement on the main thread counted, after the writer thread's transaction in progress (on any other thread it just runs). */
export function asMainWrite<T>(write: () => T): T {
  if (!isMainThread) return write();
  Atomics.add(cells, MAIN_WRITES, 1);
  try {
    const until = performance.now() + MAX_WAIT_MS;
    while (Atomics.load(cells, WRITER_BUSY) === 1 && performance.now() < until) Atomics.wait(cells, WRITER_BUSY, 1, MAX_WAIT_MS);
    return write();
  } finally {
    Atomics.sub(cells, MAIN_WRITES, 1);
  }
}

// Node has had Atomics.waitAsync since 16; TypeScript's ES2023 library does not declare it yet.
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/**
 * asMainWrite for work that can wait without holding the thread (a background job's writes): counted
 * at once, so the writer thread starts no new transaction, and run once the one under way has ended,
 * while the thread serves requests meanwhile. asMainWrite's wait blocks the thread — needed where a
 * statement runs inside Kysely's one SQLite connection, whose other users would queue behind an async
 * wait anyway — so a job that wrote in the middle of a burst held every request for up to a
 * transaction's time, its commit's fsync included: the alert outbox's claims were most of the home
 * screen's p99. (On any other thread, and on PostgreSQL, where no transaction is marked, it just runs.)
 */
export async function mainWriteTurn<T>(write: () => Promise<T>): Promise<T> {
  if (!isMainThread) return write();
  Atomics.add(cells, MAIN_WRITES, 1);
  try {
    const until = performance.now() + MAX_WAIT_MS;
    for (let left = MAX_WAIT_MS; Atomics.load(cells, WRITER_BUSY) === 1 && left > 0; left = until - performance.now()) {
      const waiting = waitAsync(cells, WRITER_BUSY, 1, left);
      if (waiting.async) await waiting.value;
    }
    return await write();
  } finally {
    Atomics.sub(cells, MAIN_WRITES, 1);
  }
}

/**
 * On the writer thread, before a transaction: resolves once no main-thread write is waiting or
 * running, with the transaction marked as under way; call the result when it has ended.
 */
export async function writerTurn(shared: SharedArrayBuffer | undefined): Promise<() => void> {
  if (!shared) return () => undefined;
  const turns = new Int32Array(shared);
  const release = () => {
    Atomics.store(turns, WRITER_BUSY, 0);
    Atomics.notify(turns, WRITER_BUSY);
  };
  for (;;) {
    Atomics.store(turns, WRITER_BUSY, 1);
    if (Atomics.load(turns, MAIN_WRITES) === 0) return release;
    release();
    while (Atomics.load(turns, MAIN_WRITES) > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * On the main thread, when the writer thread has died: its mark is cleared, in case it died inside a
 * transaction (the database rolled that back), so main-thread writes do not wait on it any longer.
 */
export function writerGone(shared: SharedArrayBuffer | undefined): void {
  if (!shared) return;
  const turns = new Int32Array(shared);
  Atomics.store(turns, WRITER_BUSY, 0);
  Atomics.notify(turns, WRITER_BUSY);
}
