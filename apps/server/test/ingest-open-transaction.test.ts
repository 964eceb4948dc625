import { describe, expect, it } from 'vitest';
import { engineOn, ingest, series } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';

/**
 * On SQLite the ingest transaction shares its connection with Kysely. A Kysely transaction stays
 * open across awaits (a day's rebuild, an alert raised by raiseAlert); if a batch were
 * committed while it is open it would be a savepoint inside it: acknowledged to the device, then
 * lost if that transaction rolls back. Ingestion waits for it to end instead.
 */
describe.each(dbTargets.filter((d) => d.name === 'sqlite'))('ingestion beside an open transaction on $name', (target) => {
  const t = useTestApp(target);

  it("a batch acknowledged while another transaction is open survives that transaction's rollback", async () => {
    const db = t.database.db.kysely;
    const tractor = await provisionTractor(db);
    // Warm: the tractor's processor and settings are in memory, so the next batch needs no query
    // (a query through Kysely would wait for the open transaction anyway).
    await ingest(
      t.app,
      tractor,
      series(TEST_START - 120 * SECOND, 5, 5 * SECOND, () => engineOn()),
    );
    let acknowledged = false;
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('app_settings').values({ key: 'scratch', value: '1' }).execute();
        const done = ingest(
          t.app,
          tractor,
          series(TEST_START - 60 * SECOND, 5, 5 * SECOND, () => engineOn()),
        ).then(() => (acknowledged = true));
        // Let the ingestor run as far as it can while this transaction is open.
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
        expect(acknowledged).toBe(false);
        void done;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.app.services.telemetry.ingestor.idle();
    expect(acknowledged).toBe(true);
    const stored = await db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tractor_id', '=', tractor.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
    expect(await db.selectFrom('app_settings').selectAll().where('key', '=', 'scratch').execute()).toEqual([]);
  });
});
