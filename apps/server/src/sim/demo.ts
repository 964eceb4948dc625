import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { insertTractor } from '../modules/tractors/repo';
import { DEMO_FLEET } from './demo-fleet';
import { Fleet } from './fleet';

const YEAR_MS = 365 * 24 * 3600_000;

/**
 * Provisions the demo fleet (registered to the demo mobile) and adds it to the demo owner's
 * account, once. Returns how many tractors were new.
 */
export async function ensureDemoFleet(db: Kysely<Database>, demoMobile: string, now: number): Promise<number> {
  const owner = await db.selectFrom('users').select(['id', 'name']).where('mobile_no', '=', demoMobile).executeTakeFirst();
  let created = 0;
  for (const t of DEMO_FLEET) {
    const exists = await db.selectFrom('tractors').select('id').where('imei', '=', t.profile.imei).executeTakeFirst();
    if (exists) continue;
    const [firstName = 'Demo', ...rest] = (owner?.name ?? 'Demo Owner').split(' ');
    const row = await insertTractor(
      db,
      {
        imei: t.profile.imei,
        vin: t.vin,
        engineNo: t.engineNo,
        regNo: t.regNo,
        model: t.model,
        vehName: t.vehName,
        deviceModel: 'FMB130',
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
        expiresOn: now + YEAR_MS,
      },
      now,
    );
    if (owner) await db.updateTable('tractors').set({ owner_user_id: owner.id, claimed_at: now }).where('id', '=', row.id).execute();
    created++;
  }
  return created;
}

/** The demo fleet as Teltonika devices on the server's own device port: history, then live. */
export function demoFleet(options: { port: number; dataDir: string; days: number; log: (message: string) => void }): Fleet {
  return new Fleet({
    host: '127.0.0.1',
    port: options.port,
    profiles: DEMO_FLEET.map((t) => t.profile),
    backfillDays: options.days,
    stateFile: join(options.dataDir, 'sim-state.json'),
    log: options.log,
  });
}
