import { describe, expect, it } from 'vitest';
import { type AvlRecord, decodeTcpFrame, signed } from './codec';
import { encodeCodec8eFrame, encodeImei } from './encoder';
import { FrameReader } from './frame-reader';

const record = (timestamp: number): AvlRecord => ({
  timestamp,
  priority: 0,
  gps: { longitude: 73.8567123, latitude: 18.5204456, altitude: 560, angle: 271, satellites: 11, speed: 7 },
  eventIoId: 0,
  io: [
    { id: 239, size: 1, value: 1 },
    { id: 1, size: 1, value: 1 },
    { id: 66, size: 2, value: 13_820 },
    { id: 115, size: 2, value: 0xffec },
    { id: 85, size: 2, value: 1650 },
    { id: 102, size: 4, value: 73_512 },
    { id: 16, size: 4, value: 1_234_567 },
    { id: 11, size: 8, value: 893_700_218 },
    { id: 400, size: 5, value: undefined, bytes: Uint8Array.of(1, 2, 3, 4, 5) },
  ],
});

describe('Codec 8 Extended encoder', () => {
  it('round-trips through the decoder', () => {
    const records = [record(1_763_700_000_000), record(1_763_700_010_000)];
    const decoded = decodeTcpFrame(encodeCodec8eFrame(records));
    expect(decoded.codec).toBe(0x8e);
    expect(decoded.records).toEqual(records.map((r) => ({ ...r, io: [...r.io].sort((a, b) => (a.bytes ? 9 : a.size) - (b.bytes ? 9 : b.size)) })));
    expect(signed(decoded.records[0]?.io.find((e) => e.id === 115) as never)).toBe(-20);
  });

  it('writes the handshake a reader accepts', () => {
    expect(new FrameReader().push(encodeImei('356307042441013'))).toEqual([{ kind: 'imei', imei: '356307042441013' }]);
  });

  it('refuses an empty frame', () => {
    expect(() => encodeCodec8eFrame([])).toThrow(RangeError);
  });
});
