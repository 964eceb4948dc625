import { describe, expect, it } from 'vitest';
import { checkReading } from './reading-limits';

const NOW = Date.UTC(2026, 10, 21, 6, 30);

describe('checking a reading against physical ranges', () => {
  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['1e308', 1e308],
    ['301 km/h', 301],
    ['negative', -1],
  ])('drops a speed of %s and keeps the rest', (_, speedKmh) => {
    const { reading, dropped } = checkReading({ time: NOW, lat: 20.1, lon: 73.9, speedKmh, rpm: 900 }, NOW);
    expect(reading).toEqual({ time: NOW, lat: 20.1, lon: 73.9, rpm: 900 });
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(/^speedKmh: /);
  });

  it('gives every reading the same fields in the same order, whatever the device sent and in what order', () => {
    // One object shape for every record keeps the per-record code that reads them monomorphic.
    const keys = (r: Parameters<typeof checkReading>[0]) => Object.keys(checkReading(r, NOW).reading ?? {});
    const a = keys({ time: NOW, rpm: 900, lat: 20.1, lon: 73.9, ignition: true });
    const b = keys({ ignition: false, coolantC: 80, time: NOW, speedKmh: 4 });
    const c = keys({ time: NOW, lat: 91, lon: 73.9 });
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    expect(a).toContain('gsmSignal');
  });

  it('turns −0 into 0', () => {
    const { reading, dropped } = checkReading({ time: NOW, speedKmh: -0, coolantC: -0 }, NOW);
    expect(Object.is(reading?.speedKmh, 0)).toBe(true);
    expect(Object.is(reading?.coolantC, 0)).toBe(true);
    expect(dropped).toEqual([]);
  });

  it('drops a position with either half out of range, both halves together', () => {
    expect(checkReading({ time: NOW, lat: 91, lon: 73.9 }, NOW)).toEqual({
      reading: { time: NOW },
      dropped: ['lat: 91 outside -90..90', 'lon: without its latitude'],
    });
    expect(checkReading({ time: NOW, lat: 20, lon: -180.5 }, NOW).reading).toEqual({ time: NOW });
  });

  it.each([
    ['year 275760', 8.64e15],
    ['1970', 0],
    ['a year and a day ago', NOW - 367 * 24 * 3600_000],
    ['eleven minutes ahead', NOW + 11 * 60_000],
    ['NaN', Number.NaN],
  ])('drops a record dated %s whole', (_, time) => {
    const { reading, dropped } = checkReading({ time, lat: 20, lon: 73 }, NOW);
    expect(reading).toBeUndefined();
    expect(dropped[0]).toMatch(/^time: /);
  });

  it('keeps a record from eleven months ago and one nine minutes ahead', () => {
    expect(checkReading({ time: NOW - 330 * 24 * 3600_000 }, NOW).reading).toBeDefined();
    expect(checkReading({ time: NOW + 9 * 60_000 }, NOW).reading).toBeDefined();
  });

  it('checks every range: fuel, RPM, voltages, coolant, satellites', () => {
    const { reading, dropped } = checkReading(
      { time: NOW, fuelPercent: 140, rpm: 25_000, externalVoltage: 500, batteryVoltage: 4.1, coolantC: 400, satellites: 12, ignition: true },
      NOW,
    );
    expect(reading).toEqual({ time: NOW, batteryVoltage: 4.1, satellites: 12, ignition: true });
    expect(dropped.map((d) => d.split(':')[0])).toEqual(['externalVoltage', 'fuelPercent', 'rpm', 'coolantC']);
  });
});
