import { describe, expect, it } from 'vitest';
import { HOUR_MS, istMidnight } from '@tractorlink/domain/time';
import type { HistoryResponse } from '@tractorlink/domain/vehicles-api';
import { get } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { insertHours, ownerWithTractor } from './support/vehicles';

/**
 * Spec §9 'Day-range timestamps run 00:00:00 to 23:59:59, in seconds', held against the usage history
 * (the spec's usage/{vin}, served as vehicles/{vin}/history) called without dates: its charts count by
 * IST day, so the period it picks is whole days; a window from this hour a week ago put part of a day
 * on the chart as if it were the whole of it.
 */
const s = (ms: number) => ms / 1000;
/** `hour` o'clock IST on `date`. */
const at = (date: string, hour: number) => istMidnight(date) + hour * HOUR_MS;

describe.each(dbTargets)('API contract: day ranges of the usage history on $name', (target) => {
  const t = useTestApp(target);

  it('without dates: the seven IST days to today 23:59:59, no part of the day before', async () => {
    // The test clock reads 21 Nov 2026, 12:00 IST.
    const { owner, tractor } = await ownerWithTractor(t);
    await insertHours(t.database.db.kysely, tractor.id, [
      { hourStart: at('2026-11-14', 9), engineS: 3600 },
      { hourStart: at('2026-11-14', 13), engineS: 3600 },
      { hourStart: at('2026-11-15', 0), engineS: 1800 },
      { hourStart: at('2026-11-21', 9), engineS: 3600 },
    ]);
    const res = await get(t.app, `vehicles/${tractor.vin}/history?isSec=true`, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<HistoryResponse>();
    expect({ from: body.from, to: body.to }).toEqual({ from: s(istMidnight('2026-11-15')), to: s(istMidnight('2026-11-22')) - 1 });
    expect(body.engineHoursPerDay).toEqual([
      [s(istMidnight('2026-11-15')), 0.5],
      [s(istMidnight('2026-11-21')), 1],
    ]);
  });

  it('with a lone end of day: the seven whole days ending there', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await insertHours(t.database.db.kysely, tractor.id, [
      { hourStart: at('2026-11-11', 23), engineS: 3600 },
      { hourStart: at('2026-11-12', 0), engineS: 3600 },
    ]);
    const to = s(istMidnight('2026-11-19')) - 1;
    const body = (await get(t.app, `vehicles/${tractor.vin}/history?to=${to}`, { token: owner.accessToken })).json<HistoryResponse>();
    expect({ from: body.from, to: body.to }).toEqual({ from: s(istMidnight('2026-11-12')), to });
    expect(body.engineHoursPerDay).toEqual([[s(istMidnight('2026-11-12')), 1]]);
  });
});
