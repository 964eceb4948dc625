import { type Compilable, CompiledQuery, sql } from 'kysely';
import type { Db } from '../../src/db/database';

/**
 * The engine's plan for a query, as text, after fresh statistics. Tests fill the table to a realistic
 * size first: on a near-empty table either engine may scan whatever indexes exist, and forcing
 * PostgreSQL off scans only makes it pick some other index.
 */
export async function planOf(db: Db, query: Compilable): Promise<string> {
  await sql`ANALYZE`.execute(db.kysely);
  const { sql: text, parameters } = query.compile();
  const explain = db.engine === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
  const plan = await db.kysely.executeQuery(CompiledQuery.raw(`${explain} ${text}`, [...parameters]));
  return JSON.stringify(plan.rows);
}
