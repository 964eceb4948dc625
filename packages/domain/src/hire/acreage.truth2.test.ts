import { describe, expect, it } from 'vitest';
import { fromLocalMeters } from '../geo';
import type { Reading } from '../telemetry';
import { measureWindow } from './acreage';

const origin = { lat: 20.1667, lon: 73.9833 };

/**
 * A haulage job billed on engine hours, from a device whose worktime counter comes off the tractor's CAN
 * bus in 0.05 h (a 3-minute step) while it records every 10 s: each step falls inside one 10-second
 * interval and must still count.
 */
describe('hire hours from a coarse worktime counter', () => {
  it.each([3, 6])('two hours of hauling with the counter in %i-minute steps: two hours of engine time', (step) => {
    const start = Date.UTC(2026, 10, 20, 3, 0);
    const readings: Reading[] = Array.from({ length: 721 }, (_, i) => ({
      time: start + i * 10_000,
      ...fromLocalMeters(origin, 0, i * 50),
      speedKmh: 18,
      ignition: true,
      pto: false,
      rpm: 1600,
      engineWorktimeMin: Math.floor((900 * 60 + i / 6) / step) * step,
    }));
    const figures = measureWindow(readings, 2, start, start + 2 * 3600_000);
    expect(Math.abs(figures.engineS - 7200)).toBeLessThanOrEqual(step * 60);
  });
});
