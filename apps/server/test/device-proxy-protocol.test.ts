import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { LogCapture } from './support/log-capture';
import { DevicePeer } from './support/teltonika-peer';
import { provisionTractor } from './support/tractors';

// A Codec 8 frame of one record (shared/protocol/device-protocols.md §1.2).
const W1 = '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const IMEI = '356307042441013';
const header = (source: string) => `PROXY TCP4 ${source} 127.0.0.1 40112 5027\r\n`;

/** Whether the server drops the connection soon (it is refused at once when over a cap). */
const droppedSoon = (socket: Socket, ms = 2000) =>
  Promise.race([new Promise<boolean>((r) => socket.once('close', () => r(true))), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

function connectFrom(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => reject(new Error('closed before connecting')));
    socket.connect({ port, host: '127.0.0.1', localAddress });
  });
}

describe.each(dbTargets.slice(0, 1))('devices behind a TCP balancer sending the PROXY protocol ($name)', (target) => {
  const t = useTestApp(target);
  const build = (env: Record<string, string> = {}, logs?: LogCapture) =>
    t.build(
      {
        DEVICE_TCP_PORT: '0',
        DEVICE_TCP_HOST: '127.0.0.1',
        DEVICE_UDP_PORT: 'off',
        DEVICE_PROXY_PROTOCOL: 'true',
        DEVICE_PROXY_TRUSTED: '127.0.0.1',
        ...(logs ? { LOG_LEVEL: 'info' } : {}),
        ...env,
      },
      { startDevices: true, ...(logs ? { logStream: logs } : {}) },
    );
  const start = async (env: Record<string, string> = {}) => {
    const app = await build(env);
    await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const port = app.deviceServer?.port;
    if (!port) throw new Error('device server not started');
    return port;
  };

  it('reads the header, then speaks Teltonika with the bytes that came with it', async () => {
    const port = await start();
    const device = await DevicePeer.connect(port);
    // The header and the IMEI in one write, as HAProxy sends the first bytes.
    device.send(Buffer.concat([Buffer.from(header('49.36.12.7')), Buffer.from([0, 15]), Buffer.from(IMEI)]));
    expect((await device.read(1))[0]).toBe(0x01);
    expect(await device.sendFrame(W1)).toBe(1);
    device.end();
  });

  it('caps connections per device address from the header, not per balancer', { timeout: 15_000 }, async () => {
    const port = await start({ DEVICE_MAX_CONNECTIONS_PER_IP: '2', DEVICE_HANDSHAKE_TIMEOUT_SECONDS: '60' });
    const open = async (source: string) => {
      const socket = await connectFrom(port, '127.0.0.1');
      socket.write(header(source));
      return socket;
    };
    const same = [await open('49.36.12.7'), await open('49.36.12.7')];
    const third = await open('49.36.12.7');
    expect(await droppedSoon(third)).toBe(true);
    const other = await open('106.51.3.9');
    expect(await droppedSoon(other, 300)).toBe(false);
    for (const s of [...same, other]) s.destroy();
  });

  it('refuses a connection without a header, and one from an address that is not the balancer', { timeout: 15_000 }, async () => {
    const port = await start();
    const bare = await connectFrom(port, '127.0.0.1');
    bare.write(Buffer.concat([Buffer.from([0, 15]), Buffer.from(IMEI)]));
    expect(await droppedSoon(bare)).toBe(true);
    const spoofed = await connectFrom(port, '127.0.0.2');
    spoofed.write(header('49.36.12.7'));
    expect(await droppedSoon(spoofed)).toBe(true);
  });

  it('a connection gone before it is looked at (the balancer’s health check) is closed without a warning', async () => {
    const logs = new LogCapture();
    const server = (await build({}, logs)).deviceServer?.server;
    if (!server) throw new Error('device server not started');
    // A socket with no peer address, as Node hands over one the balancer reset at once.
    const gone = new Socket();
    server.emit('connection', gone);
    expect(gone.destroyed).toBe(true);
    expect(logs.records().filter((r) => String(r.msg).startsWith('device connection'))).toEqual([]);
  });
});
