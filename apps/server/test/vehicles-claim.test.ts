import { describe, expect, it } from 'vitest';
import type { HomeResponse } from '@tractorlink/domain/auth';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { call, expectError, get, post, registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, TEST_START } from './support/test-clock';

const DAY = 24 * HOUR;
import { provisionTractor } from './support/tractors';

describe.each(dbTargets)('adding and renaming tractors on $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it('adds a tractor by VIN for the registered mobile and lists it as a spec §3 vehicle entry, on its free pack', async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210', expiresOn: TEST_START + 10 * DAY });
    const res = await post(t.app, 'vehicles/claim', { vin: tractor.vin.toLowerCase() }, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json<VehicleEntry>();
    expect(entry).toEqual({
      vin: tractor.vin,
      Veh_Name: 'Arjun 555 DI',
      // A new tractor's free pack (FREE_SUBSCRIPTION_DAYS, 30) runs past the provisioned 10 days.
      expiresOn: Math.floor((TEST_START + 30 * DAY) / 1000),
      regNo: tractor.reg_no,
      firstName: 'Ramesh',
      lastName: 'Patil',
      mobileNoCC: '+91',
      mobileNo: '9876543210',
      address: 'At post Pimpalgaon Baswant',
      city: 'Niphad',
      pincode: '422209',
      state: 'Maharashtra',
      country: 'India',
      isExpired: false,
      isNewTractor: true,
      numberOfDays: 30,
      subscriptionPack: 'free',
      engineNo: tractor.engine_no,
      model: 'Arjun 555 DI',
    });
    const stored = await db().selectFrom('tractors').select(['owner_user_id', 'claimed_at']).where('id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(stored.owner_user_id).not.toBeNull();
    expect(Number(stored.claimed_at)).toBe(TEST_START);

    const list = await get(t.app, 'vehicles?isSec=true', { token: owner.accessToken });
    expect(list.json<{ data: VehicleEntry[] }>().data).toEqual([entry]);
    const home = await get(t.app, 'home', { token: owner.accessToken });
    expect(home.json<HomeResponse>().tractors).toEqual([
      { vin: tractor.vin, regNo: tractor.reg_no, Veh_Name: 'Arjun 555 DI', expiresOn: entry.expiresOn, subscriptionPack: 'free' },
    ]);
  });

  it('ten claims of one tractor at once (a double tap, a retry): one adds it, the rest answer TRACTOR_ALREADY_ADDED, one free pack', async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t.app, 'vehicles/claim', { vin: tractor.vin }, { token: owner.accessToken })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expectError(r, 'TRACTOR_ALREADY_ADDED');
    const list = await get(t.app, 'vehicles', { token: owner.accessToken });
    expect(list.json<{ data: VehicleEntry[] }>().data.map((e) => [e.vin, e.subscriptionPack])).toEqual([[tractor.vin, 'free']]);
  });

  it('adds a tractor by engine number', async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210' });
    const res = await post(t.app, 'vehicles/claim', { engineNo: tractor.engine_no }, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VehicleEntry>().vin).toBe(tractor.vin);
  });

  it("refuses another number's tractor exactly as it refuses an unknown VIN, and leaves it unclaimed", async () => {
    const intruder = await registerOwner(t.app, t.sms, { mobileNo: '9123456789' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210' });
    const theirs = await post(t.app, 'vehicles/claim', { vin: tractor.vin }, { token: intruder.accessToken });
    const byEngine = await post(t.app, 'vehicles/claim', { engineNo: tractor.engine_no }, { token: intruder.accessToken });
    const unknown = await post(t.app, 'vehicles/claim', { vin: 'MBNAAHTR1NL999999' }, { token: intruder.accessToken });
    const unknownEngine = await post(t.app, 'vehicles/claim', { engineNo: 'S9999999' }, { token: intruder.accessToken });
    for (const res of [theirs, byEngine, unknown, unknownEngine]) expectError(res, 'TRACTOR_NOT_FOUND');
    // Same status and body: nothing tells an existing tractor from a missing one.
    expect(theirs.body).toBe(unknown.body);
    expect(byEngine.body).toBe(unknownEngine.body);
    const stored = await db().selectFrom('tractors').select('owner_user_id').where('id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(stored.owner_user_id).toBeNull();
  });

  it('refuses a tractor already added, by its owner again or by anyone', async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210' });
    expect((await post(t.app, 'vehicles/claim', { vin: tractor.vin }, { token: owner.accessToken })).statusCode).toBe(200);
    expectError(await post(t.app, 'vehicles/claim', { vin: tractor.vin }, { token: owner.accessToken }), 'TRACTOR_ALREADY_ADDED');
    expectError(await post(t.app, 'vehicles/claim', { engineNo: tractor.engine_no }, { token: owner.accessToken }), 'TRACTOR_ALREADY_ADDED');
  });

  it('limits guesses: claims share the per-IP limit of the auth routes', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const limited = await t.build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++)
      expectError(await post(limited, 'vehicles/claim', { vin: `MBNAAHTR1NL99999${i}` }, { token: owner.accessToken }), 'TRACTOR_NOT_FOUND');
    expectError(await post(limited, 'vehicles/claim', { vin: 'MBNAAHTR1NL999993' }, { token: owner.accessToken }), 'RATE_LIMITED');
  });

  it('takes exactly one of VIN and engine number, each well-formed, and needs a session', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const token = { token: owner.accessToken };
    const both = expectError(await post(t.app, 'vehicles/claim', { vin: 'MBNAAHTR1NL000001', engineNo: 'S3250001' }, token), 'VALIDATION_FAILED');
    expect(both.error.details).toEqual([{ path: '', code: 'VIN_OR_ENGINE_NO' }]);
    expect(expectError(await post(t.app, 'vehicles/claim', {}, token), 'VALIDATION_FAILED').error.details).toEqual([{ path: '', code: 'VIN_OR_ENGINE_NO' }]);
    // I, O and Q are not VIN letters (ISO 3779); 16 characters is too short.
    for (const vin of ['MBNAAHTR1NL00000I', 'MBNAAHTR1NL00000O', 'MBNAAHTR1NL00000Q', 'MBNAAHTR1NL00001']) {
      expect(expectError(await post(t.app, 'vehicles/claim', { vin }, token), 'VALIDATION_FAILED').error.details).toEqual([
        { path: 'vin', code: 'VIN_INVALID' },
      ]);
    }
    expectError(await post(t.app, 'vehicles/claim', { vin: 'MBNAAHTR1NL000001', owner: 'x' }, token), 'VALIDATION_FAILED');
    expectError(await post(t.app, 'vehicles/claim', { vin: 'MBNAAHTR1NL000001' }), 'UNAUTHENTICATED');
  });

  it('renames a tractor in any Indian script, and refuses names that break the rule', async () => {
    const owner = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210' });
    await post(t.app, 'vehicles/claim', { vin: tractor.vin }, { token: owner.accessToken });
    const rename = (vehName: unknown) => call(t.app, 'PUT', `vehicles/${tractor.vin}/name`, { vehName }, { token: owner.accessToken });

    for (const name of ['माझा ट्रॅक्टर 2', 'ਮੇਰਾ ਟਰੈਕਟਰ', 'என் டிராக்டர்', 'Arjun_555-DI.2', 'నా ట్రాక్టర్', 'મારું ટ્રેક્ટર']) {
      const res = await rename(name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json<VehicleEntry>().Veh_Name).toBe(name);
    }
    const home = await get(t.app, 'home', { token: owner.accessToken });
    expect(home.json<HomeResponse>().tractors[0]?.Veh_Name).toBe('મારું ટ્રેક્ટર');

    const codes = async (vehName: unknown) => expectError(await rename(vehName), 'VALIDATION_FAILED').error.details;
    expect(await codes('')).toEqual([{ path: 'vehName', code: 'VEH_NAME_REQUIRED' }]);
    expect(await codes('x'.repeat(31))).toEqual([{ path: 'vehName', code: 'VEH_NAME_TOO_LONG' }]);
    for (const bad of ['<script>', 'my tractor!', ' leading', 'trailing ', 'emoji 🚜']) {
      expect(await codes(bad), bad).toEqual([{ path: 'vehName', code: 'VEH_NAME_INVALID' }]);
    }
    expect(await codes(42)).toEqual([{ path: 'vehName', code: 'TYPE_INVALID' }]);
  });
});
