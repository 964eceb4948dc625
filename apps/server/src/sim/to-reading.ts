import type { Reading } from '@tractorlink/domain/telemetry';
import type { SimSample } from './farm-day';

/** A simulated sample as the reading a device with every sensor would give (the raw float sensor, not the truth). */
export function sampleToReading(s: SimSample): Reading {
  return {
    time: s.time,
    lat: s.lat,
    lon: s.lon,
    speedKmh: s.speedKmh,
    heading: s.heading,
    satellites: s.satellites,
    ignition: s.ignition,
    pto: s.pto,
    keyPresent: s.keyPresent,
    rpm: s.rpm,
    fuelPercent: s.fuelSensorPercent,
    coolantC: s.coolantC,
    externalVoltage: s.externalVoltage,
    engineWorktimeMin: s.engineWorktimeMin,
  };
}
