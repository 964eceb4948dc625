import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc16';
import { type AvlRecord, DecodeError, decodeTcpFrame, decodeUdpPacket, signed, udpAck } from './codec';
import { FrameReader } from './frame-reader';

// Samples and documented values from shared/protocol/device-protocols.md §1.2.
const W1 = '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const W2 = '000000000000002808010000016B40D9AD80010000000000000000000000000000000103021503010101425E100000010000F22A';
const W3 =
  '000000000000004308020000016B40D57B480100000000000000000000000000000001010101000000000000016B40D5C198010000000000000000000000000000000101010101000000020000252C';
const W4 =
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994';
const W5 =
  '000000000000005F10020000016BDBC7833000000000000000000000000000000000000B05040200010000030002000B00270042563A00000000016BDBC7871800000000000000000000000000000000000B05040200010000030002000B00260042563A00000200005FB3';
const W6 =
  '00000000000000718e0100000167efa919800200000000000000000000000000000000fc0013000800ef0000f00000150500c80000450200010000710000fc00000900b5000000b600000042305600cd432a00ce6064001100090012ff22001303d1000f0000000200f1000059d900100000000000000000010000E1B8';
const U1 = '003DCAFE0105000F33353230393330383634303336353508010000016B4F815B30010000000000000000000000000000000103021503010101425DBC000001';
const U2 =
  '005FCAFE0107000F3335323039333038363430333635358E010000016B4F831C680100000000000000000000000000000000010005000100010100010011009D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A000001';
const U3 =
  '0048CAFE0101000F33353230393430383532333135393210010000015117E40FE80000000000000000000000000000000000EF05050400010000030000B40000EF01010042111A000001';

const hex = (s: string) => Buffer.from(s, 'hex');
const io = (record: AvlRecord | undefined) => Object.fromEntries((record?.io ?? []).map((e) => [e.id, e.value]));
const flip = (bytes: Buffer, at: number, mask: number) => bytes.writeUInt8(bytes.readUInt8(at) ^ mask, at);
const NO_FIX = { longitude: 0, latitude: 0, altitude: 0, angle: 0, satellites: 0, speed: 0 };

describe('CRC-16/IBM', () => {
  it.each([
    [W1, 0xc7cf],
    [W2, 0xf22a],
    [W3, 0x252c],
    [W4, 0x2994],
    [W5, 0x5fb3],
    [W6, 0xe1b8],
  ])('matches the CRC field of %#', (frame, crc) => {
    const bytes = hex(frame);
    expect(crc16Ibm(bytes, 8, bytes.length - 4)).toBe(crc);
  });
});

describe('Teltonika TCP frames decode to the documented values', () => {
  it('W1 Codec 8, one IO of each size', () => {
    const { codec, records } = decodeTcpFrame(hex(W1));
    expect(codec).toBe(0x08);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ timestamp: 1560161086000, priority: 1, gps: NO_FIX, eventIoId: 1 });
    expect(records[0]?.io).toHaveLength(5);
    expect(io(records[0])).toEqual({ 21: 3, 1: 1, 66: 24079, 241: 24602, 78: 0 });
  });

  it('W2 Codec 8, one record', () => {
    const { records } = decodeTcpFrame(hex(W2));
    expect(records[0]).toMatchObject({ timestamp: 1560161136000, priority: 1, gps: NO_FIX, eventIoId: 1 });
    expect(io(records[0])).toEqual({ 21: 3, 1: 1, 66: 24080 });
  });

  it('W3 Codec 8, two records', () => {
    const { records } = decodeTcpFrame(hex(W3));
    expect(records.map((r) => [r.timestamp, r.priority, r.eventIoId, io(r)])).toEqual([
      [1560160861000, 1, 1, { 1: 0 }],
      [1560160879000, 1, 1, { 1: 1 }],
    ]);
  });

  it('W4 Codec 8 Extended', () => {
    const { codec, records } = decodeTcpFrame(hex(W4));
    expect(codec).toBe(0x8e);
    expect(records[0]).toMatchObject({ timestamp: 1560166592000, priority: 1, gps: NO_FIX, eventIoId: 1 });
    expect(io(records[0])).toEqual({ 1: 1, 17: 29, 16: 22949000, 11: 893700218, 14: 500686954 });
  });

  it('W5 Codec 16, two records with generation type', () => {
    const { codec, records } = decodeTcpFrame(hex(W5));
    expect(codec).toBe(0x10);
    expect(records.map((r) => [r.timestamp, r.priority, r.eventIoId, r.generationType, io(r)])).toEqual([
      [1562760414000, 0, 11, 5, { 1: 0, 3: 0, 11: 39, 66: 22074 }],
      [1562760415000, 0, 11, 5, { 1: 0, 3: 0, 11: 38, 66: 22074 }],
    ]);
  });

  it('W6 Codec 8 Extended with 19 IO elements, one of them negative when signed', () => {
    const { records } = decodeTcpFrame(hex(W6));
    const record = records[0];
    expect(record).toMatchObject({ timestamp: 1545914096000, priority: 2, gps: NO_FIX, eventIoId: 252 });
    expect(io(record)).toEqual({
      239: 0,
      240: 0,
      21: 5,
      200: 0,
      69: 2,
      1: 0,
      113: 0,
      252: 0,
      181: 0,
      182: 0,
      66: 12374,
      205: 17194,
      206: 24676,
      17: 9,
      18: 65314,
      19: 977,
      15: 0,
      241: 23001,
      16: 0,
    });
    const axisY = record?.io.find((e) => e.id === 18);
    expect(axisY && signed(axisY)).toBe(-222);
  });
});

describe('Teltonika UDP packets decode to the documented values', () => {
  it.each([
    [U1, 51966, 5, '352093086403655', 0x08, 1560407006000, 1, 1, undefined, { 1: 1, 21: 3, 66: 23996 }],
    [U2, 51966, 7, '352093086403655', 0x8e, 1560407121000, 1, 1, undefined, { 1: 1, 11: 893700218, 14: 500686954, 16: 22949000, 17: 157 }],
    [U3, 51966, 1, '352094085231592', 0x10, 1447804801000, 0, 239, 5, { 1: 0, 3: 0, 180: 0, 239: 1, 66: 4378 }],
  ])('%#', (packet, packetId, avlPacketId, imei, codec, timestamp, priority, eventIoId, generationType, values) => {
    const decoded = decodeUdpPacket(hex(packet));
    expect(decoded).toMatchObject({ packetId, avlPacketId, imei });
    expect(decoded.data.codec).toBe(codec);
    expect(decoded.data.records).toHaveLength(1);
    expect(decoded.data.records[0]).toMatchObject({ timestamp, priority, eventIoId, gps: NO_FIX });
    expect(decoded.data.records[0]?.generationType).toBe(generationType);
    expect(io(decoded.data.records[0])).toEqual(values);
  });

  it('acknowledges with length 5, packet id, 01, AVL packet id and the count', () => {
    expect(Buffer.from(udpAck(0xcafe, 5, 1)).toString('hex')).toBe('0005cafe010501');
  });
});

describe('refusals', () => {
  it('a corrupted CRC is refused', () => {
    const bytes = hex(W1);
    flip(bytes, bytes.length - 1, 0x01);
    expect(() => decodeTcpFrame(bytes)).toThrow(expect.objectContaining({ code: 'BAD_CRC' }));
  });

  it('a corrupted payload byte is caught by the CRC', () => {
    const bytes = hex(W2);
    flip(bytes, 30, 0x40);
    expect(() => decodeTcpFrame(bytes)).toThrow(DecodeError);
  });

  it('a length that disagrees with the frame is refused', () => {
    const bytes = hex(W2);
    bytes.writeUInt8(bytes.readUInt8(7) + 1, 7);
    expect(() => decodeTcpFrame(bytes)).toThrow(expect.objectContaining({ code: 'BAD_LENGTH' }));
  });

  it('an unknown codec is refused', () => {
    const bytes = hex(W2);
    bytes[8] = 0x0c;
    // Re-seal the CRC so only the codec is wrong.
    bytes.writeUInt32BE(crc16Ibm(bytes, 8, bytes.length - 4), bytes.length - 4);
    expect(() => decodeTcpFrame(bytes)).toThrow(expect.objectContaining({ code: 'BAD_CODEC' }));
  });
});

describe('frame reassembly', () => {
  const handshake = '000F333536333037303432343431303133';

  it('reads the documented IMEI handshake', () => {
    expect(new FrameReader().push(hex(handshake))).toEqual([{ kind: 'imei', imei: '356307042441013' }]);
  });

  it('reads a keep-alive byte before the IMEI of the documented frame-decoder test', () => {
    const reader = new FrameReader();
    expect(reader.push(hex('000F313233343536373839303132333435'))).toEqual([{ kind: 'imei', imei: '123456789012345' }]);
    expect(reader.push(hex('FF'))).toEqual([{ kind: 'keepalive' }]);
  });

  it.each([
    ['W1', W1],
    ['W3', W3],
    ['W4', W4],
    ['W5', W5],
    ['W6', W6],
  ])('%s split at every byte boundary decodes the same', (_name, frame) => {
    const stream = hex(handshake + frame);
    const whole = decodeTcpFrame(hex(frame));
    for (let cut = 1; cut < stream.length; cut++) {
      const reader = new FrameReader();
      const frames = [...reader.push(stream.subarray(0, cut)), ...reader.push(stream.subarray(cut))];
      expect(frames.map((f) => f.kind)).toEqual(['imei', 'avl']);
      const avl = frames[1];
      expect(avl?.kind === 'avl' && decodeTcpFrame(avl.bytes)).toEqual(whole);
      expect(reader.buffered).toBe(0);
    }
  });

  it('reads frames fed one byte at a time, back to back', () => {
    const stream = hex(handshake + W2 + 'FF' + W3);
    const reader = new FrameReader();
    const frames = [...stream].flatMap((byte) => reader.push(Buffer.of(byte)));
    expect(frames.map((f) => f.kind)).toEqual(['imei', 'avl', 'keepalive', 'avl']);
  });

  it('refuses a frame whose preamble is not zero as soon as it arrives', () => {
    const reader = new FrameReader();
    reader.push(hex(handshake));
    expect(() => reader.push(hex('0001'))).toThrow(expect.objectContaining({ code: 'BAD_PREAMBLE' }));
  });

  it('refuses an oversize frame from its header, without buffering it', () => {
    const reader = new FrameReader();
    reader.push(hex(handshake));
    expect(() => reader.push(hex('0000000000100000'))).toThrow(expect.objectContaining({ code: 'TOO_LARGE' }));
  });

  it('refuses an implausible IMEI length', () => {
    expect(() => new FrameReader().push(hex('0400'))).toThrow(expect.objectContaining({ code: 'BAD_LENGTH' }));
  });
});
