import type { AvlRecord, IoElement } from '../../src/devices/teltonika/codec';
import { encodeCodec8eFrame } from '../../src/devices/teltonika/encoder';

/** AVL records and UDP packets for the device tests, built with the server's own Codec 8E encoder. */

/** A record of a tractor standing still near Pimpalgaon Baswant, with the IO elements given. */
export const standingRecord = (timestamp: number, io: IoElement[] = []): AvlRecord => ({
  timestamp,
  priority: 0,
  gps: { longitude: 73.98, latitude: 20.17, altitude: 560, angle: 0, satellites: 9, speed: 0 },
  eventIoId: 0,
  io,
});

/**
 * The `i`-th record of a tractor working with the PTO on at 6 km/h, a little further east each time
 * (the rollups' PTO time is exact); with `coolantC`, the engine's speed and temperature too (for the
 * engine-temperature alert).
 */
export const workingRecord = (timestamp: number, i: number, coolantC?: number): AvlRecord => ({
  timestamp,
  priority: 0,
  gps: { longitude: 73.98 + i * 1e-5, latitude: 20.16, altitude: 560, angle: 0, satellites: 9, speed: 6 },
  eventIoId: 0,
  io: [
    { id: 239, size: 1, value: 1 },
    { id: 1, size: 1, value: 1 },
    { id: 89, size: 1, value: 60 },
    ...(coolantC === undefined
      ? []
      : [
          { id: 85, size: 2, value: 1600 },
          { id: 115, size: 2, value: Math.round(coolantC * 10) },
        ]),
  ],
});

/**
 * A UDP AVL packet: its length, packet id, 0x01, AVL packet id, the IMEI's length and text, then the
 * Codec 8E data of `records` (the TCP frame without its preamble, length and CRC: UDP has none).
 */
export function udpPacket(imei: string, packetId: number, avlPacketId: number, records: readonly AvlRecord[]): Buffer {
  const frame = encodeCodec8eFrame(records);
  const id = Buffer.from(imei, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt16BE(packetId, 2);
  head.writeUInt8(0x01, 4);
  head.writeUInt8(avlPacketId, 5);
  head.writeUInt16BE(id.length, 6);
  const packet = Buffer.concat([head, id, frame.subarray(8, frame.length - 4)]);
  packet.writeUInt16BE(packet.length - 2, 0);
  return packet;
}
