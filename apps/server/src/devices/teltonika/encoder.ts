import { CODEC_8E, type AvlRecord } from './codec';
import { crc16Ibm } from './crc16';

/**
 * Encodes records as a Codec 8 Extended TCP frame, as an FMB device sends them (used by the fleet
 * simulator and the tests). IO values are written in the size each element names.
 */
export function encodeCodec8eFrame(records: readonly AvlRecord[]): Buffer {
  if (records.length === 0 || records.length > 255) throw new RangeError('a frame carries 1 to 255 records');
  const parts: Buffer[] = [Buffer.of(CODEC_8E, records.length)];
  for (const record of records) parts.push(encodeRecord(record));
  parts.push(Buffer.of(records.length));
  const data = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data));
  return Buffer.concat([header, data, crc]);
}

function encodeRecord(r: AvlRecord): Buffer {
  const head = Buffer.alloc(8 + 1 + 15);
  head.writeBigUInt64BE(BigInt(r.timestamp), 0);
  head.writeUInt8(r.priority, 8);
  head.writeInt32BE(Math.round(r.gps.longitude * 1e7), 9);
  head.writeInt32BE(Math.round(r.gps.latitude * 1e7), 13);
  head.writeInt16BE(Math.round(r.gps.altitude), 17);
  head.writeUInt16BE(Math.round(r.gps.angle) % 360, 19);
  head.writeUInt8(r.gps.satellites, 21);
  head.writeUInt16BE(Math.round(r.gps.speed), 22);

  const fixed = [1, 2, 4, 8].map((size) => r.io.filter((e) => e.size === size && e.bytes === undefined));
  const variable = r.io.filter((e) => e.bytes !== undefined);
  const io: Buffer[] = [u16(r.eventIoId), u16(r.io.length)];
  fixed.forEach((elements, i) => {
    const size = 2 ** i;
    io.push(u16(elements.length));
    for (const e of elements) {
      const value = Buffer.alloc(size);
      const v = BigInt(e.value ?? 0);
      if (size === 8) value.writeBigUInt64BE(BigInt.asUintN(64, v));
      else value.writeUIntBE(Number(BigInt.asUintN(size * 8, v)), 0, size);
      io.push(u16(e.id), value);
    }
  });
  io.push(u16(variable.length));
  for (const e of variable) io.push(u16(e.id), u16(e.bytes?.length ?? 0), Buffer.from(e.bytes ?? []));
  return Buffer.concat([head, ...io]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

/** The handshake a device sends first: 2-byte length and the IMEI in ASCII. */
export function encodeImei(imei: string): Buffer {
  const text = Buffer.from(imei, 'latin1');
  return Buffer.concat([u16(text.length), text]);
}
