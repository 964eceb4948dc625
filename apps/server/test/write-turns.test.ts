import { describe, expect, it } from 'vitest';
import { mainWriteCounter, mainWritesDone } from '../src/db/write-turns';
import { dbTargets } from './support/db-targets';

describe('SQLite write turns between the main thread and the writer thread', () => {
  it("the writer's turn waits while a main-thread write is in progress, and comes once it is done", async () => {
    const counter = new Int32Array(mainWriteCounter());
    let turn = false;
    // A main-thread write holding the count (as one blocked in SQLite's busy handler does).
    Atomics.add(counter, 0, 1);
    const waiting = mainWritesDone(mainWriteCounter()).then(() => {
      turn = true;
    });
    // Several of the writer's 1 ms looks go by without a turn.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(turn).toBe(false);
    Atomics.sub(counter, 0, 1);
    await waiting;
    expect(turn).toBe(true);
  });

  it('a statement that writes counts as a main-thread write while it runs; a read does not', async () => {
    const sqlite = dbTargets.find((t) => t.name === 'sqlite');
    if (!sqlite) throw new Error('no SQLite target');
    const database = await sqlite.open();
    try {
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
    } finally {
      await database.dispose();
    }
  });
});
