import { describe, expect, it } from 'vitest';
import { FMB_DEFAULT_IO, readIo } from '@tractorlink/domain/telemetry';
import { decodeTcpFrame } from '../devices/teltonika/codec';
import { encodeCodec8eFrame } from '../devices/teltonika/encoder';
import { sampleToAvl } from './to-avl';

describe('simulated sample on the wire', () => {
  it('comes back through the default IO mapping with its values', () => {
    const sample = {
      time: 1_763_700_000_000,
      lat: 20.1667,
      lon: 73.9833,
      speedKmh: 6,
      heading: 20,
      satellites: 10,
      ignition: true,
      pto: true,
      keyPresent: true,
      rpm: 1850,
      fuelL: 30.2,
      fuelSensorPercent: 57.4,
      coolantC: -3.5,
      externalVoltage: 13.9,
      engineWorktimeMin: 73_512,
      odometerM: 4_123_456,
    };
    const [record] = decodeTcpFrame(encodeCodec8eFrame([sampleToAvl(sample)])).records;
    expect(record?.gps).toMatchObject({ latitude: 20.1667, longitude: 73.9833, speed: 6, satellites: 10 });
    expect(readIo(record?.io ?? [], FMB_DEFAULT_IO)).toMatchObject({
      ignition: true,
      pto: true,
      keyPresent: true,
      rpm: 1850,
      fuelPercent: 57,
      coolantC: -3.5,
      externalVoltage: 13.9,
      engineWorktimeMin: 73_512,
      odometerM: 4_123_456,
    });
  });
});
