import { istDate } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { findUserByMobile } from '../modules/accounts/repo';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import type { TractorRegistry } from '../modules/tractors/registry';
import { findTractorByImei } from '../modules/tractors/repo';
import type { ServiceBook } from '../modules/vehicles/service-book';
import type { SubscriptionService } from '../modules/subscription/service';
import { DEMO_FLEET, type DemoTractor } from './demo-fleet';
import type { SimCarry } from './farm-day';
import { Fleet, type FleetOptions, initialCarry } from './fleet';
import type { ProgressStore } from './progress-repo';
import { seededRandom, seedOf } from './random';

const DAY_MS = 24 * 3600_000;
const YEAR_MS = 365 * DAY_MS;
/**
 * Issue 13 item 7: where each demo tractor's pack stands, so a newcomer meets both renewal prompts
 * at once: the first has a paid year pack (history and invoice), the second ends in 3 days, the
 * third ended 5 days ago.
 */
const DEMO_PACK_ENDS = [YEAR_MS, 3 * DAY_MS, -5 * DAY_MS];

/**
 * Provisions the demo fleet (registered to the demo mobile) through the tractor registry, as the
 * provider would, and adds it to the demo owner's account, once. Returns how many tractors were new.
 */
export async function ensureDemoFleet(
  db: Kysely<Database>,
  registry: TractorRegistry,
  demoMobile: string,
  now: number,
  history?: { book: ServiceBook; days: number; subscriptions?: SubscriptionService },
): Promise<number> {
  const owner = await findUserByMobile(db, demoMobile);
  let created = 0;
  for (const [index, t] of DEMO_FLEET.entries()) {
    if (await findTractorByImei(db, t.profile.imei)) continue;
    const [firstName = 'Demo', ...rest] = (owner?.name ?? 'Demo Owner').split(' ');
    // The first tractor's pack was bought at the local gateway ten months ago (below): it ran out before that.
    const paidPack = owner !== undefined && index === 0 && history?.subscriptions !== undefined;
    const expiresOn = paidPack ? now - 300 * DAY_MS : now + (DEMO_PACK_ENDS[index] ?? YEAR_MS);
    const outcome = await registry.provision({
      imei: t.profile.imei,
      vin: t.vin,
      engineNo: t.engineNo,
      regNo: t.regNo,
      model: t.model,
      vehName: t.vehName,
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: t.profile.implementWidthM,
      tankCapacityL: t.profile.tankCapacityL,
      serviceIntervalH: t.serviceIntervalH,
      firstName,
      lastName: rest.join(' ') || 'Owner',
      mobileNo: demoMobile,
      address: 'At post Pimpalgaon Baswant',
      city: 'Niphad',
      pincode: '422209',
      state: 'Maharashtra',
      // Epoch seconds (the registry takes a date or seconds).
      expiresOn: Math.floor(expiresOn / 1000),
    });
    if (!outcome.ok) throw new Error(`demo tractor ${t.vin} refused: ${JSON.stringify(outcome.details)}`);
    const row = outcome.tractor;
    if (owner) await registry.assignOwner(row.id, owner.id);
    if (history) await pastServices(history.book, row.id, t, now - history.days * DAY_MS);
    if (paidPack) await history.subscriptions?.seedPaidPack(owner.id, row.id, 'year', now - 300 * DAY_MS);
    created++;
  }
  return created;
}

/** About this many engine hours a working tractor runs a day: dates the services before the history starts. */
const HOURS_PER_DAY = 6;

/**
 * The services a tractor had before its simulated history starts: the last one some way into its
 * interval (seeded), and the two before it one interval apart, each dated back at about six engine
 * hours a day.
 */
async function pastServices(book: ServiceBook, tractorId: string, t: DemoTractor, historyStart: number): Promise<void> {
  const random = seededRandom(seedOf(`${t.profile.imei}:services`));
  const startH = initialCarry(t.profile).engineMin / 60;
  const sinceLast = t.serviceIntervalH * (0.2 + random() * 0.5);
  for (let k = 2; k >= 0; k--) {
    const hoursBefore = sinceLast + k * t.serviceIntervalH;
    if (startH - hoursBefore <= 0) continue;
    const doneOn = istDate(historyStart - (hoursBefore / HOURS_PER_DAY) * DAY_MS);
    await book.store(tractorId, { doneOn, engineHours: startH - hoursBefore }, 'operator');
  }
}

/**
 * The demo's workshop: at the end of a simulated day, a tractor whose service has fallen due (or
 * nearly: farmers go a little early or late, seeded per tractor and day) gets one that day.
 */
export function demoWorkshop(db: Kysely<Database>, book: ServiceBook) {
  return async (imei: string, day: string, carry: SimCarry): Promise<void> => {
    const tractor = await findTractorByImei(db, imei);
    if (!tractor) return;
    const hours = carry.engineMin / 60;
    const slack = (seededRandom(seedOf(`${imei}:${day}:service`))() - 0.3) * 20; // −6 … +14 h around the due point
    if (hours - tractor.last_service_engine_h < tractor.service_interval_h + slack) return;
    await book.store(tractor.id, { doneOn: day, engineHours: hours }, 'operator');
  };
}

/** The demo fleet as Teltonika devices on the server's own device port: history, then live. */
export function demoFleet(options: {
  port: number;
  days: number;
  log: (message: string) => void;
  store: ProgressStore;
  onDayDone?: FleetOptions['onDayDone'];
  fieldsFor?: FleetOptions['fieldsFor'];
}): Fleet {
  return new Fleet({
    host: '127.0.0.1',
    port: options.port,
    profiles: DEMO_FLEET.map((t) => t.profile),
    backfillDays: options.days,
    store: options.store,
    log: options.log,
    ...(options.onDayDone ? { onDayDone: options.onDayDone } : {}),
    ...(options.fieldsFor ? { fieldsFor: options.fieldsFor } : {}),
  });
}
