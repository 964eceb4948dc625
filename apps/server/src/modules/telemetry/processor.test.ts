import { istMidnight } from '@tractorlink/domain/time';
import { describe, expect, it } from 'vitest';
import { TractorProcessor } from './processor';

const profile = { id: 't', implementWidthM: 2, tankCapacityL: 60 };
const nineIst = istMidnight('2026-11-20') + 9 * 3600_000;

describe('tractor processor', () => {
  it('counts at most 15 minutes of a silence with the engine on, in the hour the silence began', () => {
    const p = new TractorProcessor(profile, undefined);
    const { hours } = p.process([
      { time: nineIst, ignition: true },
      { time: nineIst + 9 * 3600_000, ignition: true },
    ]);
    expect([...hours.keys()]).toEqual([nineIst]);
    expect(hours.get(nineIst)?.engineS).toBe(900);
  });

  it('puts the engine time a worktime counter ran on through a silence after it at one second a second, never more than an hour an hour', () => {
    const p = new TractorProcessor(profile, undefined);
    // Silent from 21:30 to 09:00 the next day; the counter says the engine ran 3 hours meanwhile.
    const evening = nineIst + 12.5 * 3600_000;
    const { hours } = p.process([
      { time: evening, ignition: false, engineWorktimeMin: 6000 },
      { time: evening + 11.5 * 3600_000, ignition: true, engineWorktimeMin: 6180 },
    ]);
    const engine = [...hours].map(([hour, totals]) => [hour, Math.round(totals.engineS)]);
    expect(engine).toEqual([
      [evening - 1800_000, 1800],
      [evening + 1800_000, 3600],
      [evening + 5400_000, 3600],
      [evening + 9000_000, 1800],
    ]);
  });

  it('marks a record older than the last processed one as late, without processing it', () => {
    const p = new TractorProcessor(profile, { time: nineIst, ignition: true });
    const { hours, lateDays } = p.process([{ time: nineIst - 86_400_000, ignition: true }]);
    expect(hours.size).toBe(0);
    expect([...lateDays]).toEqual([istMidnight('2026-11-19')]);
    expect(p.last?.time).toBe(nineIst);
  });

  it('keeps the last status other than unknown for the tractor picture', () => {
    const p = new TractorProcessor(profile, undefined);
    p.process([{ time: nineIst, ignition: true, speedKmh: 18 }, { time: nineIst + 10_000 }]);
    expect(p.state.lastStatus).toBe('moving');
  });

  it('counts no road travel for a parked phone tracker that sends no speed, and the road of one that drives', () => {
    // A phone's fix wanders up to ~25 m around where it lies, every 5 s, for an hour.
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2;
    const base = { lat: 18.52, lon: 73.85 };
    const parked = Array.from({ length: 720 }, (_, i) => ({
      time: nineIst + i * 5000,
      lat: base.lat + rand() * 0.0002,
      lon: base.lon + rand() * 0.0002,
    }));
    const still = new TractorProcessor(profile, undefined);
    const parkedRoadM = [...still.process(parked).hours.values()].reduce((sum, h) => sum + h.roadM, 0);
    expect(parkedRoadM).toBeLessThan(50);

    // The same phone driving north at 20 km/h (about 27.8 m per 5 s) is counted in full.
    const driving = Array.from({ length: 360 }, (_, i) => ({ time: nineIst + i * 5000, lat: base.lat + (i * 27.78) / 111_195, lon: base.lon }));
    const moving = new TractorProcessor(profile, undefined);
    const drivenM = [...moving.process(driving).hours.values()].reduce((sum, h) => sum + h.roadM, 0);
    expect(drivenM).toBeGreaterThan(0.9 * 359 * 27.78);
  });
});
