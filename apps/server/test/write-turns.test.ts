import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { asMainWrite, mainWriteCounter, mainWriteTurn, writerGone, writerTurn } from '../src/db/write-turns';
import { type DbTarget, dbTargets } from './support/db-targets';

/** Runs `test` on a fresh SQLite database of the test targets. */
async function onSqlite(test: (database: Awaited<ReturnType<DbTarget['open']>>) => Promise<void>): Promise<void> {
  const sqlite = dbTargets.find((t) => t.name === 'sqlite');
  if (!sqlite) throw new Error('no SQLite target');
  const database = await sqlite.open();
  try {
    await test(database);
  } finally {
    await database.dispose();
  }
}

describe('SQLite write turns between the main thread and the writer thread', () => {
  it("the writer's turn waits while a main-thread write is in progress, and comes once it is done", async () => {
    const cells = new Int32Array(mainWriteCounter());
    let release: (() => void) | undefined;
    // A main-thread write holding the count.
    Atomics.add(cells, 0, 1);
    const waiting = writerTurn(mainWriteCounter()).then((done) => {
      release = done;
    });
    // Several of the writer's 1 ms looks go by without a turn, and its mark is not left set meanwhile.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(release).toBeUndefined();
    expect(Atomics.load(cells, 1)).toBe(0);
    Atomics.sub(cells, 0, 1);
    await waiting;
    // The turn is marked as taken until its transaction ends.
    expect(Atomics.load(cells, 1)).toBe(1);
    release?.();
    expect(Atomics.load(cells, 1)).toBe(0);
  });

  it("a writer thread that died inside its transaction leaves no mark for the main thread's writes to wait on", async () => {
    await writerTurn(mainWriteCounter());
    expect(Atomics.load(new Int32Array(mainWriteCounter()), 1)).toBe(1);
    writerGone(mainWriteCounter());
    expect(Atomics.load(new Int32Array(mainWriteCounter()), 1)).toBe(0);
    const started = Date.now();
    asMainWrite(() => undefined);
    await mainWriteTurn(async () => undefined);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("a main-thread write waits for the writer's transaction in progress and goes the moment it ends", async () => {
    // The writer thread holds its turn for 200 ms, then notes the time and lets go.
    const releasedAt = new Float64Array(new SharedArrayBuffer(8));
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const cells = new Int32Array(workerData.cells);
       const releasedAt = new Float64Array(workerData.releasedAt);
       Atomics.store(cells, 1, 1);
       parentPort.postMessage('taken');
       setTimeout(() => { releasedAt[0] = Date.now(); Atomics.store(cells, 1, 0); Atomics.notify(cells, 1); }, 200);`,
      { eval: true, workerData: { cells: mainWriteCounter(), releasedAt: releasedAt.buffer } },
    );
    try {
      await new Promise((resolve) => worker.once('message', resolve));
      const ranAt = asMainWrite(() => Date.now());
      // Not before the writer let go; woken by it, not after the longest wait.
      expect(releasedAt[0]).toBeGreaterThan(0);
      expect(ranAt).toBeGreaterThanOrEqual(releasedAt[0] as number);
      expect(ranAt - (releasedAt[0] as number)).toBeLessThan(1000);
      expect(Atomics.load(new Int32Array(mainWriteCounter()), 0)).toBe(0);
    } finally {
      await worker.terminate();
    }
  });

  it("a background job's write waiting for the writer's transaction holds no request", () =>
    onSqlite(async (database) => {
      // The writer thread's transaction is under way (its turn taken, as worker.ts does).
      const release = await writerTurn(mainWriteCounter());
      let written = false;
      const write = mainWriteTurn(() => database.db.kysely.insertInto('app_settings').values({ key: 'waits', value: 'x' }).execute()).then(() => {
        written = true;
      });
      // Meanwhile the thread goes on: a read is answered and a timer fires, the write still waiting.
      const read = await database.db.kysely.selectFrom('app_settings').select('key').execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(read).toBeDefined();
      expect(written).toBe(false);
      // Counted all along, so the writer would start no new transaction.
      expect(Atomics.load(new Int32Array(mainWriteCounter()), 0)).toBe(1);
      release();
      await write;
      expect(written).toBe(true);
      expect(Atomics.load(new Int32Array(mainWriteCounter()), 0)).toBe(0);
    }));

  it('a statement that writes counts as a main-thread write while it runs; a read does not', () =>
    onSqlite(async (database) => {
      const counter = new Int32Array(mainWriteCounter());
      const seen: number[] = [];
      // A user-defined SQL function runs inside the statement: it sees the count of that moment.
      database.db.sqlite?.function('count_now', () => (seen.push(Atomics.load(counter, 0)), 1));
      await database.db.kysely
        .insertInto('app_settings')
        .values({ key: 'turns', value: 'x' })
        .returning((eb) => eb.fn<number>('count_now').as('n'))
        .execute();
      await database.db.kysely
        .selectFrom('app_settings')
        .select((eb) => eb.fn<number>('count_now').as('n'))
        .execute();
      expect(seen).toEqual([1, 0]);
      expect(Atomics.load(counter, 0)).toBe(0);
    }));
});
