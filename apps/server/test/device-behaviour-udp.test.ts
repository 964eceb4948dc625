import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { standingRecord, udpPacket } from './support/teltonika-frames';
import { useUdpPeers } from './support/teltonika-peer';
import { provisionTractor } from './support/tractors';

/**
 * How real Teltonika devices behave over UDP (no connection: each packet carries the IMEI, a packet
 * id and an AVL packet id, and is resent until acknowledged), through the real UDP server.
 */

const IMEI = '352093086403655';
const ENGINE_ON = { id: 239, size: 1, value: 1 };
const EXTERNAL_VOLTAGE = { id: 66, size: 2, value: 13_800 };

/** A UDP AVL packet of the records at `times`. */
const packet = (packetId: number, avlPacketId: number, times: readonly number[]): Buffer =>
  udpPacket(
    IMEI,
    packetId,
    avlPacketId,
    times.map((time) => standingRecord(time, [ENGINE_ON, EXTERNAL_VOLTAGE])),
  );

describe.each(dbTargets)('real devices on the Teltonika UDP port ($name)', (target) => {
  const t = useTestApp(target);
  const openPeer = useUdpPeers();
  const start = async () => {
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1' }, { startDevices: true });
    const tractor = await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const port = app.deviceUdpServer?.port;
    if (!port) throw new Error('UDP device server not started');
    const device = await openPeer();
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
