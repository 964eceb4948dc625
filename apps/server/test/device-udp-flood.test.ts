import { createSocket } from 'node:dgram';
import { describe, expect, it, vi } from 'vitest';
import type { RecordSink } from '../src/modules/telemetry/ingestor';
import type { KnownDevice } from '../src/modules/telemetry/pipeline';
import { startTeltonikaUdpServer } from '../src/devices/teltonika/udp-server';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import { standingRecord, udpPacket } from './support/teltonika-frames';

const IMEI = '352093086403655';
const device: KnownDevice = { profile: { id: 'tractor-1', implementWidthM: 2, tankCapacityL: 60 }, model: DEFAULT_DEVICE_MODEL, ioRules: [] };

/** A UDP packet of one Codec 8E record from `imei`, AVL packet id 7. */
const packet = (imei: string, packetId: number): Buffer => udpPacket(imei, packetId, 0x07, [standingRecord(Date.now() - 60_000)]);

describe('the Teltonika UDP port under a flood of made-up IMEIs', () => {
  it('keeps a bounded number of packets waiting (the rest dropped, as a real device resends), then serves a real device', async () => {
    // Every lookup hangs until released: each one is a packet held in memory.
    const lookups: string[] = [];
    // Lookups under way at once, and the most there ever were: the packets held in memory.
    let waiting = 0;
    let mostWaiting = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sink: RecordSink = {
      submit: async (_profile, records) => ('decode' in records ? records.count : records.length),
      idle: async () => undefined,
      connected: () => undefined,
      replayDue: async () => 0,
    };
    const server = await startTeltonikaUdpServer({
      host: '127.0.0.1',
      port: 0,
      lookup: async (imei) => {
        lookups.push(imei);
        mostWaiting = Math.max(mostWaiting, ++waiting);
        await gate;
        waiting--;
        return imei === IMEI ? device : undefined;
      },
      ingestor: sink,
      log: { info: () => undefined, warn: () => undefined },
      maxInFlight: 20,
    });
    const peer = createSocket('udp4');
    const answers: Buffer[] = [];
    peer.on('message', (m) => answers.push(m));
    await new Promise<void>((resolve) => peer.bind(0, '127.0.0.1', resolve));
    try {
      // 60 packets, each from an IMEI of its own (the per-device cap does not apply).
      for (let i = 0; i < 60; i++) peer.send(packet(String(100_000_000_000_000 + i), i), server.port, '127.0.0.1');
      await vi.waitFor(() => expect(lookups.length).toBeGreaterThanOrEqual(20), { timeout: 5000, interval: 10 });
      // Full: while the first 20 wait, no other packet is taken in, however many were read meanwhile.
      expect(mostWaiting).toBe(20);
      release();
      // The real device is answered once the waiting packets are through. Packets of the flood read
      // after the release (on a busy machine) are taken in turn, never more than 20 at once.
      peer.send(packet(IMEI, 0xcafe), server.port, '127.0.0.1');
      await vi.waitFor(() => expect(answers.map((a) => a.toString('hex'))).toEqual(['0005cafe010701']), { timeout: 5000, interval: 10 });
      expect(mostWaiting).toBe(20);
    } finally {
      peer.close();
      await server.close();
    }
  });
});
