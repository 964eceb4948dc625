import type { AvlRecord, IoElement } from '../devices/teltonika/codec';
import type { SimSample } from './farm-day';

/**
 * A sample as an FMB device with a CAN adapter sends it, using the default IO ids
 * (FMB_DEFAULT_IO in the domain): the ingestion side maps them back.
 */
export function sampleToAvl(s: SimSample): AvlRecord {
  const io: IoElement[] = [
    { id: 239, size: 1, value: s.ignition ? 1 : 0 },
    { id: 240, size: 1, value: s.speedKmh > 0 ? 1 : 0 },
    { id: 1, size: 1, value: s.pto ? 1 : 0 },
    { id: 2, size: 1, value: s.keyPresent ? 1 : 0 },
    { id: 21, size: 1, value: 4 },
    { id: 89, size: 1, value: Math.round(s.fuelSensorPercent) },
    { id: 66, size: 2, value: Math.round(s.externalVoltage * 1000) },
    { id: 85, size: 2, value: s.rpm },
    // Coolant: signed tenths of a degree, sent as its two's complement.
    { id: 115, size: 2, value: (Math.round(s.coolantC * 10) + 0x10000) % 0x10000 },
    { id: 16, size: 4, value: s.odometerM },
    { id: 102, size: 4, value: s.engineWorktimeMin },
  ];
  return {
    timestamp: s.time,
    priority: 0,
    gps: { longitude: s.lon, latitude: s.lat, altitude: 560, angle: s.heading, satellites: s.satellites, speed: s.speedKmh },
    eventIoId: 0,
    io,
  };
}
