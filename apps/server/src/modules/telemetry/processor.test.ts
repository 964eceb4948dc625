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
});
