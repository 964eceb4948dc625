import type { ServiceReminderResponse } from '@tractorlink/domain/vehicles-api';
import { describe, expect, it } from 'vitest';
import { engineOn, ingest, series, storedAlerts } from './support/alerts';
import { expectError, get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const OPERATOR_KEY = 'operator-key-for-tests-0123456789';

describe.each(dbTargets)('recording a service done, $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });
  const today = '2026-11-21';

  /** An owner whose tractor's engine has run 300 h with no service recorded: due at 250 h, 50 h overdue. */
  async function overdueTractor(mobileNo = '9876543210') {
    const { owner, tractor } = await ownerWithTractor(t, mobileNo);
    await ingest(
      t.app,
      tractor,
      series(TEST_START - 10 * MINUTE, 3, MINUTE, (i) => engineOn({ engineWorktimeMin: 300 * 60 + i })),
    );
    return { owner, tractor, token: owner.accessToken };
  }
  const reminders = async (vin: string, token: string) => (await get(t.app, `servicereminders/${vin}`, { token })).json<ServiceReminderResponse>();

  it('the owner records a service: the due point moves to it, the history lists it, the status clears', async () => {
    const { tractor, token } = await overdueTractor();
    const before = await reminders(tractor.vin, token);
    expect(before).toMatchObject({ status: 'overdue', lastServiceAtHours: 0, nextServiceAtHours: 250, history: [] });

    const res = await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: today, engineHours: 298, note: '  Oil and filters changed  ' }, { token });
    expect(res.statusCode, res.body).toBe(201);
    const after = res.json<ServiceReminderResponse>();
    expect(after).toMatchObject({ status: 'ok', lastServiceAtHours: 298, nextServiceAtHours: 548, hoursLeft: 248 });
    expect(after.history).toEqual([{ doneOn: today, engineHours: 298, note: 'Oil and filters changed', recordedBy: 'owner' }]);
    expect(await reminders(tractor.vin, token)).toEqual(after);
    // The home card reads the same schedule.
    const home = (await get(t.app, `tractorhomepage/${tractor.vin}`, { token })).json<{ serviceDue: { status: string } }>();
    expect(home.serviceDue.status).toBe('ok');

    // An older service entered late is listed but does not move the schedule back.
    expect((await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: '2026-06-02', engineHours: 51 }, { token })).statusCode).toBe(201);
    const later = await reminders(tractor.vin, token);
    expect(later.lastServiceAtHours).toBe(298);
    expect(later.history.map((h) => h.doneOn)).toEqual([today, '2026-06-02']);
  });

  it('refuses a day in the future, hours the engine has not run yet, and bad values, with the reason', async () => {
    const { tractor, token } = await overdueTractor();
    const tomorrow = expectError(
      await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: '2026-11-22', engineHours: 290 }, { token }),
      'VALIDATION_FAILED',
    );
    expect(tomorrow.error.details).toEqual([{ path: 'doneOn', code: 'SERVICE_DATE_FUTURE' }]);
    const ahead = expectError(await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: today, engineHours: 420 }, { token }), 'VALIDATION_FAILED');
    expect(ahead.error.details).toEqual([{ path: 'engineHours', code: 'SERVICE_HOURS_AHEAD' }]);
    for (const body of [
      { doneOn: '2026-02-30', engineHours: 10 },
      { doneOn: today, engineHours: -1 },
      { doneOn: today, engineHours: '12' },
      { doneOn: today, engineHours: 10, note: 'x'.repeat(201) },
      { doneOn: today },
    ]) {
      expectError(await post(t.app, `servicereminders/${tractor.vin}`, body, { token }), 'VALIDATION_FAILED');
    }
    expect((await reminders(tractor.vin, token)).history).toEqual([]);
  });

  it("another owner's tractor is not found, and nothing is recorded on it", async () => {
    const { tractor } = await overdueTractor('9876543210');
    const other = await ownerWithTractor(t, '9822012345');
    expectError(await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: today, engineHours: 298 }, { token: other.owner.accessToken }), 'NOT_FOUND');
    expectError(await post(t.app, 'servicereminders/MBNAAHTR1NL099999', { doneOn: today, engineHours: 1 }, { token: other.owner.accessToken }), 'NOT_FOUND');
    expectError(await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: today, engineHours: 298 }), 'UNAUTHENTICATED');
    const row = await t.database.db.kysely.selectFrom('tractors').select('last_service_engine_h').where('id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(row.last_service_engine_h).toBe(0);
  });

  it('the workshop records one over the operator API; the owner sees who recorded it', async () => {
    const { tractor, token } = await overdueTractor();
    const key = { headers: { 'x-operator-key': OPERATOR_KEY } };
    const res = await post(
      t.app,
      `operator/tractors/${tractor.vin.toLowerCase()}/services`,
      { doneOn: today, engineHours: 299.5, note: 'Workshop visit' },
      key,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await reminders(tractor.vin, token)).history).toEqual([{ doneOn: today, engineHours: 299.5, note: 'Workshop visit', recordedBy: 'operator' }]);
    expectError(await post(t.app, `operator/tractors/${tractor.vin}/services`, { doneOn: today, engineHours: 1 }), 'OPERATOR_KEY_INVALID');
    expectError(await post(t.app, 'operator/tractors/MBNAAHTR1NL099999/services', { doneOn: today, engineHours: 1 }, key), 'NOT_FOUND');
  });

  it('the service-due alerts follow the new due point at once', async () => {
    const { tractor, token } = await overdueTractor();
    expect(await storedAlerts(t.database.db.kysely, tractor.id)).toEqual(['A0102']);
    expect((await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: today, engineHours: 300 }, { token })).statusCode).toBe(201);
    // 45 h before the new due point (550 h): the first pre-reminder, for the new schedule.
    await ingest(
      t.app,
      tractor,
      series(TEST_START, 2, MINUTE, (i) => engineOn({ engineWorktimeMin: 505 * 60 + i })),
    );
    expect(await storedAlerts(t.database.db.kysely, tractor.id)).toEqual(['A0102', 'A0102P1']);
  });
});
