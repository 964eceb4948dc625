import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types';

/** What one instance tells the others: an outbox entry to deliver; days whose hourly rollups were rebuilt; a device command queued. */
export type WakeChannel = 'tl_outbox' | 'tl_days' | 'tl_commands';

/**
 * Wake-ups between the instances on one database. `notify` is called after a commit, never inside
 * one; every instance's listeners of the channel run soon after (this one's at once). Losing a
 * wake-up costs latency only: whoever wakes still claims its work in the database, and the workers
 * poll anyway.
 */
export interface Wakeups {
  notify(channel: WakeChannel): void;
  /** Runs `listener` on each wake-up of `channel` (from any instance); returns what stops it. */
  listen(channel: WakeChannel, listener: () => void): () => Promise<void>;
}

/** One process (SQLite: one machine, one process): wake-ups stay in memory. */
export function localWakeups(): Wakeups {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    notify: (channel) => {
      events.emit(channel);
    },
    listen(channel, listener) {
      events.on(channel, listener);
      return async () => {
        events.off(channel, listener);
      };
    },
  };
}

export interface PostgresWakeupsOptions {
  databaseUrl: string;
  /** NOTIFY goes through the pool, after the commit that made the work. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** First wait before connecting the LISTEN session again; doubles to 30 s. */
  reconnectMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY. NOTIFY is its own statement on a pooled connection after the ingest
 * transaction has committed: inside a transaction it would take the global notify lock at commit,
 * serialising every commit of the cluster. At most one NOTIFY per channel is in flight; wake-ups
 * meanwhile are folded into one more. LISTEN holds a dedicated session connection (never through a
 * transaction-mode pooler: it would lose the session), started with the first listener, reconnected
 * with a backoff when it drops; on each (re)connection every listener is woken once, since
 * notifications sent while it was away are lost.
 */
export function postgresWakeups(options: PostgresWakeupsOptions): Wakeups {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const sending = new Map<WakeChannel, 'one' | 'again'>();
  const send = (channel: WakeChannel): void => {
    if (sending.has(channel)) {
      sending.set(channel, 'again');
      return;
    }
    sending.set(channel, 'one');
    sql`select pg_notify(${channel}, '')`
      .execute(options.db)
      .catch((err: unknown) => options.log.debug({ err, channel }, 'NOTIFY failed (the others will poll)'))
      .finally(() => {
        const again = sending.get(channel) === 'again';
        sending.delete(channel);
        if (again) send(channel);
      });
  };

  let client: pg.Client | undefined;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let backoff = options.reconnectMs ?? 500;
  const channels = () => local.eventNames().filter((n): n is WakeChannel => typeof n === 'string');
  /** LISTENs the current session still lacks (a channel's first listener may come at any time). */
  let listenMissing: (() => void) | undefined;

  const connect = async (): Promise<void> => {
    if (stopped || client) return;
    const c = new pg.Client({ connectionString: options.databaseUrl, application_name: 'tractorlink-listen' });
    client = c;
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = undefined;
      listenMissing = undefined;
      c.removeAllListeners();
      c.on('error', () => undefined);
      c.end().catch(() => undefined);
      if (stopped) return;
      options.log.warn({ err, retryInMs: backoff }, 'LISTEN connection lost; reconnecting');
      timer = setTimeout(() => void connect(), backoff);
      timer.unref();
      backoff = Math.min(30_000, backoff * 2);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => local.emit(msg.channel));
    // One statement at a time on this session: pg deprecates a query sent while another runs.
    const listened = new Set<WakeChannel>();
    const missing = () => channels().find((n) => !listened.has(n));
    let running: Promise<void> | undefined;
    const listenAll = (): Promise<void> => {
      running ??= (async () => {
        try {
          for (let ch = missing(); ch; ch = missing()) {
            await c.query(`LISTEN ${ch}`);
            listened.add(ch);
          }
        } finally {
          running = undefined;
        }
      })();
      return running;
    };
    try {
      await c.connect();
      listenMissing = () => void listenAll().catch((err: unknown) => c.emit('error', err));
      await listenAll();
      backoff = options.reconnectMs ?? 500;
      // Anything notified while this session was away was lost: look once now.
      for (const channel of channels()) local.emit(channel);
    } catch (err) {
      lost(err);
    }
  };

  return {
    notify(channel) {
      local.emit(channel);
      send(channel);
    },
    listen(channel, listener) {
      const first = local.listenerCount(channel) === 0;
      local.on(channel, listener);
      if (stopped) {
        stopped = false;
        void connect();
      } else if (first && client) listenMissing?.();
      return async () => {
        local.off(channel, listener);
        if (channels().length > 0) return;
        stopped = true;
        clearTimeout(timer);
        const c = client;
        client = undefined;
        listenMissing = undefined;
        if (c) {
          c.removeAllListeners();
          c.on('error', () => undefined);
          await c.end().catch(() => undefined);
        }
      };
    },
  };
}
