import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { Socket } from 'node:net';
import { afterEach, expect, vi } from 'vitest';
import { decodeCommandFrame } from '../../src/devices/teltonika/codec12';

/** A raw TCP peer that plays a Teltonika device, byte by byte, for protocol tests. */
export class DevicePeer {
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<DevicePeer> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      socket.once('error', reject);
      socket.connect(port, '127.0.0.1', () => resolve(new DevicePeer(socket)));
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(bytes: Buffer | string): void {
    this.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'hex') : bytes);
  }

  /** The next `n` bytes the server sends; rejects if the connection closes first. */
  async read(n: number): Promise<Buffer> {
    while (this.received.length < n) {
      if (this.closed) throw new Error(`connection closed after ${this.received.length} of ${n} bytes`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    const head = this.received.subarray(0, n);
    this.received = this.received.subarray(n);
    return head;
  }

  /** Resolves once the server has closed the connection. */
  async whenClosed(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Sends the IMEI handshake and returns the server's one-byte answer. */
  async handshake(imei: string): Promise<number> {
    const text = Buffer.from(imei, 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(text.length);
    this.send(Buffer.concat([length, text]));
    return (await this.read(1))[0] as number;
  }

  /** Sends a frame and returns the acknowledged record count. */
  async sendFrame(frame: Buffer | string): Promise<number> {
    this.send(frame);
    return (await this.read(4)).readUInt32BE(0);
  }

  end(): void {
    this.socket.destroy();
  }
}

/** Reads one Codec 12 frame the server sent (its length is in the header) and returns its text. */
export async function readCommand(device: DevicePeer): Promise<string> {
  const head = await device.read(8);
  const body = await device.read(head.readUInt32BE(4) + 4);
  const frame = decodeCommandFrame(Buffer.concat([head, body]));
  expect(frame.type).toBe('command');
  return frame.text;
}

/** A UDP peer that plays a Teltonika device: sends packets and collects the server's answers. */
export class UdpPeer {
  readonly answers: Buffer[] = [];

  private constructor(private readonly socket: UdpSocket) {
    socket.on('message', (m) => this.answers.push(m));
  }

  static async open(): Promise<UdpPeer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new UdpPeer(socket);
  }

  send(port: number, packet: Buffer | string): void {
    this.socket.send(typeof packet === 'string' ? Buffer.from(packet, 'hex') : packet, port, '127.0.0.1');
  }

  /** The first `n` answers, as upper-case hex, once that many have come. */
  async received(n: number): Promise<string[]> {
    await vi.waitFor(() => expect(this.answers.length).toBeGreaterThanOrEqual(n), { timeout: 5000, interval: 10 });
    return this.answers.slice(0, n).map((a) => a.toString('hex').toUpperCase());
  }

  /** The `n`-th answer (from 1), as upper-case hex, once it has come. */
  async answer(n: number): Promise<string> {
    return (await this.received(n))[n - 1] as string;
  }

  close(): void {
    this.socket.close();
  }
}

/** Opens UDP peers for a test file's tests, each closed after its test. */
export function useUdpPeers(): () => Promise<UdpPeer> {
  const open: UdpPeer[] = [];
  afterEach(() => {
    for (const p of open.splice(0)) p.close();
  });
  return async () => {
    const peer = await UdpPeer.open();
    open.push(peer);
    return peer;
  };
}
