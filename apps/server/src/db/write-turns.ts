import { isMainThread } from 'node:worker_threads';

/**
 * One SQLite file, two writers: the main thread (HTTP: logins, settings, the alert outbox, caches)
 * and the ingestion writer thread (src/writer), each with a connection of its own. SQLite lets one
 * write at a time, and a writer that finds the file locked sleeps in its busy handler — on the main
 * thread that stops every request — while the writer thread, committing batch after batch, keeps
 * winning the lock. So the main thread counts its write statements in progress here, in memory both
 * threads see, and the writer thread starts no transaction while the count is above zero: a
 * main-thread write waits for one batch at most.
 */
const mainWrites = new Int32Array(new SharedArrayBuffer(4));

/** The counter to hand to the writer thread (workerData). */
export const mainWriteCounter = (): SharedArrayBuffer => mainWrites.buffer as SharedArrayBuffer;

/** Runs a write statement on the main thread counted (on any other thread it just runs). */
export function asMainWrite<T>(write: () => T): T {
  if (!isMainThread) return write();
  Atomics.add(mainWrites, 0, 1);
  try {
    return write();
  } finally {
    Atomics.sub(mainWrites, 0, 1);
  }
}

/** On the writer thread, before a transaction: resolves once no main-thread write is waiting or running. */
export async function mainWritesDone(counter: SharedArrayBuffer | undefined): Promise<void> {
  if (!counter) return;
  const count = new Int32Array(counter);
  while (Atomics.load(count, 0) > 0) await new Promise((resolve) => setTimeout(resolve, 1));
}
