import { describe, expect, it } from 'vitest';
import { dayRange, dayTicks, engineSummary } from './chart-data';

const DAY = 86_400;
const today = 1_795_631_400; // a midnight in India (18:30 UTC)

describe('the engine chart of days (issue 19 item 4)', () => {
  it('a single day (the Day period) has a range around it: one bar, one label, its date', () => {
    expect(dayRange(today, today)).toEqual([today - DAY / 2, today + DAY / 2]);
    expect(dayTicks([today], 300)).toEqual([today]);
  });

  it('labels each day when there is room, else every n-th day, never two on one day', () => {
    const week = Array.from({ length: 7 }, (_, i) => today + i * DAY);
    expect(dayTicks(week, 500)).toEqual(week);
    const month = Array.from({ length: 31 }, (_, i) => today + i * DAY);
    const ticks = dayTicks(month, 280);
    expect(ticks.length).toBeLessThanOrEqual(280 / 64);
    expect(ticks[0]).toBe(today);
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const t of ticks) expect(month).toContain(t);
  });
});

describe('engine figures of a device without RPM', () => {
  const history = (averageRpmPerDay: [number, number][]) => ({
    vin: 'V',
    from: today,
    to: today + 3 * DAY,
    fuelLevel: [],
    refuels: [],
    drops: [],
    engineHoursPerDay: [
      [today, 2],
      [today + DAY, 4],
    ] as [number, number][],
    averageRpmPerDay,
  });

  it('has no average RPM (unknown), not 0, when no day had a reading', () => {
    expect(engineSummary(history([]))).toEqual({ hours: 6, days: 2, averageRpm: null });
  });

  it('averages only over the hours of days that had a reading', () => {
    expect(engineSummary(history([[today + DAY, 1500]])).averageRpm).toBe(1500);
  });
});
