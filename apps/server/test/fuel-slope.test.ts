import { describe, expect, it } from 'vitest';
import { type Cadence, type SimCarry, type SimEvent, oneFieldFarm, simulateDay } from '../src/sim/farm-day';
import { FARM, ingest } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR } from './support/test-clock';
import { provisionTractor } from './support/tractors';
import { sampleToReading } from '../src/sim/to-reading';

/**
 * Fuel figures on a sloping field against the simulator's truth: the float sensor reads 8 % of
 * the tank high on every pass uphill and 8 % low on the way back, held for the whole pass, with
 * slosh on top, at the record rates devices are set to (1 s, 10 s, 60 s while moving).
 */

/** Seeds the simulated days (two working days), whatever IMEI the test tractor got. */
const SIM_IMEI = process.env.SIM_IMEI ?? '356307042441013';

describe.each(dbTargets)('fuel on a slope, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  it.each([1, 10, 60])(
    'records every %i s while moving: no false refuel or drop, consumption within 10 % of truth, the real refuel and night theft found',
    { timeout: 120_000 },
    async (movingS) => {
      const tractor = await provisionTractor(db(), { tankCapacityL: 60, serviceIntervalH: 250 });
      // A 600 m field on a slope: each pass takes 5–12 minutes, so a pass fills much of the level's window.
      const profile = oneFieldFarm(SIM_IMEI, FARM, { eastM: 400, northM: 900, lengthM: 600, widthM: 80, headingDeg: 20, slopePercent: 8 });
      const cadence: Cadence = { movingS, engineOnS: Math.max(movingS, 60), parkedS: 600 };
      const start: SimCarry = { fuelL: 32, engineMin: 150 * 60, odometerM: 0, position: FARM };
      const dayOne = simulateDay(profile, start, '2026-11-18', { cadence });
      const night = Date.UTC(2026, 10, 18, 18, 30) + 2 * HOUR; // 20 Nov 02:00 IST
      const events: SimEvent[] = [{ kind: 'siphon', at: night, litres: 20 }];
      const dayTwo = simulateDay(profile, dayOne.carry, '2026-11-19', { cadence, events });
      const samples = [...dayOne.samples, ...dayTwo.samples];
      const readings = samples.map(sampleToReading);
      for (let i = 0; i < readings.length; i += 500) await ingest(t.app, tractor, readings.slice(i, i + 500));

      // The simulator's refuels at the pump (it fills up at the evening stop when the tank runs low).
      const pumps = [...dayOne.truth.refuels, ...dayTwo.truth.refuels].map((r) => r.litres).filter((l) => l > 0);
      const pumped = pumps.reduce((sum, l) => sum + l, 0);
      expect(pumps.length, 'the simulated days include a refuel').toBeGreaterThan(0);
      expect(Math.min(...pumps)).toBeGreaterThan(25);

      const alerts = await db().selectFrom('alerts').select(['type_id', 'value', 'time_ms']).where('tractor_id', '=', tractor.id).orderBy('time_ms').execute();
      const ofType = (id: string) => alerts.filter((a) => a.type_id === id);
      expect(ofType('A0111'), 'sudden drop').toEqual([]);
      const refills = ofType('A0104');
      expect(
        refills.map((r, i) => Math.abs((r.value ?? 0) - (pumps[i] ?? 0)) / (pumps[i] ?? 1) < 0.1),
        `refills ${refills.map((r) => r.value)} of ${pumps}`,
      ).toEqual(pumps.map(() => true));
      // Each refuel is one event, the same time and litres as its fuel-refill alert.
      const refuelEvents = await db().selectFrom('refuels').select(['start_ms', 'litres']).where('tractor_id', '=', tractor.id).orderBy('start_ms').execute();
      expect(refuelEvents.map((e) => [Number(e.start_ms), Math.round(e.litres * 10) / 10])).toEqual(refills.map((r) => [Number(r.time_ms), r.value]));
      const thefts = ofType('A0100');
      expect(thefts, 'thefts').toHaveLength(1);
      expect(thefts[0]?.time_ms).toBeGreaterThan(night);
      expect(thefts[0]?.time_ms).toBeLessThan(night + HOUR);

      const hours = await db().selectFrom('usage_hourly').select(['fuel_net_l', 'fuel_refuel_l']).where('tractor_id', '=', tractor.id).execute();
      const refuelled = hours.reduce((sum, h) => sum + h.fuel_refuel_l, 0);
      const net = hours.reduce((sum, h) => sum + h.fuel_net_l, 0);
      expect(Math.abs(refuelled - pumped) / pumped, `refuelled ${refuelled} L of ${pumped} L`).toBeLessThan(0.1);
      // Consumed = refuels − net change; the siphoned 20 L is not burnt diesel but leaves the tank too.
      const consumed = refuelled - net - 20;
      const truth = dayOne.truth.burntL + dayTwo.truth.burntL;
      expect(Math.abs(consumed - truth) / truth, `consumed ${consumed.toFixed(1)} L against ${truth.toFixed(1)} L`).toBeLessThan(0.1);
    },
  );
});
