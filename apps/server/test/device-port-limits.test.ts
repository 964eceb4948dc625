import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LogLimiter } from '../src/devices/shared/log-limiter';
import { defaultDeviceConnectionCap } from '../src/devices/shared/connection-guard';
import { dbTargets } from './support/db-targets';
import { freePort } from './support/free-port';
import { useTestApp } from './support/harness';
import { LogCapture } from './support/log-capture';
import { DevicePeer } from './support/teltonika-peer';
import { provisionTractor } from './support/tractors';

// A Codec 8 frame of one record (shared/protocol/device-protocols.md §1.2).
const W1 = '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const IMEI = '356307042441013';

/** A raw connection from `localAddress` (any of 127.0.0.0/8): resolves once connected, `closed` once the server drops it. */
function rawConnection(port: number, localAddress = '127.0.0.1'): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    closed.then(
      () => reject(new Error('closed before connecting')),
      () => undefined,
    );
    socket.connect({ port, host: '127.0.0.1', localAddress });
  });
}

/** Whether the server drops the connection soon (it is refused at once when over a cap). */
const droppedSoon = (closed: Promise<void>, ms = 2000) => Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

async function healthOverHttp(app: FastifyInstance): Promise<number> {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  const res = await fetch(`http://127.0.0.1:${address.port}/api/v1/health`);
  return res.status;
}

describe.each(dbTargets.slice(0, 1))('the device port under a connection flood ($name)', (target) => {
  const t = useTestApp(target);
  const start = async (env: Record<string, string>, logs?: LogCapture) => {
    const app = await t.build(
      { DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', DEVICE_UDP_PORT: 'off', ...(logs ? { LOG_LEVEL: 'info' } : {}), ...env },
      { startDevices: true, ...(logs ? { logStream: logs } : {}) },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const port = app.deviceServer?.port;
    if (!port) throw new Error('device server not started');
    return { app, port };
  };

  it('refuses connections over the global cap at once, HTTP answers throughout, and a real device connects once others are gone', {
    timeout: 30_000,
  }, async () => {
    const logs = new LogCapture();
    const { app, port } = await start({ DEVICE_MAX_CONNECTIONS: '30', DEVICE_MAX_CONNECTIONS_PER_IP: '1000', DEVICE_HANDSHAKE_TIMEOUT_SECONDS: '60' }, logs);
    const held = await Promise.all(Array.from({ length: 30 }, () => rawConnection(port)));
    const extra = await Promise.all(Array.from({ length: 15 }, () => rawConnection(port)));
    expect(await Promise.all(extra.map((c) => droppedSoon(c.closed)))).toEqual(extra.map(() => true));
    expect(await healthOverHttp(app)).toBe(200);
    // The held ones stay open: nobody else is dropped to make room.
    expect(await droppedSoon(held[0]?.closed as Promise<void>, 300)).toBe(false);
    expect(app.deviceServer?.connections()).toBe(30);

    // A real device cannot get in while the flood holds the port…
    const refused = await rawConnection(port);
    expect(await droppedSoon(refused.closed)).toBe(true);
    // …and can once the flood lets go.
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await expect.poll(() => app.deviceServer?.connections()).toBe(0);
    const device = await DevicePeer.connect(port);
    expect(await device.handshake(IMEI)).toBe(0x01);
    expect(await device.sendFrame(W1)).toBe(1);
    device.end();
    expect(await healthOverHttp(app)).toBe(200);
    // Sixteen refusals, one log line (the rest counted in the next one).
    expect(logs.records().filter((r) => r.msg === 'device connection refused: too many open')).toHaveLength(1);
  });

  it('caps the connections from one address, not the others', { timeout: 30_000 }, async () => {
    const { port } = await start({ DEVICE_MAX_CONNECTIONS_PER_IP: '5', DEVICE_HANDSHAKE_TIMEOUT_SECONDS: '60' });
    const first = await Promise.all(Array.from({ length: 5 }, () => rawConnection(port, '127.0.0.1')));
    const sixth = await rawConnection(port, '127.0.0.1');
    expect(await droppedSoon(sixth.closed)).toBe(true);
    const elsewhere = await rawConnection(port, '127.0.0.2');
    expect(await droppedSoon(elsewhere.closed, 300)).toBe(false);
    for (const c of [...first, elsewhere]) c.socket.destroy();
  });

  it('closes a connection whose IMEI does not come in time, however it drips bytes', { timeout: 30_000 }, async () => {
    const { port } = await start({ DEVICE_HANDSHAKE_TIMEOUT_SECONDS: '1' });
    const silent = await rawConnection(port);
    const dripping = await rawConnection(port);
    const imei = Buffer.concat([Buffer.of(0, 15), Buffer.from(IMEI)]);
    let sent = 0;
    // One byte every 200 ms into an IMEI that never completes.
    const drip = setInterval(() => sent < imei.length - 1 && dripping.socket.write(imei.subarray(sent, ++sent)), 200);
    const t0 = Date.now();
    await Promise.all([silent.closed, dripping.closed]);
    clearInterval(drip);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(sent).toBeLessThan(imei.length - 1);
  });

  it('closes a device that sends no first frame, and one that keeps a frame unfinished past the idle time', { timeout: 30_000 }, async () => {
    const { port } = await start({ DEVICE_FIRST_FRAME_TIMEOUT_SECONDS: '1', DEVICE_IDLE_TIMEOUT_SECONDS: '2' });
    const quiet = await DevicePeer.connect(port);
    expect(await quiet.handshake(IMEI)).toBe(0x01);
    await quiet.whenClosed();

    const dripper = await DevicePeer.connect(port);
    expect(await dripper.handshake(IMEI)).toBe(0x01);
    expect(await dripper.sendFrame(W1)).toBe(1);
    const frame = Buffer.from(W1, 'hex');
    let sent = 0;
    const drip = setInterval(() => sent < frame.length - 1 && dripper.send(frame.subarray(sent, ++sent)), 250);
    await dripper.whenClosed();
    clearInterval(drip);
    // Closed by the idle timer: the drip was still going when it happened.
    expect(sent).toBeGreaterThan(4);
    expect(sent).toBeLessThan(frame.length - 1);
  });

  it('rate-limits the log lines of a device that keeps sending garbage', { timeout: 30_000 }, async () => {
    const logs = new LogCapture();
    const { port } = await start({}, logs);
    for (let i = 0; i < 10; i++) {
      const peer = await DevicePeer.connect(port);
      peer.send(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      await peer.whenClosed();
    }
    const closed = logs.records().filter((r) => r.msg === 'device connection closed');
    expect(closed).toHaveLength(1);
  });
});

describe('log limiter and the default cap', () => {
  it('lets one line a period through per key and counts the ones held back', () => {
    let now = 0;
    const limiter = new LogLimiter(60_000, () => now);
    expect(limiter.take('a')).toEqual({ log: true, held: 0 });
    expect(limiter.take('a').log).toBe(false);
    expect(limiter.take('a').log).toBe(false);
    expect(limiter.take('b').log).toBe(true);
    now = 60_000;
    expect(limiter.take('a')).toEqual({ log: true, held: 2 });
  });

  it('keeps the device cap well below the file-handle limit', () => {
    expect(defaultDeviceConnectionCap(1024)).toBe(614);
    expect(defaultDeviceConnectionCap(1_048_576)).toBeLessThan(1_048_576 * 0.7);
  });
});

describe('out of file handles', () => {
  it('survives EMFILE on accept while the demo fleet runs, and answers again once the flood is gone', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-emfile-'));
    const [httpPort, devicePort] = [await freePort(), await freePort()];
    // A cap set above the handle limit on purpose: the process must survive running out.
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(httpPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      DEMO_OWNER: 'true',
      SIMULATE_FLEET: 'true',
      SIMULATE_FLEET_DAYS: '1',
      DEVICE_TCP_PORT: String(devicePort),
      DEVICE_UDP_PORT: 'off',
      DEVICE_MAX_CONNECTIONS: '100000',
      DEVICE_MAX_CONNECTIONS_PER_IP: '100000',
      DEVICE_HANDSHAKE_TIMEOUT_SECONDS: '600',
    };
    const child = spawn('bash', ['-c', `ulimit -n 256 && exec "${process.execPath}" --import tsx "${serverEntry}"`], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    let exited: number | null = null;
    child.once('exit', (code) => (exited = code ?? -1));
    try {
      await expect.poll(() => health(httpPort), { timeout: 30_000, interval: 100 }).toBe(200);
      // Idle connections from several loopback addresses, more each round until the process is out of
      // handles (HTTP cannot accept either) or died. A fixed number is not enough: libuv closes what is
      // waiting when accept fails, and handles the server frees afterwards (the fleet's own sockets) leave
      // room again.
      const flood: Socket[] = [];
      const connectMore = (n: number) => {
        for (let i = 0; i < n; i++) {
          const s = new Socket();
          s.on('error', () => undefined);
          s.connect({ port: devicePort, host: '127.0.0.1', localAddress: `127.0.3.${(flood.length % 200) + 1}` });
          flood.push(s);
        }
      };
      connectMore(512);
      await expect
        .poll(
          async () => {
            if (exited !== null || !(await answersOnNewConnection(httpPort))) return true;
            if (flood.length < 4096) connectMore(64);
            return false;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      expect(exited, output).toBeNull();
      for (const s of flood) s.destroy();
      await expect.poll(() => health(httpPort), { timeout: 20_000, interval: 100 }).toBe(200);
      expect(exited).toBeNull();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

/** Health over a connection of its own (fetch would reuse a kept-alive one, needing no new handle). */
function answersOnNewConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/v1/health', agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

async function health(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(1000) })).status;
  } catch {
    return 0;
  }
}
