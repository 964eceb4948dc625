import { describe, expect, it } from 'vitest';
import { connectivity, devicePowerMode, tractorPicture, vehicleStatus } from './vehicle-state';

describe('vehicle status', () => {
  it.each([
    [{ ignition: true, speedKmh: 18 }, 'moving'],
    [{ ignition: true, speedKmh: 0.5, pto: true }, 'running'],
    [{ ignition: true, speedKmh: 0, rpm: 1600 }, 'running'],
    [{ ignition: true, speedKmh: 0, rpm: 750 }, 'idle'],
    [{ ignition: false, speedKmh: 0 }, 'stopped'],
    [{ ignition: false, speedKmh: 25 }, 'stopped'],
    [{ speedKmh: 20 }, 'moving'],
    [{ speedKmh: 0 }, 'unknown'],
  ] as const)('%j → %s', (reading, status) => {
    expect(vehicleStatus({ time: 0, ...reading })).toBe(status);
  });

  it('is unknown with no reading', () => {
    expect(vehicleStatus(undefined)).toBe('unknown');
  });

  it.each([
    [{ ignition: true, externalVoltage: 13.8 }, 'normal_active'],
    [{ ignition: false, externalVoltage: 12.4 }, 'sleeptx_standby'],
    [{ ignition: false, externalVoltage: 0.2 }, 'battery_backup'],
    [{}, 'unknown'],
  ] as const)('power %j → %s', (reading, mode) => {
    expect(devicePowerMode({ time: 0, ...reading })).toBe(mode);
  });
});

describe('connectivity', () => {
  const now = Date.UTC(2026, 10, 21);
  it.each([
    [now - 60_000, 'online'],
    [now - 31 * 60_000, 'offline'],
    [now - 91 * 24 * 3600_000, 'not_transmitting'],
    [undefined, 'never'],
  ] as const)('last seen %s → %s', (seen, state) => {
    expect(connectivity(seen, now)).toBe(state);
  });
});

// Spec §4 "Tractor picture", one row per sentence.
describe('tractor picture', () => {
  it.each(['moving', 'running', 'idle', 'MOVING'])('status %s gives the animated image', (vehicleStatus) => {
    expect(tractorPicture({ vehicleStatus, devicePowerMode: 'deep_sleep' })).toBe('animated');
  });

  it.each(['stopped', 'unknown', 'unused', 'undefined', 'parked'])('status %s gives the static image', (vehicleStatus) => {
    expect(tractorPicture({ vehicleStatus, devicePowerMode: 'normal_active' })).toBe('static');
  });

  it.each(['na', 'NA', undefined, null, ''])('status %s uses the last stored status', (vehicleStatus) => {
    expect(tractorPicture({ vehicleStatus, devicePowerMode: 'deep_sleep' }, 'moving')).toBe('animated');
    expect(tractorPicture({ vehicleStatus, devicePowerMode: 'normal_active' }, 'stopped')).toBe('static');
  });

  it.each([
    ['normal_active', 'animated'],
    ['sleeptx_standby', 'animated'],
    ['deep_sleep', 'static'],
    [undefined, 'static'],
  ] as const)('with no status stored, power mode %s gives %s', (devicePowerMode, picture) => {
    expect(tractorPicture({ vehicleStatus: 'na', devicePowerMode }, undefined)).toBe(picture);
    expect(tractorPicture({ devicePowerMode }, 'na')).toBe(picture);
  });

  it('an empty vehicle object gives no image', () => {
    expect(tractorPicture({})).toBe('none');
    expect(tractorPicture(undefined)).toBe('none');
    expect(tractorPicture(null, 'moving')).toBe('none');
  });
});
