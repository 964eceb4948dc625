import { describe, expect, it } from 'vitest';
import type { ServiceReminderResponse } from '@tractorlink/domain/vehicles-api';
import { DAY_MS, istDate, istDayStart } from '@tractorlink/domain/time';
import { get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, TEST_START } from './support/test-clock';
import { insertHours, insertTractorState, ownerWithTractor } from './support/vehicles';

describe.each(dbTargets)('service due by date and the projected day ($name)', (target) => {
  const t = useTestApp(target, { SERVICE_INTERVAL_DAYS: '120' });
  const db = () => t.database.db.kysely;
  const reminders = async (vin: string, token: string) => (await get(t.app, `servicereminders/${vin}`, { token })).json<ServiceReminderResponse>();
  /** The tractor has reported (its state row), with `hoursPerDay` engine hours on each of the last `days` days. */
  async function reported(tractorId: string, days: number, hoursPerDay: number) {
    await insertTractorState(db(), tractorId, { time: TEST_START, reading: { time: TEST_START } });
    const today = istDayStart(TEST_START);
    await insertHours(
      db(),
      tractorId,
      Array.from({ length: days }, (_, k) => ({ hourStart: today - (k + 1) * DAY_MS + 14 * HOUR, engineS: hoursPerDay * 3600 })),
    );
  }

  it('a tractor that never reported has no service due information', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    expect(await reminders(tractor.vin, owner.accessToken)).toMatchObject({ hasData: false, nextServiceDate: null, expectedOn: null, engineHours: 0 });
  });

  it('projects the day the hours are reached from the last 30 days, and dates the next service from the first day of data', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    // 60 days of 2 h: 120 h run, 130 h left of the 250 h interval; 2 h a day over the last 30 days → 65 days.
    await reported(tractor.id, 60, 2);
    const r = await reminders(tractor.vin, owner.accessToken);
    expect(r).toMatchObject({ hasData: true, engineHours: 120, hoursLeft: 130 });
    expect(r.expectedOn).toBe(istDate(TEST_START + 65 * DAY_MS));
    // First data 60 days ago + 120 days: the date rule comes first here.
    expect(r.nextServiceDate).toBe(istDate(TEST_START - 60 * DAY_MS + 120 * DAY_MS));
  });

  it('dates the next service from the last one recorded, and an overdue tractor is expected today', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await reported(tractor.id, 20, 15);
    const res = await post(t.app, `servicereminders/${tractor.vin}`, { doneOn: '2026-10-01', engineHours: 10 }, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(201);
    const r = await reminders(tractor.vin, owner.accessToken);
    expect(r).toMatchObject({
      hasData: true,
      engineHours: 300,
      lastServiceAtHours: 10,
      status: 'overdue',
      nextServiceDate: '2027-01-29',
      expectedOn: '2026-11-21',
    });
  });
});
