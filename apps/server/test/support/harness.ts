import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { BuildAppOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Config } from '../../src/config';
import { LocalSmsProvider } from '../../src/providers/sms/local-sms';
import type { DbTarget, TestDatabase } from './db-targets';
import { TestClock } from './test-clock';

/** A quiet local SMS provider: the inbox is read by the tests, nothing is printed. */
export const silent = { write: () => true };

export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    WEB_DIST: '/nonexistent/tractorlink-web-dist',
    DEMO_OWNER: 'false',
    // Named, so a test may build a production app (the local ones are not a production default).
    SMS_PROVIDER: 'local',
    PAYMENT_GATEWAY: 'local',
    // Most tests sign in many times from one IP; the per-IP limit has its own test, and so has
    // the per-address OTP limit (lockout-recovery.test.ts).
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    OTP_ADDRESS_SENDS_PER_HOUR: '100000',
    // The tests' controlled clock cannot cross into a writer thread (writer-thread.test.ts tests that mode).
    INGEST_WRITER: 'inline',
    ...env,
  });
}

export interface TestContext {
  app: FastifyInstance;
  clock: TestClock;
  sms: LocalSmsProvider;
  database: TestDatabase;
  /** Builds another app on the same database (e.g. with other settings); closed after the test. */
  build(env?: Record<string, string>, options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
}

/**
 * Registers the hooks of one describe block: one database for the block, emptied before each
 * test, and a fresh app, clock and SMS inbox per test.
 */
export function useTestApp(target: DbTarget, env: Record<string, string> = {}): TestContext {
  let database: TestDatabase | undefined;
  let current: { app: FastifyInstance; clock: TestClock; sms: LocalSmsProvider } | undefined;
  const extraApps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    if (!database) throw new Error('database not open');
    await database.reset();
    const clock = new TestClock();
    const sms = new LocalSmsProvider(clock, silent);
    const app = await buildApp({ config: testConfig(database, env), clock, sms, db: database.db });
    current = { app, clock, sms };
  });
  afterEach(async () => {
    await current?.app.close();
    while (extraApps.length > 0) await extraApps.pop()?.close();
  });

  const need = () => {
    if (!current || !database) throw new Error('use the context inside a test');
    return { ...current, database };
  };
  return {
    get app() {
      return need().app;
    },
    get clock() {
      return need().clock;
    },
    get sms() {
      return need().sms;
    },
    get database() {
      return need().database;
    },
    async build(moreEnv = {}, options = {}) {
      const { clock, sms, database: db } = need();
      const app = await buildApp({ config: testConfig(db, { ...env, ...moreEnv }), clock, sms, db: db.db, ...options });
      extraApps.push(app);
      return app;
    },
  };
}
