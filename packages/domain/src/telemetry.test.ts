import { describe, expect, it } from 'vitest';
import { FMB_DEFAULT_IO, readIo } from './telemetry';

describe('IO mapping', () => {
  it('maps the FMB ids to readings with their multipliers', () => {
    const reading = readIo(
      [
        { id: 239, size: 1, value: 1 },
        { id: 1, size: 1, value: 0 },
        { id: 66, size: 2, value: 13_840 },
        { id: 89, size: 1, value: 62 },
        { id: 84, size: 2, value: 312 },
        { id: 85, size: 2, value: 1450 },
        { id: 102, size: 4, value: 73_512 },
        { id: 999, size: 1, value: 5 },
      ],
      FMB_DEFAULT_IO,
    );
    expect(reading).toEqual({ ignition: true, pto: false, externalVoltage: 13.84, fuelPercent: 62, fuelLitres: 31.2, rpm: 1450, engineWorktimeMin: 73_512 });
  });

  it('reads coolant temperature as a signed value in tenths of a degree', () => {
    expect(readIo([{ id: 115, size: 2, value: 0xffec }], FMB_DEFAULT_IO)).toEqual({ coolantC: -2 });
    expect(readIo([{ id: 115, size: 2, value: 1045 }], FMB_DEFAULT_IO)).toEqual({ coolantC: 104.5 });
  });

  it('follows a model-specific mapping, including an active-low input', () => {
    const rules = [{ id: 9, field: 'pto', kind: 'flag', inverted: true } as const];
    expect(readIo([{ id: 9, size: 1, value: 0 }], rules)).toEqual({ pto: true });
    expect(readIo([{ id: 9, size: 1, value: 1 }], rules)).toEqual({ pto: false });
  });
});
