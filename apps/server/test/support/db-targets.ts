import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/types';

/** One isolated database for one test file. */
export interface TestDatabase {
  db: Db;
  /** Empty for SQLite. */
  databaseUrl: string;
  dataDir: string;
  /** Deletes every row (the schema stays), so each test starts from nothing. */
  reset(): Promise<void>;
  dispose(): Promise<void>;
}

export interface DbTarget {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDatabase>;
}

/** Children first, so foreign keys never object. */
const TABLES: (keyof Database)[] = [
  'hire_links',
  'hire_scans',
  'hire_proposals',
  'hire_payments',
  'hire_jobs',
  'hire_customers',
  'idempotency_keys',
  'booking_payments',
  'booking_events',
  'service_bookings',
  'booking_photos',
  'sim_progress',
  'leases',
  'reminders',
  'subscription_reminders',
  'payment_webhook_events',
  'invoice_counters',
  'invoices',
  'subscription_periods',
  'subscription_order_items',
  'subscription_orders',
  'geofence_tractors',
  'geofences',
  'geofence_boundaries',
  'alert_sms_daily',
  'sms_hourly',
  'alert_outbox',
  'alerts',
  'alert_configs',
  'service_records',
  'device_commands',
  'alert_receivers',
  'push_subscriptions',
  'geocode_cache',
  'usage_dirty_days',
  'refuels',
  'usage_hourly',
  'tractor_state',
  'telemetry',
  'tractors',
  'refresh_tokens',
  'sessions',
  'user_devices',
  'profile_images',
  'otp_challenges',
  'otp_sends',
  'used_tickets',
  'users',
];

async function resetAll(db: Db): Promise<void> {
  for (const table of TABLES) await db.kysely.deleteFrom(table).execute();
}

const sqlite: DbTarget = {
  name: 'sqlite',
  async open() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-server-test-'));
    const db = createDb({ databaseUrl: undefined, dataDir });
    await migrateToLatest(db);
    return {
      db,
      databaseUrl: '',
      dataDir,
      reset: () => resetAll(db),
      async dispose() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/** A new PostgreSQL database, empty (no schema), made through the admin URL; `drop` removes it. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pg's pool.end() resolves once it has asked its clients to end, not once they have: a
      // FORCE drop can still kill one mid-goodbye, and its FATAL surfaces as an unhandled error
      // in whichever test file runs next. Wait (briefly) for the server to see them gone.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh database per test file (CREATE DATABASE through the admin URL), dropped afterwards. */
function postgres(adminUrl: string): DbTarget {
  return {
    name: 'postgres',
    async open() {
      const database = await createPostgresDatabase(adminUrl);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-server-test-'));
      const db = createDb({ databaseUrl: database.url, dataDir });
      await migrateToLatest(db);
      return {
        db,
        databaseUrl: database.url,
        dataDir,
        reset: () => resetAll(db),
        async dispose() {
          await db.close();
          rmSync(dataDir, { recursive: true, force: true });
          await database.drop();
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names an admin connection. */
export const dbTargets: DbTarget[] = [sqlite, ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : [])];
