import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * Returns the stored value of `key`, storing `create()` first if there is none. Safe when several
 * instances start at once: the first insert wins and everyone reads it back.
 */
export async function getOrCreateSetting(db: Kysely<Database>, key: string, create: () => string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
