import type { Kysely, Migration } from 'kysely';

/**
 * Issue 12 item 8: each spent refresh token names the token issued in its place, so a second tab
 * presenting it a moment later (both sent the same cookie) can be told from a copied token.
 */
export const refreshSuccessorMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('refresh_tokens').addColumn('replaced_by', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('refresh_tokens').dropColumn('replaced_by').execute();
  },
};
