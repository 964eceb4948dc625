import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseLease, takeLease } from '../src/db/lease';
import { dbTargets, type TestDatabase } from './support/db-targets';

describe.each(dbTargets)('leases on $name', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.dispose());
  beforeEach(async () => database.reset());

  it('goes to exactly one of several instances asking at once', async () => {
    const holders = Array.from({ length: 8 }, (_, i) => `instance-${i}`);
    const results = await Promise.all(holders.map((h) => takeLease(database.db.kysely, 'job', h, 30_000, 1_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('is renewed by its holder, refused to others until it runs out, then taken over', async () => {
    const db = database.db.kysely;
    expect(await takeLease(db, 'job', 'a', 30_000, 1_000)).toBe(true);
    expect(await takeLease(db, 'job', 'b', 30_000, 20_000)).toBe(false);
    expect(await takeLease(db, 'job', 'a', 30_000, 20_000)).toBe(true);
    // a stopped renewing at 20 s: its lease runs to 50 s.
    expect(await takeLease(db, 'job', 'b', 30_000, 49_999)).toBe(false);
    expect(await takeLease(db, 'job', 'b', 30_000, 50_001)).toBe(true);
    expect(await takeLease(db, 'job', 'a', 30_000, 50_002)).toBe(false);
  });

  it('is free at once when its holder releases it', async () => {
    const db = database.db.kysely;
    expect(await takeLease(db, 'job', 'a', 30_000, 1_000)).toBe(true);
    await releaseLease(db, 'job', 'b');
    expect(await takeLease(db, 'job', 'b', 30_000, 2_000)).toBe(false);
    await releaseLease(db, 'job', 'a');
    expect(await takeLease(db, 'job', 'b', 30_000, 2_000)).toBe(true);
  });
});
