/**
 * Decoder of Teltonika AVL data: Codec 8, Codec 8 Extended and Codec 16 (wiki "Teltonika Data
 * Sending Protocols"; layout summarised in shared/protocol/device-protocols.md §1.1).
 * Pure: bytes in, records out. Every read is bounds-checked; malformed data throws DecodeError.
 */

import { crc16Ibm } from './crc16';

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;

export class DecodeError extends Error {
  constructor(
    readonly code: 'TRUNCATED' | 'BAD_PREAMBLE' | 'BAD_LENGTH' | 'BAD_CRC' | 'BAD_CODEC' | 'BAD_COUNT' | 'TOO_LARGE',
    message: string,
  ) {
    super(message);
  }
}

/** One IO element. Fixed-size values are unsigned as sent; `signed()` reinterprets them. */
export interface IoElement {
  id: number;
  /** Bytes on the wire: 1, 2, 4 or 8, or the variable length of a Codec 8E NX element. */
  size: number;
  /** Unsigned value for fixed sizes (bigint only beyond 2^53); undefined for NX elements. */
  value: number | bigint | undefined;
  /** Raw bytes of an NX (variable length) element. */
  bytes?: Uint8Array;
}

export interface GpsElement {
  longitude: number;
  latitude: number;
  altitude: number;
  angle: number;
  satellites: number;
  /** km/h; 0 when the fix is invalid. */
  speed: number;
}

export interface AvlRecord {
  /** Device time, ms since 1970-01-01 UTC. */
  timestamp: number;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  gps: GpsElement;
  /** IO id that triggered this record (0 when periodic). */
  eventIoId: number;
  /** Codec 16 only: what generated the record (on exit, on entrance, on both, …). */
  generationType?: number;
  io: IoElement[];
}

export interface AvlData {
  codec: number;
  records: AvlRecord[];
}

/** Reads big-endian fields from a byte range, refusing to read past its end. */
class Reader {
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public offset: number,
    private readonly end: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): number {
    const at = this.offset;
    if (at + n > this.end) throw new DecodeError('TRUNCATED', `needs ${n} bytes at offset ${at}, only ${this.end - at} left`);
    this.offset += n;
    return at;
  }
  u8 = () => this.view.getUint8(this.need(1));
  u16 = () => this.view.getUint16(this.need(2));
  i16 = () => this.view.getInt16(this.need(2));
  u32 = () => this.view.getUint32(this.need(4));
  i32 = () => this.view.getInt32(this.need(4));
  u64 = (): number | bigint => {
    const v = this.view.getBigUint64(this.need(8));
    return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  };
  take = (n: number) => this.bytes.subarray(this.need(n), this.offset);
  get remaining() {
    return this.end - this.offset;
  }
}

function readFixed(r: Reader, size: 1 | 2 | 4 | 8): number | bigint {
  switch (size) {
    case 1:
      return r.u8();
    case 2:
      return r.u16();
    case 4:
      return r.u32();
    case 8:
      return r.u64();
  }
}

function readIo(r: Reader, codec: number): Pick<AvlRecord, 'eventIoId' | 'generationType' | 'io'> {
  const wide = codec === CODEC_8E;
  const eventIoId = codec === CODEC_8 ? r.u8() : r.u16();
  const generationType = codec === CODEC_16 ? r.u8() : undefined;
  const total = wide ? r.u16() : r.u8();
  const io: IoElement[] = [];
  for (const size of [1, 2, 4, 8] as const) {
    const count = wide ? r.u16() : r.u8();
    for (let i = 0; i < count; i++) {
      const id = codec === CODEC_8 ? r.u8() : r.u16();
      io.push({ id, size, value: readFixed(r, size) });
    }
  }
  if (wide) {
    const count = r.u16();
    for (let i = 0; i < count; i++) {
      const id = r.u16();
      const length = r.u16();
      // A copy, so the record does not pin the whole frame in memory.
      io.push({ id, size: length, value: undefined, bytes: Uint8Array.from(r.take(length)) });
    }
  }
  if (io.length !== total) throw new DecodeError('BAD_COUNT', `IO total says ${total}, found ${io.length}`);
  return generationType === undefined ? { eventIoId, io } : { eventIoId, generationType, io };
}

function readRecord(r: Reader, codec: number): AvlRecord {
  // A time past 2^53 ms (a corrupt clock) is kept as a far-future number, not refused: the range
  // check then drops the record and the frame is still acknowledged, rather than the device
  // resending it, and everything queued behind it, for ever.
  const timestamp = Number(r.u64());
  const priority = r.u8();
  const longitude = r.i32() / 1e7;
  const latitude = r.i32() / 1e7;
  const gps: GpsElement = { longitude, latitude, altitude: r.i16(), angle: r.u16(), satellites: r.u8(), speed: r.u16() };
  return { timestamp, priority, gps, ...readIo(r, codec) };
}

/**
 * Decodes "Codec ID .. Number of Data 2" (the CRC-covered part of a TCP frame, or the tail of a
 * UDP packet). Both record counts must agree and every byte must be consumed.
 */
export function decodeAvlData(bytes: Uint8Array, start = 0, end = bytes.length): AvlData {
  const r = new Reader(bytes, start, end);
  const codec = r.u8();
  if (codec !== CODEC_8 && codec !== CODEC_8E && codec !== CODEC_16) {
    throw new DecodeError('BAD_CODEC', `codec 0x${codec.toString(16)} is not supported`);
  }
  const count = r.u8();
  const records: AvlRecord[] = [];
  for (let i = 0; i < count; i++) records.push(readRecord(r, codec));
  const count2 = r.u8();
  if (count2 !== count) throw new DecodeError('BAD_COUNT', `record counts differ: ${count} and ${count2}`);
  if (r.remaining !== 0) throw new DecodeError('BAD_LENGTH', `${r.remaining} bytes left after the last record`);
  return { codec, records };
}

/** Where a checked TCP frame's AVL data lies, and how many records it says it holds. */
export interface CheckedFrame {
  start: number;
  end: number;
  count: number;
}

/**
 * Checks a whole TCP AVL frame's envelope without decoding its records: preamble 0, data length,
 * CRC-16/IBM, a supported codec. The records are decoded later with decodeAvlData(frame, start, end).
 */
export function checkTcpFrame(frame: Uint8Array): CheckedFrame {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (frame.length < 12) throw new DecodeError('TRUNCATED', 'frame shorter than its header and CRC');
  if (view.getUint32(0) !== 0) throw new DecodeError('BAD_PREAMBLE', 'preamble is not zero');
  const length = view.getUint32(4);
  if (length + 12 !== frame.length) throw new DecodeError('BAD_LENGTH', `data length ${length} does not match a ${frame.length}-byte frame`);
  if (length < 3) throw new DecodeError('TRUNCATED', 'AVL data shorter than codec and counts');
  const crc = view.getUint32(8 + length);
  const computed = crc16Ibm(frame, 8, 8 + length);
  if (crc !== computed) throw new DecodeError('BAD_CRC', `CRC 0x${crc.toString(16)} but data gives 0x${computed.toString(16)}`);
  const codec = frame[8] as number;
  if (codec !== CODEC_8 && codec !== CODEC_8E && codec !== CODEC_16) {
    throw new DecodeError('BAD_CODEC', `codec 0x${codec.toString(16)} is not supported`);
  }
  return { start: 8, end: 8 + length, count: frame[9] as number };
}

/** Decodes a whole TCP AVL frame: preamble 0, data length, data, CRC-16/IBM. */
export function decodeTcpFrame(frame: Uint8Array): AvlData {
  const { start, end } = checkTcpFrame(frame);
  return decodeAvlData(frame, start, end);
}

export interface UdpPacket {
  packetId: number;
  avlPacketId: number;
  imei: string;
  data: AvlData;
}

/** Decodes a UDP AVL packet (no CRC): length, packet id, unused byte, AVL packet id, IMEI, data. */
export function decodeUdpPacket(packet: Uint8Array): UdpPacket {
  const r = new Reader(packet, 0, packet.length);
  const length = r.u16();
  if (length + 2 !== packet.length) throw new DecodeError('BAD_LENGTH', `packet length ${length} does not match ${packet.length} bytes`);
  const packetId = r.u16();
  r.u8(); // not used
  const avlPacketId = r.u8();
  const imeiLength = r.u16();
  const imei = new TextDecoder().decode(r.take(imeiLength));
  return { packetId, avlPacketId, imei, data: decodeAvlData(packet, r.offset, packet.length) };
}

/** The UDP acknowledgement: length 5, packet id, 0x01, AVL packet id, accepted record count. */
export function udpAck(packetId: number, avlPacketId: number, count: number): Uint8Array {
  return Uint8Array.of(0x00, 0x05, (packetId >> 8) & 0xff, packetId & 0xff, 0x01, avlPacketId & 0xff, count & 0xff);
}

/** An IO value read as a two's-complement signed integer of its wire size (e.g. coolant °C ×10). */
export function signed(element: IoElement): number | undefined {
  const { value, size } = element;
  if (typeof value !== 'number') return typeof value === 'bigint' ? Number(BigInt.asIntN(64, value)) : undefined;
  if (size >= 8) return value;
  const bits = size * 8;
  return value >= 2 ** (bits - 1) ? value - 2 ** bits : value;
}
