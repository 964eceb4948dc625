import { createServer, type Server, type Socket } from 'node:net';
import type { IoRule } from '@tractorlink/domain/telemetry';
import type { EncodedRecords, RecordSink } from '../../modules/telemetry/ingestor';
import { decodeAvlRecords, TELTONIKA_AVL } from './avl-records';
import type { DeviceLog, KnownDevice } from '../../modules/telemetry/pipeline';
import { checkTcpFrame, DecodeError } from './codec';
import { decodeCommandFrame, encodeCommand, isCodec12 } from './codec12';
import { ConnectionGuard, defaultDeviceConnectionCap } from '../shared/connection-guard';
import { DeviceConnections } from '../shared/device-connections';
import { LogLimiter } from '../shared/log-limiter';
import { fromTrustedBalancer, parseProxyHeader } from '../shared/proxy-protocol';
import type { RecordRateLimiter } from '../shared/record-rate';
import { FrameReader } from './frame-reader';
import { lookupTeltonika } from './imei';

export interface TeltonikaServerOptions {
  host: string;
  port: number;
  lookup: (imei: string) => Promise<KnownDevice | undefined>;
  ingestor: RecordSink;
  log: DeviceLog;
  /** A connection that sent no whole frame for this long is closed (devices reconnect when they have data). */
  idleTimeoutMs?: number;
  /** The IMEI must arrive within this long of connecting. */
  handshakeTimeoutMs?: number;
  /** The first AVL frame must arrive within this long of the IMEI's acceptance. */
  firstFrameTimeoutMs?: number;
  /** Open device connections at most (default: 60 % of the open-file limit). */
  maxConnections?: number;
  /** Open device connections from one address at most. */
  maxConnectionsPerIp?: number;
  /** Each device's record budget; over it, reading waits. */
  rate?: RecordRateLimiter;
  /** Commands for devices (Codec 12): sent after an acknowledged frame, the reply stored. */
  commands?: CommandQueue;
  /**
   * Behind a TCP balancer (HAProxy `send-proxy`): every connection starts with a PROXY header, accepted
   * only from these balancer addresses, and the device's own address in it is the one limits count.
   */
  proxyProtocol?: { trusted: readonly string[] };
}

/** The PROXY header must arrive this soon after the balancer connects. */
const PROXY_HEADER_TIMEOUT_MS = 5_000;

/** What the device server needs of the command queue (modules/commands). */
export interface CommandQueue {
  take(tractorId: string): Promise<{ id: string; command: string } | undefined>;
  answered(tractorId: string, reply: string): Promise<void>;
  unanswered(commandId: string): Promise<void>;
}

export interface TeltonikaServer {
  server: Server;
  port: number;
  connections(): number;
  /** Connections waiting for their device's record budget to refill. */
  throttled(): number;
  close(): Promise<void>;
}

/**
 * Teltonika devices over TCP: IMEI handshake (01 accepts a provisioned device, 00 refuses and
 * closes), AVL frames reassembled from any read boundaries and CRC-checked, and the 4-byte record
 * count sent only once the records are committed. A bad frame closes that connection alone.
 */
export async function startTeltonikaServer(options: TeltonikaServerOptions): Promise<TeltonikaServer> {
  const sockets = new Set<Socket>();
  const guard = new ConnectionGuard(options.maxConnections ?? defaultDeviceConnectionCap(), options.maxConnectionsPerIp ?? 100);
  const quiet = new LogLimiter(60_000);
  const throttle = { waiting: 0 };
  // An unknown device reconnects every few seconds: say so once an hour per IMEI.
  const quietUnknown = new LogLimiter(3600_000);
  const current = new DeviceConnections();
  const warn = (key: string, obj: object, msg: string) => {
    const { log, held } = quiet.take(key);
    if (log) options.log.warn(held > 0 ? { ...obj, heldBack: held } : obj, msg);
  };
  const accept = (socket: Socket, address: string) => {
    const admitted = guard.admit(address);
    if (admitted !== 'ok') {
      // Refused before any work: a flood costs one accept and one close per connection.
      warn(`cap:${admitted === 'total' ? '*' : address}`, { peer: address, open: guard.open, cap: admitted }, 'device connection refused: too many open');
      socket.on('error', () => undefined);
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      guard.release(address);
    });
    handleConnection(socket, address, options, { warn, throttle, quietUnknown, current });
  };
  const server = createServer((socket) => {
    if (!options.proxyProtocol) {
      accept(socket, socket.remoteAddress ?? '?');
      return;
    }
    socket.on('error', () => undefined);
    // Gone before we looked (the balancer's health check opens and resets at once): nothing to refuse.
    if (socket.remoteAddress === undefined) {
      socket.destroy();
      return;
    }
    if (!fromTrustedBalancer(socket.remoteAddress, options.proxyProtocol.trusted)) {
      warn(`untrusted:${socket.remoteAddress}`, { peer: socket.remoteAddress }, 'device connection refused: not from the balancer');
      socket.destroy();
      return;
    }
    void readProxyHeader(socket).then((result) => {
      if (result.kind === 'invalid') {
        warn(`proxy:${socket.remoteAddress}`, { peer: socket.remoteAddress, reason: result.reason }, 'device connection closed');
        socket.destroy();
      } else if (result.address === null) {
        socket.end(); // the balancer's own health check
      } else {
        accept(socket, result.address);
        socket.resume();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Out of file handles (EMFILE/ENFILE) on accept: logged and survived; libuv drops the pending
  // connection and accepting resumes as handles free up.
  server.on('error', (err: NodeJS.ErrnoException) => warn(`accept:${err.code ?? ''}`, { code: err.code, err: err.message }, 'device port accept failed'));
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : options.port,
    connections: () => sockets.size,
    throttled: () => throttle.waiting,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/** Waits for the PROXY header; the bytes after it are put back for the device protocol. */
function readProxyHeader(socket: Socket): Promise<{ kind: 'ok'; address: string | null } | { kind: 'invalid'; reason: string }> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const finish = (result: { kind: 'ok'; address: string | null } | { kind: 'invalid'; reason: string }, rest?: Buffer) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.pause();
      if (rest && rest.length > 0) socket.unshift(rest);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const header = parseProxyHeader(received);
      if (header.kind === 'header') finish({ kind: 'ok', address: header.address }, received.subarray(header.length));
      else if (header.kind === 'invalid') finish({ kind: 'invalid', reason: header.reason });
    };
    const onClose = () => finish({ kind: 'invalid', reason: 'CLOSED' });
    const timer = setTimeout(() => finish({ kind: 'invalid', reason: 'NO_PROXY_HEADER' }), PROXY_HEADER_TIMEOUT_MS);
    timer.unref();
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

type Warn = (key: string, obj: object, msg: string) => void;

interface ConnectionContext {
  warn: Warn;
  throttle: { waiting: number };
  quietUnknown: LogLimiter;
  current: DeviceConnections;
}

function handleConnection(
  socket: Socket,
  address: string,
  options: TeltonikaServerOptions,
  { warn, throttle, quietUnknown, current }: ConnectionContext,
): void {
  const reader = new FrameReader();
  const peer = options.proxyProtocol ? address : `${address}:${socket.remotePort}`;
  let device: KnownDevice | undefined;
  let imei: string | undefined;
  let busy: Promise<void> = Promise.resolve();

  socket.setNoDelay(true);
  socket.on('error', () => undefined); // resets by the peer are normal on mobile networks

  // One deadline at a time, moved only by whole frames: a byte now and then into an unfinished
  // IMEI or frame does not keep a connection open.
  let deadline: NodeJS.Timeout | undefined;
  const expireIn = (ms: number, reason: string) => {
    clearTimeout(deadline);
    deadline = setTimeout(() => {
      warn(`timeout:${address}`, { peer, imei, reason }, 'device connection closed');
      socket.destroy();
    }, ms);
    deadline.unref();
  };
  socket.on('close', () => clearTimeout(deadline));
  expireIn(options.handshakeTimeoutMs ?? 10_000, 'NO_IMEI');

  const budgetFor = async (known: KnownDevice, count: number): Promise<boolean> => {
    const take = () => options.rate?.take([[known.profile.id, count]]) ?? 0;
    let wait = take();
    if (wait === 0) return true;
    throttle.waiting++;
    try {
      for (; wait > 0; wait = take()) {
        await new Promise((r) => setTimeout(r, Math.min(wait, 1000)));
        if (socket.destroyed) return false;
      }
      return true;
    } finally {
      throttle.waiting--;
    }
  };

  // A command waiting for this device goes out after an acknowledged frame (the device is listening
  // then), one at a time; sent and not answered when the connection closes, it goes back to the queue.
  let inFlight: string | undefined;
  const sendNextCommand = async (known: KnownDevice) => {
    if (!options.commands || inFlight !== undefined || socket.destroyed) return;
    const next = await options.commands.take(known.profile.id).catch(() => undefined);
    if (!next) return;
    if (socket.destroyed) {
      // Closed while the command was being taken: the close handler saw none in flight.
      await options.commands.unanswered(next.id).catch(() => undefined);
      return;
    }
    inFlight = next.id;
    socket.write(encodeCommand(next.command));
  };
  socket.on('close', () => {
    if (inFlight !== undefined) void options.commands?.unanswered(inFlight).catch(() => undefined);
  });

  const fail = (reason: string, extra: object = {}) => {
    warn(`fail:${address}`, { peer, imei, reason, ...extra }, 'device connection closed');
    socket.destroy();
  };

  socket.on('data', (chunk) => {
    let frames;
    try {
      frames = reader.push(chunk);
    } catch (error) {
      fail(error instanceof DecodeError ? error.code : 'BAD_FRAME', { detail: (error as Error).message });
      return;
    }
    if (frames.length === 0) return;
    // Frames are handled in order, one at a time; reading pauses while records are committed.
    socket.pause();
    busy = busy.then(async () => {
      for (const frame of frames) {
        if (socket.destroyed) return;
        if (frame.kind === 'imei') {
          imei = frame.imei;
          expireIn(options.firstFrameTimeoutMs ?? 60_000, 'NO_FIRST_FRAME');
          device = await lookupTeltonika(options.lookup, frame.imei);
          if (!device) {
            const { log } = quietUnknown.take(frame.imei);
            if (log) options.log.info({ peer, imei }, 'unknown device refused');
            socket.end(Buffer.of(0x00));
            return;
          }
          // A device whose link died silently connects anew while its old connection still looks open:
          // the old one is closed (what it had committed stays; what it had not, the device resends here).
          const replaced = current.claim(device.profile.id, socket, peer);
          if (replaced) options.log.info({ peer, imei, previous: replaced }, 'device reconnected: previous connection closed');
          // It may have been sending to another instance since this one last saw it.
          options.ingestor.connected(device.profile.id);
          socket.write(Buffer.of(0x01));
        } else if (frame.kind === 'avl' && device && isLinkModeFrame(frame.bytes)) {
          // Codec 13/14/15: a serial accessory's text (an RFID reader in link mode) or a command's
          // answer carrying the IMEI. Nothing in it is a position and the device expects no
          // acknowledgement: it is let go, and the connection kept.
          expireIn(options.idleTimeoutMs ?? 10 * 60_000, 'IDLE');
        } else if (frame.kind === 'avl' && device && isCodec12(frame.bytes)) {
          // The device's reply to a command (Codec 12): stored, nothing to acknowledge.
          expireIn(options.idleTimeoutMs ?? 10 * 60_000, 'IDLE');
          let reply;
          try {
            reply = decodeCommandFrame(frame.bytes);
          } catch (error) {
            // Not a reply we asked for (a camera accessory's Codec 12 types, a damaged reply): no
            // acknowledgement is due either way, so it is let go and the connection kept.
            warn(`codec12:${address}`, { peer, imei, reason: error instanceof DecodeError ? error.code : 'BAD_FRAME' }, 'device Codec 12 frame ignored');
            continue;
          }
          if (reply.type === 'response') {
            inFlight = undefined;
            await options.commands?.answered(device.profile.id, reply.text).catch(() => undefined);
            await sendNextCommand(device);
          }
        } else if (frame.kind === 'avl' && device) {
          expireIn(options.idleTimeoutMs ?? 10 * 60_000, 'IDLE');
          let records: EncodedRecords;
          try {
            records = encodedFrame(frame.bytes, device.ioRules);
          } catch (error) {
            fail(error instanceof DecodeError ? error.code : 'BAD_FRAME', { detail: (error as Error).message });
            return;
          }
          // Over its record budget the device waits (its frame unacknowledged, reading paused).
          if (!(await budgetFor(device, records.count))) return;
          try {
            const committed = await options.ingestor.submit(device.profile, records);
            const ack = Buffer.alloc(4);
            ack.writeUInt32BE(committed);
            socket.write(ack);
            await sendNextCommand(device);
          } catch (error) {
            // Not committed (a frame whose records do not decode, or the store failed): no
            // acknowledgement, so nothing of the frame is kept and the device may send it again.
            fail(error instanceof DecodeError ? error.code : 'STORE_FAILED', { detail: (error as Error).message });
            return;
          }
        }
      }
      socket.resume();
    });
    // A lookup or a store that throws (the database gone) must not become an unhandled rejection,
    // which ends the process: the device is let go and sends again once it reconnects.
    busy = busy.catch((error: unknown) => fail('SERVER_ERROR', { detail: error instanceof Error ? error.message : String(error) }));
  });
}

/** Codec 13, 14 and 15 (Teltonika's serial link mode and its IMEI-addressed commands). */
const LINK_MODE_CODECS: ReadonlySet<number> = new Set([0x0d, 0x0e, 0x0f]);
const isLinkModeFrame = (frame: Uint8Array): boolean => frame.length > 8 && LINK_MODE_CODECS.has(frame[8] ?? 0);

/**
 * An AVL frame whose envelope and CRC are checked now and whose records are decoded when their
 * batch is written (see EncodedRecords), on the writer thread when there is one. An empty frame is
 * acknowledged at once, so its bytes are decoded now too. Throws DecodeError.
 */
function encodedFrame(bytes: Buffer, ioRules: readonly IoRule[]): EncodedRecords {
  const { start, end, count } = checkTcpFrame(bytes);
  const data = bytes.subarray(start, end);
  const decode = () => decodeAvlRecords(data, ioRules);
  if (count === 0) decode();
  return { count, decode, wire: { decoder: TELTONIKA_AVL, bytes: data, shared: ioRules } };
}
