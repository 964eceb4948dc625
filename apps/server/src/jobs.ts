import type { FastifyBaseLogger } from 'fastify';
import { maintainTelemetry } from './modules/telemetry/partitions';
import { rebuildDirtyDays } from './modules/telemetry/rebuild-days';
import type { Services } from './services';

/**
 * Rebuilds the days that received late records (rebuild-days.ts); then every instance forgets what
 * it had summed of their rollups (a wake-up between instances, after the commits).
 */
export async function rebuildLateDays(services: Pick<Services, 'db' | 'wakeups'>): Promise<number> {
  const rebuilt = await rebuildDirtyDays(services.db.kysely);
  if (rebuilt > 0) services.wakeups.notify('tl_days');
  return rebuilt;
}

/** Which background jobs to run. */
interface JobSelection {
  /** The periodic jobs: late replay and day rebuilds, session purge, payments, reminders, booking notices. */
  periodic: boolean;
  /** The alert delivery worker (it wakes on each alert's commit). */
  alertDelivery: boolean;
}

/**
 * Starts the background jobs of the running server; returns the function that stops them, which
 * waits for a run under way. Every job is safe with several instances on one database: each claims
 * its rows (an outbox entry, a dirty day, a reminder, a notification) or settles exactly once by a
 * conditional update, and replay works on the records this instance received.
 */
export function startJobs(services: Services, log: FastifyBaseLogger, which: JobSelection = { periodic: true, alertDelivery: true }): () => Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  /** Runs `job` every `ms`, one run at a time; a failure is logged and the next run comes as usual. */
  const every = (ms: number, failed: string, job: () => Promise<unknown>) => {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      running ??= job()
        .catch((err: unknown) => log.error({ err }, failed))
        .finally(() => {
          running = undefined;
        });
    }, ms);
    timer.unref();
    stops.push(async () => {
      clearInterval(timer);
      await running;
    });
  };

  if (which.periodic) {
    const { telemetry, sessions, subscriptions, serviceBookings, reminders } = services;
    // Late records are replayed in device-time order once they stop coming (late-replay.ts); days
    // that received late records beyond a replay are rebuilt from their raw records.
    every(5_000, 'replaying late records failed', () => telemetry.ingestor.replayDue());
    stops.push(services.wakeups.listen('tl_days', () => services.live.forgetRollupSums()));
    // A device command queued on any instance: the device server here looks for it after the next frame.
    stops.push(services.wakeups.listen('tl_commands', () => services.commands.forget()));
    every(60_000, 'rebuilding late days failed', () => rebuildLateDays(services));
    // Telemetry partitions ahead (PostgreSQL) and raw-record retention: on start, then daily.
    const maintain = async () => {
      const { created, retention } = await maintainTelemetry(services.db, services.config.telemetryRetentionMonths, services.clock.now());
      if (created.length > 0 || retention.droppedPartitions.length > 0 || retention.deletedRows > 0) log.info({ created, retention }, 'telemetry maintained');
    };
    const first = maintain().catch((err: unknown) => log.error({ err }, 'telemetry maintenance failed'));
    stops.push(() => first);
    every(24 * 3600_000, 'telemetry maintenance failed', maintain);
    // Idempotency keys past their time are removed (a plain conditional delete: any instance may run it).
    every(3600_000, 'removing expired idempotency keys failed', async () => {
      const removed = await services.idempotency.purgeExpired();
      if (removed > 0) log.info({ removed }, 'expired idempotency keys removed');
    });
    // Sessions that ended over a day ago are removed.
    every(3600_000, 'removing ended sessions failed', async () => {
      const removed = await sessions.purgeEnded();
      if (removed > 0) log.info({ removed }, 'ended sessions removed');
    });
    // Payments whose callback never came are settled from the gateway; reminders go out before ends.
    every(60_000, 'reconciling payments failed', () => subscriptions.service.reconcileDue());
    every(60_000, 'reconciling booking payments failed', () => serviceBookings.payments.reconcileDue());
    every(60_000, 'sending expiry reminders failed', () => subscriptions.reminders.runDue());
    // Owners' reminders ring by push while the app is closed: looked at every 15 s, so a push leaves
    // within a quarter of a minute of its time.
    every(15_000, 'pushing reminders failed', () => reminders.pushDue());
    // Booking steps are written by any process (the API, npm run admin, the demo dealer): the owner
    // hears of each within a few seconds.
    every(5_000, 'sending booking notifications failed', () => serviceBookings.notifier.deliverDue());
  }
  if (which.alertDelivery) {
    services.alerts.delivery.start();
    // Deliveries not made stay in the outbox for the next start.
    stops.push(() => services.alerts.delivery.stop());
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
