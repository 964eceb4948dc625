import { describe, expect, it } from 'vitest';
import type { OperatorTractor } from '@tractorlink/domain/operator-api';
import { IMPORT_MAX } from '@tractorlink/domain/vehicles-rules';
import { istMidnight } from '@tractorlink/domain/time';
import { expectError, get, post, registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { TEST_START } from './support/test-clock';
import { validTractor } from './support/vehicles';

const KEY = 'operator-key-for-tests-0123456789';
const key = { headers: { 'x-operator-key': KEY } };

describe.each(dbTargets)('operator API on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY: KEY });

  it('does not exist without a configured key, and wants the right key in constant time when there is one', async () => {
    const off = await t.build({ OPERATOR_KEY: '' });
    expectError(await post(off, 'operator/tractors', validTractor(1), key), 'NOT_FOUND');
    expectError(await get(off, 'operator/tractors?vin=MBNAAHTR1NL100001', key), 'NOT_FOUND');

    expectError(await post(t.app, 'operator/tractors', validTractor(1)), 'OPERATOR_KEY_INVALID');
    expectError(await post(t.app, 'operator/tractors', validTractor(1), { headers: { 'x-operator-key': `${KEY}x` } }), 'OPERATOR_KEY_INVALID');
    expectError(await post(t.app, 'operator/tractors/import', [validTractor(1)], { headers: { 'x-operator-key': KEY.slice(0, -1) } }), 'OPERATOR_KEY_INVALID');
    // The key is checked before the body: a bad body without the key learns nothing about the schema.
    expectError(await post(t.app, 'operator/tractors', { nonsense: true }), 'OPERATOR_KEY_INVALID');
    // An owner's session is no key.
    const owner = await registerOwner(t.app, t.sms);
    expectError(await get(t.app, 'operator/tractors?vin=MBNAAHTR1NL100001', { token: owner.accessToken }), 'OPERATOR_KEY_INVALID');
  });

  it('provisions one tractor and looks it up by IMEI or VIN', async () => {
    const res = await post(t.app, 'operator/tractors', { ...validTractor(1), vin: 'mbnaahtr1nl100001' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const tractor = res.json<OperatorTractor>();
    expect(tractor).toEqual({
      ...validTractor(1),
      vin: 'MBNAAHTR1NL100001',
      Veh_Name: 'Arjun 605 DI',
      mobileNoCC: '+91',
      country: 'India',
      // Valid through the end of 20 Nov 2027 in India.
      expiresOn: istMidnight('2027-11-21') / 1000 - 1,
      isNewTractor: true,
      claimed: false,
      claimedAt: null,
      createdAt: TEST_START / 1000,
      lastSeenAt: null,
    });
    expect((await get(t.app, `operator/tractors?imei=${tractor.imei}`, key)).json<OperatorTractor>()).toEqual(tractor);
    expect((await get(t.app, 'operator/tractors?vin=MBNAAHTR1NL100001', key)).json<OperatorTractor>()).toEqual(tractor);
    expectError(await get(t.app, 'operator/tractors?vin=MBNAAHTR1NL199999', key), 'NOT_FOUND');
    const both = expectError(await get(t.app, `operator/tractors?vin=MBNAAHTR1NL100001&imei=${tractor.imei}`, key), 'VALIDATION_FAILED');
    expect(both.error.details).toEqual([{ path: '', code: 'IMEI_OR_VIN' }]);
    // The device can connect at once: the pipeline knows the new IMEI.
    expect(await t.app.services.telemetry.lookup(tractor.imei)).toBeDefined();
  });

  it('refuses a bad record naming every field, and identifiers already provisioned', async () => {
    const bad = await post(
      t.app,
      'operator/tractors',
      { ...validTractor(1), vin: 'MBNAAHTR1NL10000I', imei: '35630704', implementWidthM: 20, pincode: '022209', expiresOn: '2027-02-30', colour: 'red' },
      key,
    );
    expect(expectError(bad, 'VALIDATION_FAILED').error.details).toEqual(
      expect.arrayContaining([
        { path: 'imei', code: 'IMEI_INVALID' },
        { path: 'vin', code: 'VIN_INVALID' },
        { path: 'implementWidthM', code: 'OUT_OF_RANGE' },
        { path: 'pincode', code: 'PINCODE_INVALID' },
        { path: 'expiresOn', code: 'DATE_INVALID' },
        { path: 'colour', code: 'UNKNOWN_FIELD' },
      ]),
    );
    expect((await post(t.app, 'operator/tractors', validTractor(1), key)).statusCode).toBe(201);
    const again = await post(t.app, 'operator/tractors', { ...validTractor(1), regNo: 'MH15BC9999' }, key);
    expect(expectError(again, 'VALIDATION_FAILED').error.details).toEqual([
      { path: 'imei', code: 'ALREADY_PROVISIONED' },
      { path: 'vin', code: 'ALREADY_PROVISIONED' },
      { path: 'engineNo', code: 'ALREADY_PROVISIONED' },
    ]);
    const unknownModel = await post(t.app, 'operator/tractors', { ...validTractor(2), deviceModel: 'FMB999' }, key);
    expect(expectError(unknownModel, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'deviceModel', code: 'DEVICE_MODEL_UNKNOWN' }]);
  });

  it('imports a batch item by item: the good ones in, each bad one refused with its reasons', async () => {
    const items = [
      validTractor(1),
      { ...validTractor(2), mobileNo: '12345' },
      validTractor(3),
      { ...validTractor(4), vin: validTractor(1).vin },
      'not an object',
    ];
    const res = await post(t.app, 'operator/tractors/import', items, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      refused: 3,
      results: [
        { index: 0, status: 'imported', vin: validTractor(1).vin, imei: validTractor(1).imei },
        { index: 1, status: 'refused', details: [{ path: 'mobileNo', code: 'MOBILE_INVALID' }] },
        { index: 2, status: 'imported', vin: validTractor(3).vin, imei: validTractor(3).imei },
        { index: 3, status: 'refused', details: [{ path: 'vin', code: 'ALREADY_PROVISIONED' }] },
        { index: 4, status: 'refused', details: [{ path: '', code: 'TYPE_INVALID' }] },
      ],
    });
    const count = await t.database.db.kysely
      .selectFrom('tractors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it(`takes at most ${IMPORT_MAX} items in one import (about 0.5 MB)`, async () => {
    const many = Array.from({ length: IMPORT_MAX }, (_, i) => validTractor(i));
    const full = await post(t.app, 'operator/tractors/import', many, key);
    expect(full.statusCode, full.body.slice(0, 200)).toBe(200);
    expect(full.json<{ imported: number }>().imported).toBe(IMPORT_MAX);
    const over = await post(t.app, 'operator/tractors/import', [...many, validTractor(IMPORT_MAX)], key);
    expect(expectError(over, 'VALIDATION_FAILED').error.details).toEqual([{ path: '', code: 'TOO_LONG' }]);
    expect(expectError(await post(t.app, 'operator/tractors/import', [], key), 'VALIDATION_FAILED').error.details).toEqual([{ path: '', code: 'TOO_SHORT' }]);
  });
});
