import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import type { AvlRecord } from '../src/devices/teltonika/codec';
import { encodeCodec8eFrame } from '../src/devices/teltonika/encoder';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';

/**
 * How real Teltonika devices behave over UDP (no connection: each packet carries the IMEI, a packet
 * id and an AVL packet id, and is resent until acknowledged), through the real UDP server.
 */

const IMEI = '352093086403655';

const record = (time: number): AvlRecord => ({
  timestamp: time,
  priority: 0,
  gps: { longitude: 73.98, latitude: 20.17, altitude: 560, angle: 0, satellites: 9, speed: 0 },
  eventIoId: 0,
  io: [
    { id: 239, size: 1, value: 1 },
    { id: 66, size: 2, value: 13_800 },
  ],
});

/** A UDP AVL packet: length, packet id, 0x01, AVL packet id, IMEI, and the Codec 8E data of `times`. */
function packet(packetId: number, avlPacketId: number, times: readonly number[]): Buffer {
  const frame = encodeCodec8eFrame(times.map(record));
  const data = frame.subarray(8, frame.length - 4);
  const head = Buffer.alloc(8);
  head.writeUInt16BE(packetId, 2);
  head.writeUInt8(0x01, 4);
  head.writeUInt8(avlPacketId, 5);
  head.writeUInt16BE(IMEI.length, 6);
  const body = Buffer.concat([head, Buffer.from(IMEI), data]);
  body.writeUInt16BE(body.length - 2, 0);
  return body;
}

/** A UDP peer playing a device: sends packets and waits for the server's answers. */
class UdpDevice {
  readonly answers: string[] = [];
  private waiters: (() => void)[] = [];
  private constructor(private readonly socket: Socket) {
    socket.on('message', (m) => {
      this.answers.push(m.toString('hex').toUpperCase());
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(): Promise<UdpDevice> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new UdpDevice(socket);
  }
  send(port: number, bytes: Buffer): void {
    this.socket.send(bytes, port, '127.0.0.1');
  }
  /** Resolves with the answers once there are `n`. */
  async received(n: number): Promise<string[]> {
    while (this.answers.length < n) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.answers.slice(0, n);
  }
  close(): void {
    this.socket.close();
  }
}

describe.each(dbTargets)('real devices on the Teltonika UDP port ($name)', (target) => {
  const t = useTestApp(target);
  const devices: UdpDevice[] = [];
  afterEach(() => {
    for (const d of devices.splice(0)) d.close();
  });
  const start = async () => {
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1' }, { startDevices: true });
    const tractor = await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const port = app.deviceUdpServer?.port;
    if (!port) throw new Error('UDP device server not started');
    const device = await UdpDevice.open();
    devices.push(device);
    return { tractor, port, device };
  };
  const times = async (tractorId: string) =>
    (await t.database.db.kysely.selectFrom('telemetry').select('device_time').where('tractor_id', '=', tractorId).orderBy('device_time').execute()).map((r) =>
      Number(r.device_time),
    );

  it('echoes each packet id and AVL packet id in its acknowledgement, with the record count, whatever their values', async () => {
    const { tractor, port, device } = await start();
    const t0 = t.clock.now() - 3600_000;
    device.send(port, packet(0x0000, 0x00, [t0]));
    expect(await device.received(1)).toEqual(['000500000100' + '01']);
    device.send(port, packet(0xffff, 0xff, [t0 + 60_000, t0 + 120_000, t0 + 180_000]));
    expect((await device.received(2))[1]).toBe('0005FFFF01FF03');
    expect(await times(tractor.id)).toEqual([t0, t0 + 60_000, t0 + 120_000, t0 + 180_000]);
  });

  it('stores a duplicate datagram once and acknowledges both, also when the copy comes before the first is committed', async () => {
    const { tractor, port, device } = await start();
    const t0 = t.clock.now() - 3600_000;
    const p = packet(0x1234, 0x07, [t0, t0 + 60_000]);
    // The network delivered the datagram twice, back to back.
    device.send(port, p);
    device.send(port, p);
    expect(await device.received(2)).toEqual(['0005123401' + '0702', '0005123401' + '0702']);
    // The device resends it later (the acknowledgement was lost on the way back).
    device.send(port, p);
    expect((await device.received(3))[2]).toBe('000512340107' + '02');
    expect(await times(tractor.id)).toEqual([t0, t0 + 60_000]);
  });

  it('stores and acknowledges the datagrams of one device that arrive out of order', async () => {
    const { tractor, port, device } = await start();
    const t0 = t.clock.now() - 3600_000;
    // Sent as packets 1, 2, 3; the network delivers 3, 1, 2.
    const sent = [packet(1, 1, [t0, t0 + 60_000]), packet(2, 2, [t0 + 120_000]), packet(3, 3, [t0 + 180_000, t0 + 240_000])];
    for (const i of [2, 0, 1]) device.send(port, sent[i] as Buffer);
    const answers = await device.received(3);
    expect([...answers].sort()).toEqual(['00050001010102', '00050002010201', '00050003010302']);
    expect(await times(tractor.id)).toEqual([t0, t0 + 60_000, t0 + 120_000, t0 + 180_000, t0 + 240_000]);
  });
});
