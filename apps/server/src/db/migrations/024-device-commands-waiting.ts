import type { Kysely, Migration } from 'kysely';

/**
 * Issue 16: each instance reads which tractors have a device command queued or awaiting its reply
 * (modules/commands: at least every 10 s, and on each `tl_commands` wake-up). Answered commands stay
 * for the operator's history and outnumber the waiting ones by far: by status first, that read is
 * a seek to the waiting ones, not a scan of the history. (A partial index of the waiting alone would
 * be smaller, but SQLite uses one only for a query that spells out its condition, not with bound
 * parameters.)
 */
export const deviceCommandsWaitingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('device_commands_status').on('device_commands').columns(['status', 'tractor_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('device_commands_status').execute();
  },
};
