import { Socket } from 'node:net';
import type { AvlRecord } from '../devices/teltonika/codec';
import { encodeCodec8eFrame, encodeImei } from '../devices/teltonika/encoder';

/**
 * A simulated Teltonika device on TCP: sends its IMEI, waits for 01, then sends its stored records
 * in frames and waits for each 4-byte acknowledgement. Records leave its memory only when the
 * server acknowledges them; after a broken connection it reconnects and sends them again, as a
 * real FMB device does.
 */
export interface DeviceClientOptions {
  host: string;
  port: number;
  imei: string;
  /** Records per frame (an FMB sends up to ~50 with Codec 8E). */
  batch?: number;
  ackTimeoutMs?: number;
  /** Reconnect delay, doubling up to 30 s after repeated failures. */
  retryMs?: number;
}

export interface DeviceClientStats {
  acknowledged: number;
  frames: number;
  connects: number;
  rejected: number;
}

export class DeviceClient {
  readonly stats: DeviceClientStats = { acknowledged: 0, frames: 0, connects: 0, rejected: 0 };
  private readonly queue: AvlRecord[] = [];
  /** Frames encoded ahead by prepare(), sent before the queue's records: their bytes and record counts. */
  private readonly prepared: { frame: Buffer; count: number }[] = [];
  private preparedRecords = 0;
  /** Whether the frame in flight is prepared[0] (else the queue's first `inFlight` records). */
  private sendingPrepared = false;
  private socket: Socket | undefined;
  private inFlight = 0;
  private received = Buffer.alloc(0);
  private accepted = false;
  private stopped = false;
  private failures = 0;
  private ackTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Connected and accepted, but sending nothing until send() (open()). */
  private held = false;
  private acceptedWaiters: (() => void)[] = [];
  private failure: Error | undefined;

  constructor(private readonly options: DeviceClientOptions) {}

  /** Records waiting for an acknowledgement (in flight or not yet sent). */
  get pending(): number {
    return this.preparedRecords + this.queue.length;
  }

  /** Stores records to send (ascending time); connects if needed. */
  enqueue(records: readonly AvlRecord[]): void {
    this.store(records);
    this.send();
  }

  /** Stores records to send later (ascending time), without connecting: see prepare() and send(). */
  store(records: readonly AvlRecord[]): void {
    for (const r of records) this.queue.push(r);
  }

  /** Connects if needed and sends what is stored. */
  send(): void {
    this.held = false;
    if (!this.socket && !this.retryTimer && !this.stopped) this.connect();
    else this.sendNext();
  }

  /**
   * Connects and resolves once the server has accepted the IMEI, sending nothing until send(): a
   * burst then times the devices' records, not a thousand handshakes at once.
   */
  open(): Promise<void> {
    this.held = true;
    if (!this.socket && !this.retryTimer && !this.stopped) this.connect();
    if (this.accepted) return Promise.resolve();
    return new Promise((resolve) => this.acceptedWaiters.push(resolve));
  }

  /**
   * Encodes the stored records into frames now, so that sending them later costs only the writes (a
   * burst then times the server, not the simulator's encoding); the records themselves are let go.
   */
  prepare(): void {
    const batch = this.options.batch ?? 50;
    while (this.queue.length > 0) {
      const records = this.queue.splice(0, batch);
      this.prepared.push({ frame: encodeCodec8eFrame(records), count: records.length });
      this.preparedRecords += records.length;
    }
  }

  /** Resolves when every stored record has been acknowledged; rejects if the client failed. */
  drained(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.ackTimer);
    clearTimeout(this.retryTimer);
    this.socket?.destroy();
  }

  private connect(): void {
    this.retryTimer = undefined;
    const socket = new Socket();
    this.socket = socket;
    this.accepted = false;
    this.inFlight = 0;
    this.received = Buffer.alloc(0);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.stats.connects++;
      socket.write(encodeImei(this.options.imei));
    });
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => undefined); // 'close' follows and decides what to do
    socket.on('close', () => this.onClose(socket));
    socket.connect(this.options.port, this.options.host);
  }

  private onData(chunk: Buffer): void {
    this.received = Buffer.concat([this.received, chunk]);
    if (!this.accepted) {
      const answer = this.received[0];
      if (answer === undefined) return;
      this.received = this.received.subarray(1);
      if (answer !== 0x01) {
        this.stats.rejected++;
        this.socket?.destroy();
        return;
      }
      this.accepted = true;
      this.failures = 0;
      for (const resolve of this.acceptedWaiters.splice(0)) resolve();
      this.sendNext();
    }
    while (this.inFlight > 0 && this.received.length >= 4) {
      const count = this.received.readUInt32BE(0);
      this.received = this.received.subarray(4);
      clearTimeout(this.ackTimer);
      const sent = this.inFlight;
      this.inFlight = 0;
      // A count that differs from what was sent means "send it again" (the device keeps them all).
      if (count === sent) {
        if (this.sendingPrepared) {
          this.prepared.shift();
          this.preparedRecords -= sent;
        } else this.queue.splice(0, sent);
        this.stats.acknowledged += sent;
        if (this.pending === 0) this.wake();
      }
      this.sendNext();
    }
  }

  private sendNext(): void {
    const socket = this.socket;
    if (!socket || !this.accepted || this.held || this.inFlight > 0 || this.pending === 0) return;
    const ready = this.prepared[0];
    let frame: Buffer;
    let count: number;
    try {
      const records = ready ? [] : this.queue.slice(0, this.options.batch ?? 50);
      frame = ready ? ready.frame : encodeCodec8eFrame(records);
      count = ready ? ready.count : records.length;
    } catch (error) {
      // A record that cannot be encoded is a bug in whoever made it: stop, and say so to the waiters,
      // never throw inside a socket handler (the simulator may share a process with the server).
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.sendingPrepared = ready !== undefined;
    this.inFlight = count;
    this.stats.frames++;
    socket.write(frame);
    this.ackTimer = setTimeout(() => socket.destroy(), this.options.ackTimeoutMs ?? 30_000);
  }

  private onClose(socket: Socket): void {
    if (socket !== this.socket) return;
    clearTimeout(this.ackTimer);
    this.socket = undefined;
    this.inFlight = 0;
    if (this.stopped) return;
    this.failures++;
    const delay = Math.min(30_000, (this.options.retryMs ?? 1000) * 2 ** Math.min(this.failures - 1, 5));
    if (this.pending > 0) this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.resolve();
  }

  private fail(error: Error): void {
    this.failure = error;
    this.stop();
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(error);
  }
}
