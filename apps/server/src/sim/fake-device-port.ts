import { createServer, type Server, type Socket } from 'node:net';
import { type AvlRecord, decodeTcpFrame } from '../devices/teltonika/codec';
import { FrameReader } from '../devices/teltonika/frame-reader';

/**
 * A minimal Teltonika device port for the simulator's tests: accepts IMEIs (or refuses them all),
 * stores records, and can drop a connection once or never acknowledge (`silent`).
 */
export function fakeServer(options: { accept?: boolean; dropAfterFrames?: number; silent?: boolean } = {}) {
  const stored = new Map<number, AvlRecord>();
  let frames = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const reader = new FrameReader();
    socket.on('data', (chunk) => {
      for (const frame of reader.push(chunk)) {
        if (frame.kind === 'imei') socket.write(Buffer.of(options.accept === false ? 0 : 1));
        if (frame.kind !== 'avl') continue;
        frames++;
        const { records } = decodeTcpFrame(frame.bytes);
        for (const r of records) stored.set(r.timestamp, r);
        // Dropping before the ACK: stored but not acknowledged, so the device must resend.
        if (frames === options.dropAfterFrames) {
          socket.destroy();
          return;
        }
        if (options.silent) continue;
        const ack = Buffer.alloc(4);
        ack.writeUInt32BE(records.length);
        socket.write(ack);
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    stored,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
