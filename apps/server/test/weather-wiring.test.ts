import { describe, expect, it } from 'vitest';
import type { FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { engineOn, FARM, ingest, series } from './support/alerts';
import { expectError, get } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/** The weather routes as the app wires them: the tractor's last fix, the owner's language, ownership. */
describe.each(dbTargets)('weather for a tractor, $name', (target) => {
  const t = useTestApp(target);

  it("is the weather where the tractor last was, in the asked language; none before its first fix; another owner's tractor is 404", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    expect((await get(t.app, `weather/hourly/${tractor.vin}?language=hi`, { token })).json()).toEqual([]);
    await ingest(
      t.app,
      tractor,
      series(TEST_START - 5 * MINUTE, 3, MINUTE, () => engineOn({ lat: FARM.lat, lon: FARM.lon })),
    );
    const hourly = (await get(t.app, `weather/hourly/${tractor.vin}?language=hi`, { token })).json<HourlyItem[]>();
    expect(hourly.length).toBeGreaterThan(0);
    expect(hourly[0]?.Temperature.Unit).toBe('F');
    expect(hourly[0]?.IconPhrase).toMatch(/[\u0900-\u097F]/);
    const daily = (await get(t.app, `weather/daily/${tractor.vin}?language=ta`, { token })).json<FiveDayResponse>();
    expect(daily.DailyForecasts).toHaveLength(5);
    expect(daily.DailyForecasts[0]?.Day.IconPhrase).toMatch(/[\u0B80-\u0BFF]/);
    const other = await ownerWithTractor(t, '9822012345');
    expectError(await get(t.app, `weather/hourly/${tractor.vin}`, { token: other.owner.accessToken }), 'NOT_FOUND');
    expectError(await get(t.app, `weather/daily/${tractor.vin}`), 'UNAUTHENTICATED');
  });
});
