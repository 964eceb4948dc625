import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 17: the owner's hire ledger. Customers, jobs and payments carry the id the phone made (a
 * create sent again offline is stored once) and a hash of the create that made them (the same id with
 * other content is a conflict, whatever was edited since). A job keeps its measured figures and
 * amount, so ledgers and balances are sums. Proposals are the places a tractor worked that no job
 * covers, one row per place (tractor, start). Links (bill and live location) keep only the SHA-256 of
 * their token.
 */
export function hireMigration(engine: Engine): Migration {
  const ms = (engine === 'postgres' ? 'bigint' : 'integer') as 'integer';
  // PostgreSQL's real is 4 bytes: coordinates and areas need 8.
  const real = (engine === 'postgres' ? 'double precision' : 'real') as 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hire_customers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('village', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hire_customers_user').on('hire_customers').column('user_id').execute();

      await db.schema
        .createTable('hire_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('customer_id', 'text', (c) => c.notNull().references('hire_customers.id'))
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('implement', 'text', (c) => c.notNull())
        .addColumn('implement_width_m', real, (c) => c.notNull())
        .addColumn('rate_kind', 'text', (c) => c.notNull())
        .addColumn('rate_paise', ms, (c) => c.notNull())
        .addColumn('trips', 'integer', (c) => c.notNull())
        .addColumn('acre_basis', 'text', (c) => c.notNull())
        .addColumn('hour_basis', 'text', (c) => c.notNull())
        .addColumn('agreed_quantity', real)
        .addColumn('start_ms', ms, (c) => c.notNull())
        .addColumn('end_ms', ms)
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('place', 'text')
        .addColumn('boundary', 'text')
        .addColumn('field_m2', real)
        .addColumn('note', 'text')
        .addColumn('covered_m2', real, (c) => c.notNull().defaultTo(0))
        .addColumn('pto_s', real, (c) => c.notNull().defaultTo(0))
        .addColumn('engine_s', real, (c) => c.notNull().defaultTo(0))
        .addColumn('quantity', real, (c) => c.notNull().defaultTo(0))
        .addColumn('quantity_source', 'text', (c) => c.notNull())
        .addColumn('amount_paise', ms, (c) => c.notNull().defaultTo(0))
        .addColumn('worked_area', 'text')
        .addColumn('measured_at', ms)
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hire_jobs_user').on('hire_jobs').columns(['user_id', 'start_ms']).execute();
      await db.schema.createIndex('hire_jobs_tractor').on('hire_jobs').columns(['tractor_id', 'start_ms']).execute();
      await db.schema.createIndex('hire_jobs_customer').on('hire_jobs').columns(['customer_id', 'start_ms']).execute();

      await db.schema
        .createTable('hire_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('customer_id', 'text', (c) => c.notNull().references('hire_customers.id'))
        .addColumn('job_id', 'text', (c) => c.references('hire_jobs.id').onDelete('set null'))
        .addColumn('amount_paise', ms, (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hire_payments_customer').on('hire_payments').columns(['customer_id', 'paid_on']).execute();
      await db.schema.createIndex('hire_payments_job').on('hire_payments').column('job_id').execute();

      await db.schema
        .createTable('hire_proposals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('day_start', ms, (c) => c.notNull())
        .addColumn('start_ms', ms, (c) => c.notNull())
        .addColumn('last_work_ms', ms, (c) => c.notNull())
        .addColumn('end_ms', ms, (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('work_s', real, (c) => c.notNull())
        .addColumn('covered_m2', real, (c) => c.notNull())
        .addColumn('pto_s', real, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('job_id', 'text', (c) => c.references('hire_jobs.id').onDelete('set null'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .addUniqueConstraint('hire_proposals_place', ['tractor_id', 'start_ms'])
        .execute();
      await db.schema.createIndex('hire_proposals_user').on('hire_proposals').columns(['user_id', 'status', 'start_ms']).execute();

      await db.schema
        .createTable('hire_scans')
        .addColumn('tractor_id', 'text', (c) => c.primaryKey().references('tractors.id').onDelete('cascade'))
        .addColumn('last_time', ms, (c) => c.notNull())
        .addColumn('scanned_at', ms, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('hire_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'text', (c) => c.references('hire_customers.id').onDelete('cascade'))
        .addColumn('job_id', 'text', (c) => c.references('hire_jobs.id').onDelete('cascade'))
        .addColumn('tractor_id', 'text', (c) => c.references('tractors.id').onDelete('cascade'))
        .addColumn('include_track', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('expires_at', ms)
        .addColumn('revoked_at', ms)
        .execute();
      await db.schema.createIndex('hire_links_user').on('hire_links').columns(['user_id', 'kind', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['hire_links', 'hire_scans', 'hire_proposals', 'hire_payments', 'hire_jobs', 'hire_customers']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
