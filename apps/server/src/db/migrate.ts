import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { Db } from './database';
import { accountsMigration } from './migrations/001-accounts';
import { telemetryMigration } from './migrations/002-telemetry';
import { geocodingMigration } from './migrations/003-geocoding';
import { alertsMigration } from './migrations/004-alerts';
import { geofencesMigration } from './migrations/005-geofences';
import { authLimitsMigration } from './migrations/006-auth-limits';
import { refuelsMigration } from './migrations/007-refuels';
import { moreReadingsMigration } from './migrations/008-more-readings';
import { deviceKeysMigration } from './migrations/009-device-keys';
import { serviceRecordsMigration } from './migrations/010-service-records';
import { refreshSuccessorMigration } from './migrations/011-refresh-successor';
import { deviceCommandsMigration } from './migrations/012-device-commands';
import { subscriptionsMigration } from './migrations/013-subscriptions';
import { remindersMigration } from './migrations/014-reminders';
import { simProgressMigration } from './migrations/016-sim-progress';
import { serviceBookingsMigration } from './migrations/017-service-bookings';
import { bookingPaymentsMigration } from './migrations/018-booking-payments';
import { telemetryPartitionsMigration } from './migrations/019-telemetry-partitions';
import { idempotencyKeysMigration } from './migrations/020-idempotency-keys';
import { hireMigration } from './migrations/021-hire';
import { receiverLanguageMigration } from './migrations/022-receiver-language';
import { boundaryNamesMigration } from './migrations/023-boundary-names';
import { deviceCommandsWaitingMigration } from './migrations/024-device-commands-waiting';
import { tractorsExpiresOnMigration } from './migrations/025-tractors-expires-on';

/** Migrations are imported statically (no folder read at runtime); names sort in run order. */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001-accounts': accountsMigration(db.engine),
    '002-telemetry': telemetryMigration(db.engine),
    '003-geocoding': geocodingMigration(),
    '004-alerts': alertsMigration(db.engine),
    '005-geofences': geofencesMigration(db.engine),
    '006-auth-limits': authLimitsMigration(),
    '007-refuels': refuelsMigration(db.engine),
    '008-more-readings': moreReadingsMigration(db.engine),
    '009-device-keys': deviceKeysMigration,
    '010-service-records': serviceRecordsMigration(db.engine),
    '011-refresh-successor': refreshSuccessorMigration,
    '012-device-commands': deviceCommandsMigration(db.engine),
    '013-subscriptions': subscriptionsMigration(db.engine),
    '014-reminders': remindersMigration(db.engine),
    '016-sim-progress': simProgressMigration(db.engine),
    '017-service-bookings': serviceBookingsMigration(db.engine),
    '018-booking-payments': bookingPaymentsMigration(db.engine),
    '019-telemetry-partitions': telemetryPartitionsMigration(db.engine),
    '020-idempotency-keys': idempotencyKeysMigration(db.engine),
    '021-hire': hireMigration(db.engine),
    '022-receiver-language': receiverLanguageMigration,
    '023-boundary-names': boundaryNamesMigration,
    '024-device-commands-waiting': deviceCommandsWaitingMigration,
    '025-tractors-expires-on': tractorsExpiresOnMigration,
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}
