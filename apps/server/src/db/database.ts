import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database, Engine } from './types';
import { asMainWrite } from './write-turns';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** The raw SQLite handle, for the ingestion hot path's prepared statements (SQLite only). */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * pg returns BIGINT (and COUNT) as strings to avoid precision loss; our values are epoch ms and
 * counts, far below 2^53, so numbers are safe and keep both engines' rows identical.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface DbOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Prepared statements kept per SQL text: Kysely prepares on every query, which is most of a small query's cost. */
const STATEMENT_CACHE_MAX = 500;

function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = cache.get(text);
      if (!statement) {
        statement = countedWrites(sqlite.prepare(text));
        if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** A statement that writes goes first, before the writer thread's next batch (write-turns.ts). */
function countedWrites(statement: SQLite.Statement): SQLite.Statement {
  if (statement.readonly) return statement;
  // Kysely runs a statement with `run`, or with `all` when it returns rows (INSERT … RETURNING).
  const run = statement.run.bind(statement);
  const all = statement.all.bind(statement);
  statement.run = (...params: unknown[]) => asMainWrite(() => run(...params));
  statement.all = (...params: unknown[]) => asMainWrite(() => all(...params));
  return statement;
}

/** SQLite file `dataDir/tractorlink.db` (WAL) unless `databaseUrl` names a PostgreSQL database. */
export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes });
    // A connection lost (PostgreSQL restarted, a network cut) must not end the process: unheard, its
    // 'error' event would. Idle, the pool drops it; checked out, the query under way fails (the batch
    // is not acknowledged and the device resends) and the pool drops it on release (not queryable).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'tractorlink.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before a device is acknowledged, even if the machine loses power.
  // Ingestion commits in groups, so this costs one fsync per batch, not per record.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, engine: 'sqlite', sqlite, close: () => kysely.destroy() };
}
