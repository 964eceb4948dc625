import { randomBytes } from 'node:crypto';
import { istDate } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import { releaseLease, takeLease } from '../db/lease';
import type { Database } from '../db/types';
import type { HireModule } from '../modules/hire/module';
import type { SubscriptionService } from '../modules/subscription/service';
import type { TractorRegistry } from '../modules/tractors/registry';
import type { ServiceBook } from '../modules/vehicles/service-book';
import { findTractorByImei } from '../modules/tractors/repo';
import { counted } from './cli-words';
import { demoFleet, demoWorkshop, ensureDemoFleet } from './demo';
import { DEMO_FLEET } from './demo-fleet';
import type { Fleet } from './fleet';
import { demoHireDayDone, demoHireFields, demoHirePlan } from './hire-demo';
import { databaseProgress } from './progress-repo';

const LEASE = 'demo-fleet';
/** The holder renews every 10 s; a lease not renewed for 30 s (the holder died) is taken over within the next look. */
const LEASE_TTL_MS = 30_000;
const LOOK_EVERY_MS = 10_000;

export interface DemoRunnerDeps {
  db: Kysely<Database>;
  /** Provisions the demo tractors and hands them to the demo owner. */
  registry: TractorRegistry;
  book: ServiceBook;
  subscriptions: SubscriptionService;
  /** The hire ledger: the demo's last days work customers' fields and record their jobs (issue 17). */
  hire?: HireModule;
  demoMobile: string;
  devicePort: number;
  days: number;
  log: (message: string) => void;
  logError: (err: unknown, message: string) => void;
  /**
   * Tractors whose records skip the per-device record budget (DEVICE_MAX_RECORDS_PER_MINUTE): the
   * demo's own, while they back-fill their history, then taken out again. The budget is for real
   * devices; at 6,000 records a minute it paced the 90 days' ≈ 300,000 records to a quarter of an
   * hour, so a newcomer's tractors stood still that long. Live, they send at a real device's rate.
   */
  unbudgeted?: Set<string>;
  now?: () => number;
  /** Tests shorten the lease. */
  leaseTtlMs?: number;
  lookEveryMs?: number;
}

/**
 * Issue 20: the demo fleet is driven by one instance of those sharing a database, the one holding the
 * 'demo-fleet' lease; the others look every 10 s and take over when the holder stops renewing (it
 * died). The fleet's progress is in that database, so the new driver resumes where the last one's
 * acknowledged records end, and a database that has none is back-filled.
 */
export function runDemoFleet(deps: DemoRunnerDeps): { stop(): Promise<void> } {
  const holder = randomBytes(8).toString('hex');
  const now = deps.now ?? Date.now;
  const ttl = deps.leaseTtlMs ?? LEASE_TTL_MS;
  let fleet: Fleet | undefined;
  /** Whether the fleet is still back-filling its history (what stop() says). */
  let backfilling = false;
  let stopped = false;
  let looking: Promise<void> = Promise.resolve();
  /** The demo tractors let past the record budget while they back-fill (deps.unbudgeted). */
  let exempt: string[] = [];
  const budgeted = () => {
    for (const id of exempt) deps.unbudgeted?.delete(id);
    exempt = [];
  };

  const look = async () => {
    const held = await takeLease(deps.db, LEASE, holder, ttl, now());
    if (stopped) return;
    if (held && !fleet) {
      const created = await ensureDemoFleet(deps.db, deps.registry, deps.demoMobile, now(), {
        book: deps.book,
        days: deps.days,
        subscriptions: deps.subscriptions,
      });
      if (created > 0) deps.log(`demo fleet provisioned: ${counted(created, 'tractor')}`);
      // Stopped (Ctrl-C) while provisioning: no fleet is started for stop() to miss.
      if (stopped) return;
      const workshop = demoWorkshop(deps.db, deps.book);
      const plan = demoHirePlan(istDate(now()));
      const hire = deps.hire;
      const hireDone = hire ? demoHireDayDone({ db: deps.db, hire, demoMobile: deps.demoMobile, plan }) : undefined;
      fleet = demoFleet({
        port: deps.devicePort,
        days: deps.days,
        log: deps.log,
        store: databaseProgress(deps.db, now),
        onDayDone: async (imei, day, carry) => {
          await workshop(imei, day, carry);
          await hireDone?.(imei, day);
        },
        ...(hire ? { fieldsFor: demoHireFields(plan) } : {}),
      });
      if (deps.unbudgeted) {
        exempt = await demoTractorIds(deps.db);
        for (const id of exempt) deps.unbudgeted.add(id);
      }
      deps.log(`Simulated fleet: 3 tractors over the Teltonika protocol; back-filling what is missing of ${deps.days} days, then live.`);
      backfilling = true;
      void fleet.start().then(
        () => {
          budgeted();
          backfilling = false;
        },
        (err: unknown) => {
          budgeted();
          backfilling = false;
          deps.logError(err, 'simulated fleet stopped');
        },
      );
    } else if (!held && fleet) {
      budgeted();
      // Another instance holds the lease (this one was too slow to renew it): it drives the fleet now.
      deps.log('simulated fleet handed over to another instance');
      const old = fleet;
      fleet = undefined;
      await old.stop();
    }
  };
  const tick = () => {
    looking = looking.then(look).catch((err: unknown) => deps.logError(err, 'demo fleet lease check failed'));
  };
  tick();
  const timer = setInterval(tick, deps.lookEveryMs ?? LOOK_EVERY_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looking;
      if (fleet) {
        const wasBackfilling = backfilling;
        // Waits for the day in hand and the progress saves: the database is closed after this.
        await fleet.stop();
        deps.log(
          wasBackfilling
            ? `simulated fleet stopped in its back-fill (${counted(fleet.acknowledged, 'record')} acknowledged); the next start carries on from there`
            : 'simulated fleet stopped',
        );
      }
      budgeted();
      await releaseLease(deps.db, LEASE, holder).catch((err: unknown) => deps.logError(err, 'demo fleet lease not released'));
    },
  };
}

/** The demo tractors' ids (the record budget is kept per tractor). */
async function demoTractorIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await Promise.all(DEMO_FLEET.map((t) => findTractorByImei(db, t.profile.imei)));
  return rows.flatMap((row) => (row ? [row.id] : []));
}
