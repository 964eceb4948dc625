import { Socket } from 'node:net';

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
