import { describe, expect, it } from 'vitest';
import { dieselStatus, dieselUnknown, isFuelDrop } from './diesel-status';
import { isWorking } from './work';

describe('diesel status (spec §4: low, normal, full)', () => {
  it.each([
    [0, 'low'],
    [14.9, 'low'],
    [15, 'normal'],
    [89.9, 'normal'],
    [90, 'full'],
    [100, 'full'],
  ] as const)('%s percent is %s', (percent, status) => {
    expect(dieselStatus(percent)).toBe(status);
  });

  it('marks a loss with the engine off as a drop, not burning or a refuel', () => {
    expect(isFuelDrop({ engineS: 0, fuelNetChangeL: -8, fuelRefuelL: 0 }, 60)).toBe(true);
    expect(isFuelDrop({ engineS: 0, fuelNetChangeL: -4, fuelRefuelL: 0 }, 60)).toBe(false);
    expect(isFuelDrop({ engineS: 3600, fuelNetChangeL: -8, fuelRefuelL: 0 }, 60)).toBe(false);
    expect(isFuelDrop({ engineS: 0, fuelNetChangeL: 30, fuelRefuelL: 35 }, 60)).toBe(false);
    // A big tank needs a bigger loss: 5 % of 400 L is 20 L.
    expect(isFuelDrop({ engineS: 0, fuelNetChangeL: -10, fuelRefuelL: 0 }, 400)).toBe(false);
  });
});

describe('working at a reading', () => {
  it('needs the engine on, the PTO engaged and a working speed', () => {
    expect(isWorking({ ignition: true, pto: true, speedKmh: 5 })).toBe(true);
    expect(isWorking({ ignition: true, pto: true, speedKmh: 20 })).toBe(false);
    expect(isWorking({ ignition: true, pto: true, speedKmh: 0 })).toBe(false);
    expect(isWorking({ ignition: true, pto: false, speedKmh: 5 })).toBe(false);
    expect(isWorking({ ignition: false, pto: true, speedKmh: 5 })).toBe(false);
    expect(isWorking({})).toBe(false);
    // A device without an ignition input: the engine's RPM says it runs.
    expect(isWorking({ pto: true, speedKmh: 5, rpm: 1700 })).toBe(true);
    expect(isWorking({ pto: true, speedKmh: 5, rpm: 0 })).toBe(false);
  });
});

describe('why there is no diesel level', () => {
  it('no sensor, not reported yet, or no reading yet', () => {
    expect(dieselUnknown({ hasFuelSensor: false, lastUpdated: 1 })).toBe('noSensor');
    expect(dieselUnknown({ hasFuelSensor: null, lastUpdated: null })).toBe('waiting');
    expect(dieselUnknown({ hasFuelSensor: true, lastUpdated: 1 })).toBe('noReading');
    // An answer cached before the field existed.
    expect(dieselUnknown({ lastUpdated: 1 })).toBe('noReading');
  });
});
