import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AvlRecord } from '../devices/teltonika/codec';
import { DeviceClient } from './device-client';
import { fakeServer } from './fake-device-port';

const record = (timestamp: number): AvlRecord => ({
  timestamp,
  priority: 0,
  gps: { longitude: 73.98, latitude: 20.16, altitude: 560, angle: 0, satellites: 9, speed: 0 },
  eventIoId: 0,
  io: [{ id: 239, size: 1, value: 0 }],
});

describe('simulated device client', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup) await c();
    cleanup = [];
  });

  /** A fake server listening and a client of it, both stopped after the test. */
  async function connected(serverOptions: Parameters<typeof fakeServer>[0], clientOptions: Partial<ConstructorParameters<typeof DeviceClient>[0]>) {
    const server = fakeServer(serverOptions);
    const port = await server.listen();
    const client = new DeviceClient({ host: '127.0.0.1', port, imei: '356307042441013', ...clientOptions });
    cleanup.push(async () => client.stop(), server.close);
    return { server, client };
  }

  it('sends everything in acknowledged frames', async () => {
    const { server, client } = await connected({}, { batch: 10 });
    client.enqueue(Array.from({ length: 35 }, (_, i) => record(1_763_700_000_000 + i * 10_000)));
    await client.drained();
    expect(server.stored.size).toBe(35);
    expect(client.stats).toMatchObject({ acknowledged: 35, frames: 4, connects: 1 });
  });

  it('keeps unacknowledged records and resends them after reconnecting', async () => {
    const { server, client } = await connected({ dropAfterFrames: 2 }, { batch: 10, retryMs: 10 });
    client.enqueue(Array.from({ length: 30 }, (_, i) => record(1_763_700_000_000 + i * 10_000)));
    await client.drained();
    expect(server.stored.size).toBe(30);
    expect(client.stats.acknowledged).toBe(30);
    expect(client.stats.connects).toBe(2);
    expect(client.stats.frames).toBe(4); // frame 2 was sent twice
  });

  it('sends frames prepared ahead, then records stored after them, resending across a dropped connection', async () => {
    const { server, client } = await connected({ dropAfterFrames: 2 }, { batch: 10, retryMs: 10 });
    client.store(Array.from({ length: 25 }, (_, i) => record(1_763_700_000_000 + i * 10_000)));
    client.prepare();
    client.store(Array.from({ length: 7 }, (_, i) => record(1_763_700_250_000 + i * 10_000)));
    expect(client.pending).toBe(32);
    client.send();
    await client.drained();
    expect(server.stored.size).toBe(32);
    // 10 + 10 (dropped, sent again) + 5 prepared, then the 7 stored later in a frame of their own.
    expect(client.stats).toMatchObject({ acknowledged: 32, frames: 5, connects: 2 });
  });

  it('opens its connection and waits, sending only when told', async () => {
    const { server, client } = await connected({}, { batch: 10 });
    client.store(Array.from({ length: 12 }, (_, i) => record(1_763_700_000_000 + i * 10_000)));
    client.prepare();
    await client.open();
    expect(client.stats).toMatchObject({ connects: 1, frames: 0 });
    client.send();
    await client.drained();
    expect(server.stored.size).toBe(12);
    expect(client.stats).toMatchObject({ acknowledged: 12, frames: 2, connects: 1 });
  });

  it('stops sending when its IMEI is refused', async () => {
    const { server, client } = await connected({ accept: false }, { retryMs: 60_000 });
    client.enqueue([record(1_763_700_000_000)]);
    await expect.poll(() => client.stats.rejected).toBe(1);
    expect(server.stored.size).toBe(0);
    expect(client.pending).toBe(1);
  });
});

describe('simulated device client failures', () => {
  it('rejects its waiters instead of throwing in a socket handler when a record cannot be encoded', async () => {
    const server = createServer((socket) => {
      socket.once('data', () => socket.write(Buffer.of(1)));
      socket.on('error', () => undefined);
    });
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
    const client = new DeviceClient({ host: '127.0.0.1', port, imei: '356307042441013' });
    client.enqueue([record(1_763_700_000_000.5)]);
    await expect(client.drained()).rejects.toThrow(/BigInt|integer/);
    client.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
